/**
 * Why a payment did not succeed, in the gateway's words and in ours: the returnStatus (code + message)
 * that came with a refusing status or notification, e.g. `01.106.0004 Declined — MB WAY declined.`
 * One reader for the order card, History (row and detail) and the timeline, so they never disagree.
 */
import { returnCodeMeaning } from '../i18n/return-code-meaning';

export interface DeclineReason {
  code: string;
  /** The gateway's statusMsg (or statusDescription); empty when it sent none. */
  message: string;
  /** What the code means, in the current language; null for a code the console does not know. */
  meaning: string | null;
}

/** `000` only says "request processed": it never explains a refusal. */
const PROCESSED = '000';

const asText = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/**
 * Reads a returnStatus-like object leniently (exchanges, stored rows and decrypted notifications all
 * carry one); null when it is absent or only says "processed".
 */
export function declineReasonOf(returnStatus: unknown): DeclineReason | null {
  if (typeof returnStatus !== 'object' || returnStatus === null) return null;
  const fields = returnStatus as Record<string, unknown>;
  const code = asText(fields.statusCode);
  if (!code || code === PROCESSED) return null;
  const message = [...new Set([asText(fields.statusMsg), asText(fields.statusDescription)].filter(Boolean))].join(
    ' — ',
  );
  return { code, message, meaning: returnCodeMeaning(code) };
}

/** One line: `01.106.0004 Declined — MB WAY declined.` */
export function formatDeclineReason(reason: DeclineReason): string {
  const said = reason.message ? ` ${reason.message}` : '';
  return `${reason.code}${said}${reason.meaning ? ` — ${reason.meaning}` : ''}`;
}

/** The returnStatus of a decrypted notification payload (`{ returnStatus: { statusCode, statusMsg } }`). */
export const notificationReturnStatus = (payload: unknown): unknown =>
  typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>).returnStatus : null;

/**
 * A History row's decline reason, when it explains the row's current status (a reason noted for an
 * older status, or one not yet confirmed by a status query, is not shown next to another status).
 */
export function rowDeclineReason(row: {
  statusKey: string;
  declineReason?: { statusCode: string; statusMsg?: string; paymentStatus: string } | null;
}): DeclineReason | null {
  const stored = row.declineReason;
  return stored && stored.paymentStatus === row.statusKey ? declineReasonOf(stored) : null;
}
