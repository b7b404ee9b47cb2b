/**
 * "Status as of …": a status is only true as of when it was asked. Older than the agent's threshold, it is
 * marked stale (a non-final status may have moved since); a final one never changes, so it is never stale.
 */
import { isFinalPaymentStatus } from '@shared/gateway/codes';

export const DEFAULT_STALE_AFTER_MINUTES = 15;

export function isStale(
  status: string | null,
  asOf: number | string | null,
  staleAfterMinutes: number,
  now = Date.now(),
): boolean {
  if (asOf === null) return false;
  if (isFinalPaymentStatus(status)) return false;
  const at = typeof asOf === 'number' ? asOf : Date.parse(asOf);
  return Number.isFinite(at) && now - at > staleAfterMinutes * 60_000;
}
