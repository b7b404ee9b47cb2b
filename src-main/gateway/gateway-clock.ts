/**
 * The gateway's clock as seen from here: how far the time its answer states (the HTTP `Date` header)
 * lies from this machine's clock when the answer arrived. Expiries and execution times in answers are in
 * the gateway's time; a countdown to them must run on that clock, not on ours. The Sandbox (and any
 * simulator world) moves its clock forward; a real gateway's is within a few seconds of ours.
 */

/** Below this the difference is the header's 1 s resolution, network time and ordinary drift: 0. */
export const CLOCK_DRIFT_IGNORED_MS = 5_000;

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
/** RFC 9110's preferred IMF-fixdate ("Sun, 06 Nov 1994 08:49:37 GMT"), the form every server sends. */
const IMF_FIXDATE =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The last Date header read, and what it stated. */
let lastDate: string | null = null;
let lastInstant: number | null = null;

/**
 * The instant a `Date` header states (ms), or null when it is absent or not one valid IMF-fixdate.
 * Strict on purpose: the header is outside text, and a lenient parser would read "31 Feb" as 3 March or
 * a locale-shaped string as something else; a wrong clock would then shift every countdown on screen.
 */
export function parseHttpDate(value: unknown): number | null {
  if (typeof value !== 'string' || value.length > 40) return null;
  // Answers in the same second state the same Date: it is read once.
  if (value === lastDate) return lastInstant;
  lastInstant = readHttpDate(value);
  lastDate = value;
  return lastInstant;
}

function readHttpDate(value: string): number | null {
  const match = IMF_FIXDATE.exec(value.trim());
  if (!match) return null;
  const [, day, date, month, year, hours, minutes, seconds] = match;
  const at = Date.UTC(
    Number(year),
    MONTHS.indexOf(month!),
    Number(date),
    Number(hours),
    Number(minutes),
    Number(seconds),
  );
  const parsed = new Date(at);
  // Out-of-range fields (day 31 of February, hour 25) roll over in Date.UTC: refuse them, and a weekday
  // that does not match the date.
  if (
    parsed.getUTCDate() !== Number(date) ||
    parsed.getUTCHours() !== Number(hours) ||
    parsed.getUTCMinutes() !== Number(minutes) ||
    parsed.getUTCSeconds() !== Number(seconds) ||
    DAYS[parsed.getUTCDay()] !== day
  )
    return null;
  return at;
}

/**
 * Gateway time − local time (ms, whole seconds) for an answer whose headers arrived at `receivedAt`, or
 * null when the answer states no usable time. Differences under CLOCK_DRIFT_IGNORED_MS are 0: a known
 * "same as ours" still replaces an older offset (a Sandbox reset puts its clock back).
 */
export function gatewayClockOffset(dateHeader: unknown, receivedAt: number): number | null {
  const stated = parseHttpDate(dateHeader);
  if (stated === null || !Number.isFinite(receivedAt)) return null;
  // The header is truncated to the second it was written in: on average half a second before the true
  // instant. Rounded to whole seconds, a clock moved +1 h reads +1 h, not +59 min 59 s.
  const offset = Math.round((stated + 500 - receivedAt) / 1000) * 1000;
  return Math.abs(offset) < CLOCK_DRIFT_IGNORED_MS ? 0 : offset;
}
