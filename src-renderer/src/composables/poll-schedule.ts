/**
 * "Poll until final": when to ask for the status, and the loop that asks. Pure TypeScript on
 * setTimeout/Date.now (unit-tested with fake timers); the follow-ups panel wraps it in refs.
 *
 * The schedule backs off (status queries count against the gateway's rate limit) and ends at the
 * order's expiry: after it the gateway stops processing the transaction, so one last check just past
 * the expiry shows the final word (Expired / Timeout) and polling stops there.
 */
import { t } from '../i18n';
import { describePaymentStatus } from './payment-status';

/** A status as the badge names it, in the user's language. */
const statusLabel = (status: string | null) => describePaymentStatus(status).label;

/** Waits between checks; the last one repeats. */
export const DEFAULT_POLL_DELAYS_MS: readonly number[] = [2_000, 3_000, 5_000, 8_000, 13_000, 20_000, 30_000];
/** The last check happens this long after the expiry, so the gateway has had time to expire the order. */
export const EXPIRY_GRACE_MS = 1_000;
/** A safety stop for orders without an expiry (or with a far one). */
export const MAX_POLL_CHECKS = 120;

/** The instants (ms since epoch) at which the status will be checked, the first one immediately. */
export function planPollTimes(
  startMs: number,
  expiryMs: number | null,
  delays: readonly number[] = DEFAULT_POLL_DELAYS_MS,
  maxChecks = MAX_POLL_CHECKS,
): number[] {
  const lastCheck = expiryMs === null ? Infinity : expiryMs + EXPIRY_GRACE_MS;
  if (startMs >= lastCheck) return [startMs];
  const times = [startMs];
  let at = startMs;
  for (let i = 0; times.length < maxChecks; i++) {
    at += delays[Math.min(i, delays.length - 1)] ?? 30_000;
    if (at >= lastCheck) {
      times.push(lastCheck);
      break;
    }
    times.push(at);
  }
  return times;
}

export type PollStopReason = 'final' | 'expired' | 'cancelled' | 'failed' | 'max-checks';

/** What one check found: the payment status, whether it is final, or a reason to stop (e.g. HTTP 401). */
export interface PollCheck {
  status: string | null;
  final: boolean;
  /** Set when polling cannot succeed by asking again (wrong credentials, unknown transaction…). */
  stopWith?: string;
}

export interface PollState {
  running: boolean;
  /** Checks done so far. */
  checks: number;
  planned: readonly number[];
  /** When the next check happens (ms since epoch), null when none is pending. */
  nextAt: number | null;
  lastStatus: string | null;
  stopReason: PollStopReason | null;
  /** A sentence for the user when stopped. */
  message: string | null;
}

export interface PollOptions {
  check: () => Promise<PollCheck>;
  expiryMs: number | null;
  delays?: readonly number[];
  maxChecks?: number;
  now?: () => number;
  onUpdate: (state: PollState) => void;
}

export interface PollController {
  cancel(): void;
  readonly state: PollState;
}

const STOP_MESSAGES: Record<Exclude<PollStopReason, 'failed'>, (state: PollState) => string> = {
  final: (s) => t('poll.final', { status: statusLabel(s.lastStatus) }),
  expired: (s) => t('poll.expired', { status: s.lastStatus ? statusLabel(s.lastStatus) : t('common.notReported') }),
  cancelled: (s) => t('poll.cancelled', { checks: s.checks }, s.checks),
  'max-checks': (s) => t('poll.maxChecks', { checks: s.checks }),
};

/** Starts polling at once; every change of state is reported through `onUpdate`. */
export function startPoll(options: PollOptions): PollController {
  const now = options.now ?? Date.now;
  const planned = planPollTimes(now(), options.expiryMs, options.delays, options.maxChecks);
  let state: PollState = {
    running: true,
    checks: 0,
    planned,
    nextAt: planned[0] ?? null,
    lastStatus: null,
    stopReason: null,
    message: null,
  };
  let timer: ReturnType<typeof setTimeout> | undefined;

  const update = (patch: Partial<PollState>): void => {
    state = { ...state, ...patch };
    options.onUpdate(state);
  };
  const stop = (reason: PollStopReason, message?: string): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const stopped = { ...state, running: false, nextAt: null, stopReason: reason };
    update({ ...stopped, message: message ?? STOP_MESSAGES[reason as Exclude<PollStopReason, 'failed'>](stopped) });
  };

  const runCheck = async (): Promise<void> => {
    timer = undefined;
    let result: PollCheck;
    try {
      result = await options.check();
    } catch (error) {
      result = {
        status: state.lastStatus,
        final: false,
        stopWith: error instanceof Error ? error.message : String(error),
      };
    }
    // Cancelled while the request was in flight: the answer is shown by the caller, the loop stays stopped.
    if (!state.running) return;
    const checks = state.checks + 1;
    update({ checks, lastStatus: result.status ?? state.lastStatus });
    if (result.final) return stop('final');
    if (result.stopWith) return stop('failed', t('poll.stoppedWith', { reason: result.stopWith }));
    const next = planned[checks];
    if (next === undefined) {
      const pastExpiry = options.expiryMs !== null && now() >= options.expiryMs;
      return stop(pastExpiry ? 'expired' : 'max-checks');
    }
    update({ nextAt: next });
    timer = setTimeout(() => void runCheck(), Math.max(0, next - now()));
  };

  void runCheck();
  return {
    cancel: () => {
      if (state.running) stop('cancelled');
    },
    get state() {
      return state;
    },
  };
}
