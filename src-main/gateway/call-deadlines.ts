/**
 * The whole-call deadlines of the gateway calls under way, kept on one timer. A timer armed and cleared per
 * call costs more than the rest of sending one: with one call at a time, each clear empties Node's list
 * of timers of that length and the next call builds it and schedules the event loop's timer again. Here a
 * call only joins and leaves a set; the one timer is armed for the earliest deadline and, when it fires,
 * ends the calls that ran out and is armed again for the next.
 */

/** One call's deadline: `expire` runs once, when `at` (performance.now() time) has passed. */
export interface Deadline {
  readonly at: number;
  readonly expire: () => void;
}

/** The longest delay a Node timer takes. */
const TIMEOUT_MAX = 2 ** 31 - 1;

/** A delay read as setTimeout reads it: one outside 1 ms…TIMEOUT_MAX (or not a number) is 1 ms. */
const timerDelay = (ms: number): number => (ms >= 1 && ms <= TIMEOUT_MAX ? ms : 1);

export class DeadlineTimer {
  private readonly pending = new Set<Deadline>();
  private timer: NodeJS.Timeout | null = null;
  /** When the timer fires (performance.now() time); Infinity when none is armed. */
  private timerAt = Number.POSITIVE_INFINITY;

  /** Calls `expire` once `ms` have passed, unless `cancel` comes first. */
  start(ms: number, expire: () => void): Deadline {
    const deadline: Deadline = { at: performance.now() + timerDelay(ms), expire };
    this.pending.add(deadline);
    if (deadline.at < this.timerAt) this.arm(deadline.at);
    // A timer left running while no call was under way does not keep the process alive: a call does.
    else if (this.pending.size === 1) this.timer?.ref();
    return deadline;
  }

  cancel(deadline: Deadline): void {
    if (!this.pending.delete(deadline)) return;
    // The timer is left armed (re-arming it for every call is the cost this saves); with no call under way
    // it no longer keeps the process alive.
    if (this.pending.size === 0) this.timer?.unref();
  }

  private arm(at: number): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => this.fire(), Math.max(0, at - performance.now()));
    if (this.pending.size === 0) this.timer.unref();
  }

  private fire(): void {
    this.timer = null;
    this.timerAt = Number.POSITIVE_INFINITY;
    const now = performance.now();
    let next = Number.POSITIVE_INFINITY;
    for (const deadline of this.pending) {
      if (deadline.at <= now) {
        this.pending.delete(deadline);
        deadline.expire();
      } else if (deadline.at < next) next = deadline.at;
    }
    // An expired call may have started another (armed already when earlier than `next`).
    if (next < this.timerAt) this.arm(next);
  }
}

/** The deadlines of every call the console sends. */
export const callDeadlines = new DeadlineTimer();
