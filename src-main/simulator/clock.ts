/**
 * The simulator's clock and job scheduler. Simulated time = real time + an offset that the control API
 * can move forward, so tests cross order expiry, MB WAY approval windows and notification retry tiers
 * without sleeping. Jobs due at a simulated instant run when real time reaches it or when the clock is
 * advanced past it, whichever comes first.
 */

import { JobQueue } from './job-queue';

/** Node's setTimeout limit; later jobs are re-armed when the timer fires. */
const MAX_TIMER_MS = 2_147_483_647;

/** What a job runs, given the subject it was scheduled for and the instant it was due. */
type JobRun = (subject: never, at: number) => void;

/**
 * Every answer formats the same few instants several times (start, end, history entry, expiry), and
 * answers of all worlds in the same millisecond format the same "now": the last two instants formatted,
 * by any world's clock, are kept (an answer alternates between "now" and one other instant).
 */
let isoCache: [number, string, number, string] = [NaN, '', NaN, ''];
function isoAt(at: number): string {
  if (at === isoCache[0]) return isoCache[1];
  if (at === isoCache[2]) return isoCache[3];
  const text = new Date(at).toISOString();
  isoCache = [at, text, isoCache[0], isoCache[1]];
  return text;
}

export class SimClock {
  private offsetMs = 0;
  private readonly jobs = new JobQueue<JobRun>();
  private timer: NodeJS.Timeout | undefined;
  /** When the armed timer fires (simulated ms), so that runDue on every request does not re-arm it. */
  private armedFor: number | undefined;
  private closed = false;
  /** Told whenever the offset moves (the persisted state keeps it). */
  onOffsetChange: ((offsetMs: number) => void) | undefined;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  iso(at = this.now()): string {
    return isoAt(at);
  }

  get offsetSeconds(): number {
    return this.offsetMs / 1000;
  }

  /** How far simulated time is ahead of real time (ms): what the persisted state keeps. */
  get offsetMilliseconds(): number {
    return this.offsetMs;
  }

  /**
   * Restores a persisted offset (before any job is scheduled), so a restart keeps simulated time. It may be
   * negative: a world that starts in the past (the console's demo lives its three weeks up to now).
   */
  restoreOffset(offsetMs: number): void {
    if (!Number.isFinite(offsetMs)) throw new RangeError('a clock offset must be a finite number');
    this.offsetMs = offsetMs;
    this.armedFor = undefined;
    this.arm();
  }

  /** Back to real time with no job pending (the Sandbox reset). */
  reset(): void {
    this.jobs.clear();
    this.offsetMs = 0;
    this.onOffsetChange?.(0);
    this.armedFor = undefined;
    this.arm();
  }

  /** Moves simulated time forward and runs every job that became due, in time order. */
  advance(seconds: number): void {
    if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError('advanceSeconds must be a number ≥ 0');
    this.offsetMs += seconds * 1000;
    this.onOffsetChange?.(this.offsetMs);
    // The armed timer's real-time delay is now too long; force a re-arm.
    this.armedFor = undefined;
    this.runDue();
  }

  /** Schedules `run` at simulated time `at` (ms). Returns a cancel function. */
  schedule(at: number, run: () => void): () => void {
    let queued = true;
    const seq = this.jobs.push(at, () => {
      queued = false;
      run();
    });
    this.arm();
    return () => {
      if (!queued) return;
      queued = false;
      this.jobs.cancel(seq);
    };
  }

  /**
   * Schedules `run(subject, at)` at simulated time `at`. With `run` shared between jobs this costs no
   * closure per job, which counts when every stored transaction has one (100,000 in a long CI run).
   * Not cancellable: the subject's own state says whether the job still has work to do.
   */
  scheduleFor<S>(at: number, subject: S, run: (subject: S, at: number) => void): void {
    this.jobs.push(at, run as JobRun, subject);
    this.arm();
  }

  /** Jobs still to run. */
  get pendingJobs(): number {
    return this.jobs.size;
  }

  /** Runs due jobs; jobs scheduled by a job for a time already passed run in the same call. */
  runDue(): void {
    // Every gateway call runs this; nearly always nothing is due, which peekAt answers without an object.
    for (;;) {
      const at = this.jobs.peekAt();
      if (at === undefined || at > this.now()) break;
      const next = this.jobs.pop()!;
      try {
        (next.value as (subject: unknown, at: number) => void)(next.subject, next.at);
      } catch {
        // A job that throws found its transaction moved on (e.g. completed by hand in the meantime);
        // the refused transition is the right outcome, and the other due jobs must still run.
      }
    }
    this.arm();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.jobs.clear();
  }

  private arm(): void {
    const nextAt = this.jobs.peekAt();
    if (nextAt === this.armedFor && this.timer !== undefined && !this.closed) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.armedFor = nextAt;
    if (nextAt === undefined || this.closed) return;
    const delay = Math.min(Math.max(nextAt - this.now(), 0), MAX_TIMER_MS);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.runDue();
    }, delay);
    // A pending expiry must not keep a CLI or test process alive.
    this.timer.unref();
  }
}
