/**
 * Time on a transaction's own clock. Expiries and execution times in answers are in the gateway's time
 * (for a Sandbox world whose clock was moved, hours or days ahead of ours); a countdown or "is it stale"
 * measured against this machine's clock would then be off by that much. Main records, on every Exchange,
 * how far the gateway's clock was from ours (`gatewayClockOffsetMs`, from the answer's Date header): the
 * latest known offset for the transaction's gateway (API root, which also names a simulator world) applies.
 * Pure (no i18n): i18n-free modules such as the bulk lookup use it; the words are in world-time.ts.
 */
import type { Exchange } from '@shared/exchange';

type ClockFacts = Pick<Exchange, 'url' | 'timings' | 'gatewayClockOffsetMs'>;

/** A known offset and when it was learnt (local ms), so the newer of two wins. */
export interface KnownOffset {
  offsetMs: number;
  learntAt: number;
}

/**
 * The gateway (and world) an Exchange went to: its URL up to `/payments`. A simulator world is a path
 * segment of the base URL, so two worlds of one simulator are two roots with two clocks.
 */
export function apiRootOf(url: string): string {
  const at = url.indexOf('/payments');
  return at < 0 ? url : url.slice(0, at);
}

/** When the answer arrived (local ms), or NaN for a record without a readable start time. */
const learntAt = (exchange: ClockFacts): number => Date.parse(exchange.timings.startedAt) + exchange.timings.durationMs;

/** The offset read from the most recent of `exchanges` that stated one, or null when none did. */
export function latestClockOffset(exchanges: readonly ClockFacts[]): (KnownOffset & { apiRoot: string }) | null {
  let latest: (KnownOffset & { apiRoot: string }) | null = null;
  for (const exchange of exchanges) {
    const offsetMs = exchange.gatewayClockOffsetMs;
    if (typeof offsetMs !== 'number' || !Number.isFinite(offsetMs)) continue;
    const at = learntAt(exchange);
    if (latest === null || at > latest.learntAt)
      latest = { offsetMs, learntAt: Number.isNaN(at) ? -Infinity : at, apiRoot: apiRootOf(exchange.url) };
  }
  return latest;
}

/** "+1 d 2 h 5 min" style (seconds only when they count): an offset or a span of time. */
export function formatDuration(totalSeconds: number): string {
  const sign = totalSeconds < 0 ? '−' : '+';
  let rest = Math.abs(Math.round(totalSeconds));
  const parts: string[] = [];
  for (const [unit, size] of [
    ['d', 86_400],
    ['h', 3600],
    ['min', 60],
  ] as const) {
    if (rest >= size) parts.push(`${Math.floor(rest / size)} ${unit}`);
    rest %= size;
  }
  if (rest || !parts.length) parts.push(`${rest} s`);
  return `${sign}${parts.join(' ')}`;
}

/**
 * A clock offset as "+1 h 18 min". Past a minute it is rounded to the minute: the Date header has 1 s
 * resolution, and "+59 min 59 s" for a clock moved +1 h would read as a different move.
 */
export function formatClockOffset(offsetMs: number): string {
  const seconds = offsetMs / 1000;
  return formatDuration(Math.abs(seconds) >= 60 ? Math.round(seconds / 60) * 60 : seconds);
}
