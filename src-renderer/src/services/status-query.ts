/**
 * Status queries from history: the support-desk lookup and one bulk-refresh step. Both go through
 * `payments.status` (main's SDK records and redacts the call) and record the answer here at once, so the
 * result is in history even before the `exchanges.recorded` push event arrives.
 */
import type { ConsoleApi } from '@shared/contract';
import type { Exchange } from '@shared/exchange';
import type { HistoryDb } from '../db/history-db';
import { recordExchange, type ProfileLookup, type RecordOutcome } from '../db/history-writer';
import { batchedRecorder } from '../db/record-batcher';
import type { TransactionRecord } from '../db/records';
import type { RefreshItem, RefreshOutcome, SettledOutcome } from './bulk-refresh';
import type { ConsoleError } from '@shared/result';

type StatusApi = Pick<ConsoleApi, 'payments.status'>;

/**
 * Retry-After in ms (delta-seconds or an HTTP date); 1 s when absent or unreadable. An HTTP date is on the
 * gateway's clock: measured from the gateway's "now" (a Sandbox moved +1 h would otherwise say "wait 1 h").
 */
export function retryAfterMs(exchange: Exchange, now = Date.now()): number {
  const value = exchange.response?.headers['retry-after']?.trim();
  if (value && /^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const date = value ? Date.parse(value) : NaN;
  return Number.isNaN(date) ? 1000 : Math.max(0, date - (now + (exchange.gatewayClockOffsetMs ?? 0)));
}

/** HTTP answers that refuse the lookup itself: wrong terminal, wrong token, or no such transaction here. */
export const REFUSED_LOOKUP = new Set([401, 403, 404]);

/**
 * Why a lookup got no status, in the order a support agent should consider it. A transaction created on
 * another terminal is refused (401/403/404) just like a bad token, so "may belong to another profile"
 * comes before the spec's "create a new token".
 */
export function lookupFailureMessage(exchange: Exchange): string {
  const action = exchange.suggestedAction ? ` ${exchange.suggestedAction}` : '';
  const status = exchange.response?.status;
  if (status !== undefined && REFUSED_LOOKUP.has(status))
    return (
      `The gateway refused the lookup: ${exchange.summary}. The transaction may belong to another terminal: ` +
      `look it up with the profile it was created with. If it is this profile's, then:${action || ' check its credentials.'}`
    );
  return `The gateway did not return a status: ${exchange.summary}.${action}`;
}

/**
 * The profile to ask with: the one History recorded the transaction under, when History knows it and
 * that profile still exists (a transaction is only answered on its own terminal); otherwise the chosen one.
 */
export async function profileForLookup(
  db: HistoryDb,
  profiles: ProfileLookup,
  chosenProfileId: string,
  transactionId: string,
): Promise<{ profileId: string; fromHistory: boolean }> {
  const known = await db.transactions.get(transactionId.trim());
  if (known && known.profileId !== chosenProfileId && profiles(known.profileId))
    return { profileId: known.profileId, fromHistory: true };
  return { profileId: chosenProfileId, fromHistory: false };
}

export type LookupResult =
  | { ok: true; row: TransactionRecord; exchange: Exchange }
  // `text`: main's refusal by text id, so the screen shows it in the user's language (consoleErrorText).
  | { ok: false; message: string; text?: ConsoleError['text']; exchange: Exchange | null };

export async function lookupTransaction(
  api: StatusApi,
  db: HistoryDb,
  profiles: ProfileLookup,
  profileId: string,
  transactionId: string,
): Promise<LookupResult> {
  const result = await api['payments.status']({ profileId, transactionId: transactionId.trim() });
  if (!result.ok) return { ok: false, message: result.error.message, text: result.error.text, exchange: null };
  const { exchange } = result.value;
  const { after } = await recordExchange(db, exchange, profiles);
  if (exchange.classification !== 'ok' || !after)
    return { ok: false, message: lookupFailureMessage(exchange), exchange };
  return { ok: true, row: after, exchange };
}

/**
 * One bulk-refresh step: changed / unchanged by paymentStatus, rate-limited on HTTP 429. An answer frees
 * its pool slot before it is recorded, and the steps of one refresher share a group-commit writer, so a
 * pool's answers are written a batch per transaction while the next calls are already out.
 */
export function statusRefresher(
  api: StatusApi,
  db: HistoryDb,
  profiles: ProfileLookup,
): (item: RefreshItem) => Promise<RefreshOutcome> {
  const record = batchedRecorder(db, profiles);
  return async (item) => {
    // The push event may record the answer before this call returns, so the status it is compared with is
    // read in a transaction opened before asking (IndexedDB runs it before any later write to the row);
    // the call need not wait for the read.
    const priorRead = Promise.resolve(db.transactions.get(item.key));
    // Awaited only after the call: a failed read must not count as unhandled meanwhile.
    priorRead.catch(() => undefined);
    const result = await api['payments.status']({ profileId: item.profileId, transactionId: item.transactionId });
    if (!result.ok) return { kind: 'failed', message: result.error.message, text: result.error.text };
    const { exchange } = result.value;
    if (exchange.response?.status === 429) {
      // The pool pauses for Retry-After anyway: nothing is lost by waiting for the write here.
      await record(exchange);
      return { kind: 'rate-limited', retryAfterMs: retryAfterMs(exchange) };
    }
    return { kind: 'recording', outcome: settleAnswer(exchange, priorRead, record(exchange)) };
  };
}

/** changed / unchanged once the answer is recorded; a gateway error answer fails the item. */
async function settleAnswer(
  exchange: Exchange,
  priorRead: Promise<TransactionRecord | undefined>,
  recording: Promise<RecordOutcome>,
): Promise<SettledOutcome> {
  const [prior, recorded] = await Promise.all([priorRead, recording]);
  if (exchange.classification !== 'ok')
    return { kind: 'failed', message: exchange.summary, ...(exchange.said ? { said: exchange.said } : {}) };
  const now = recorded.after?.paymentStatus ?? null;
  return { kind: now !== (prior?.paymentStatus ?? null) ? 'changed' : 'unchanged' };
}
