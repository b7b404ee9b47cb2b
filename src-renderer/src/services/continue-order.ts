/**
 * Opening any History transaction on the Orders screen, to continue its follow-ups (Multibanco
 * reference, MB WAY request, action step, status polling) exactly as right after creating it. The Orders
 * card is read from history by the exchange it starts from; this picks that exchange for a transaction.
 * What may be done then is decided by the same shared derivation and main's guards as for a fresh order.
 */
import { exchangesOf } from '../db/exchange-query';
import type { HistoryDb } from '../db/history-db';
import type { TransactionRecord } from '../db/records';
import type { LastOrder } from './last-order';

/** Why a History transaction cannot be continued on the Orders screen; null when it can. */
export type NotContinuable = 'no-transaction-id' | 'no-exchange' | 'profile-gone' | 'lookup-only';

/** The transaction's profile as the Orders screen needs it (null: deleted since). */
export interface ContinueProfile {
  lookupOnly?: boolean | undefined;
}

/** Why the transaction's profile cannot continue it on the Orders screen; null when it can. */
export function profileProblem(profile: ContinueProfile | null): NotContinuable | null {
  if (!profile) return 'profile-gone';
  // The Orders screen of a lookup-only profile only looks up, and main refuses its follow-ups.
  return profile.lookupOnly ? 'lookup-only' : null;
}

export type ContinueTarget = { ok: true; order: LastOrder } | { ok: false; reason: NotContinuable };

/**
 * The exchange the Orders card starts from: the create this console sent, else the transaction's first
 * recorded call (a transaction looked up or created elsewhere has no create here).
 */
export async function continueTarget(db: HistoryDb, row: TransactionRecord): Promise<ContinueTarget> {
  // A create that got no answer has no transactionID: nothing can be asked or paid for it.
  if (!row.transactionId) return { ok: false, reason: 'no-transaction-id' };
  const exchanges = await exchangesOf(db, row.key);
  const start = exchanges.find((e) => e.operation === 'createOrder' && e.transactionID) ?? exchanges[0];
  if (!start) return { ok: false, reason: 'no-exchange' };
  return { ok: true, order: { exchangeId: start.id, transactionId: row.transactionId } };
}
