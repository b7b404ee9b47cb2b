/**
 * The words for a time on a clock away from real time ("Sandbox time, +1 h 18 min"); the offsets themselves
 * are in clock-offset.ts.
 */
import { t } from '../i18n';
import { formatClockOffset } from '../services/clock-offset';

export {
  apiRootOf,
  formatClockOffset,
  formatDuration,
  latestClockOffset,
  type KnownOffset,
} from '../services/clock-offset';

/** Which words name the clock: a Sandbox (simulator) world, or another gateway. */
export type ClockKind = 'sandbox' | 'gateway';

/**
 * "Sandbox time, +1 h 18 min" for a clock away from real time; null when it is real time (offset 0,
 * unknown): a real gateway's times carry no label.
 */
export function worldTimeLabel(offsetMs: number | null | undefined, kind: ClockKind): string | null {
  if (typeof offsetMs !== 'number' || !Number.isFinite(offsetMs) || offsetMs === 0) return null;
  return t(kind === 'sandbox' ? 'worldTime.sandbox' : 'worldTime.gateway', { offset: formatClockOffset(offsetMs) });
}

/** The tooltip of that label. */
export const worldTimeExplanation = (offsetMs: number): string =>
  t('worldTime.explain', { offset: formatClockOffset(offsetMs) });
