/**
 * Status queries from history: the support-desk lookup and one bulk-refresh step. Both go through
 * `payments.status` (main's SDK records and redacts the call) and record the answer here at once, so the
 * result is in history even before the `exchanges.recorded` push event arrives.
 */
import type { ConsoleApi } from '@shared/contract';
import type { Exchange } from '@shared/exchange';
import type { HistoryDb } from '../db/history-db';
import { recordExchange, type ProfileLookup } from '../db/history-writer';
import type { TransactionRecord } from '../db/records';
import type { RefreshItem, RefreshOutcome } from './bulk-refresh';
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

/** One bulk-refresh step: changed / unchanged by paymentStatus, rate-limited on HTTP 429. */
export function statusRefresher(
  api: StatusApi,
  db: HistoryDb,
  profiles: ProfileLookup,
): (item: RefreshItem) => Promise<RefreshOutcome> {
  return async (item) => {
    // Read the status before asking: the push event may record the answer before this call returns.
    const prior = (await db.transactions.get(item.key))?.paymentStatus ?? null;
    const result = await api['payments.status']({ profileId: item.profileId, transactionId: item.transactionId });
    if (!result.ok) return { kind: 'failed', message: result.error.message, text: result.error.text };
    const { exchange } = result.value;
    const recorded = await recordExchange(db, exchange, profiles);
    if (exchange.response?.status === 429) return { kind: 'rate-limited', retryAfterMs: retryAfterMs(exchange) };
    if (exchange.classification !== 'ok')
      return { kind: 'failed', message: exchange.summary, ...(exchange.said ? { said: exchange.said } : {}) };
    const now = recorded.after?.paymentStatus ?? null;
    return { kind: now !== prior ? 'changed' : 'unchanged' };
  };
}
