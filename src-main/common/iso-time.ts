/**
 * `new Date(ms).toISOString()` for instants that come in bursts (the start of every gateway call): the
 * date and time of day are formatted once per second and only the milliseconds are written each time.
 * Formatting a Date costs more than the rest of starting a call.
 */
let secondStart = Number.NaN;
/** `YYYY-MM-DDTHH:MM:SS.` of the second starting at `secondStart`. */
let secondText = '';
/** The last instant a Date holds (ECMAScript's time range): past it Date says why it cannot. */
const MAX_DATE_MS = 8.64e15;

export function isoTimestamp(ms: number = Date.now()): string {
  // Whole milliseconds in Date's range only: Date drops a fraction its own way, and refuses what is out of range.
  if (!Number.isInteger(ms) || Math.abs(ms) > MAX_DATE_MS) return new Date(ms).toISOString();
  const second = Math.floor(ms / 1000) * 1000;
  const millis = ms - second;
  if (second !== secondStart) {
    secondText = new Date(second).toISOString().slice(0, -4);
    secondStart = second;
  }
  return `${secondText}${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z`;
}
