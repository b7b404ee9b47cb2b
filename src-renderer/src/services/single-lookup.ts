/**
 * The one lookup box: what the agent typed decides where to look. History is searched first for any id
 * (cheap, and it knows merchant order ids and Multibanco references); the gateway itself can only be
 * asked by its own transactionID, so anything else not in History is answered plainly with that fact.
 */
import type { HistoryDb } from '../db/history-db';
import type { TransactionRecord } from '../db/records';
import { customerQuery, matchesCustomer } from '../db/customer-search';
import { normaliseSearch, queryPage, searchTransactions, type HistoryFilter } from '../db/transaction-query';

/** Transaction ids the gateway issues look like `s2` + 18 alphanumerics (docs/gateway-behaviour.md). */
const GATEWAY_TRANSACTION_ID = /^s2[A-Za-z0-9]{18}$/;
/** What the contract accepts as a transactionID at all. */
const ANY_TRANSACTION_ID = /^[A-Za-z0-9_-]{1,36}$/;
/** A Multibanco reference is 9 digits (often written in groups of three). */
const MULTIBANCO_REFERENCE = /^\d{9}$/;

export type LookupPlan =
  /** History knows it: show these rows; the one with a transactionID is refreshed from the gateway. */
  | { kind: 'history'; rows: TransactionRecord[]; queryTransactionId: string | null }
  /** Not in History but shaped like a gateway transactionID: ask the gateway. */
  | { kind: 'gateway'; transactionId: string }
  /** Not in History, and the gateway cannot be asked by this kind of id. */
  | { kind: 'only-transaction-id'; what: 'reference' | 'merchant-order-id'; mayBeTransactionId: boolean }
  /** Only an amount and/or a date range was given, and no History row has them. */
  | { kind: 'no-match' }
  | { kind: 'empty' };

/** What narrows a lookup besides the id: the exact amount, and the day range it was created in (epoch ms). */
export interface LookupNarrowing {
  amount?: number | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

const narrowingFilter = ({ amount, from, to }: LookupNarrowing): HistoryFilter => ({
  ...(amount !== undefined ? { minAmount: amount, maxAmount: amount } : {}),
  ...(from !== undefined ? { from } : {}),
  ...(to !== undefined ? { to } : {}),
});

export async function planLookup(db: HistoryDb, typed: string, narrowing: LookupNarrowing = {}): Promise<LookupPlan> {
  const { id, reference } = normaliseSearch(typed);
  const filter = narrowingFilter(narrowing);
  if (!id) {
    if (Object.keys(filter).length === 0) return { kind: 'empty' };
    // "A payment of 23.40 yesterday": History's rows with that amount in that range, newest first.
    const { rows } = await queryPage(db, filter, { limit: 20 });
    if (!rows.length) return { kind: 'no-match' };
    return { kind: 'history', rows, queryTransactionId: rows.length === 1 ? rows[0]!.transactionId : null };
  }
  const customer = customerQuery(id);
  const exact = (await searchTransactions(db, id, filter, 20)).filter(
    (row) =>
      row.transactionId === id ||
      row.merchantTransactionId === id ||
      (reference !== null && row.reference === reference) ||
      (customer !== null && matchesCustomer(row, customer)),
  );
  if (exact.length) {
    const withId = exact.find((row) => row.transactionId);
    return { kind: 'history', rows: exact, queryTransactionId: withId?.transactionId ?? null };
  }
  if (Object.keys(filter).length && customer) return { kind: 'no-match' };
  if (GATEWAY_TRANSACTION_ID.test(id)) return { kind: 'gateway', transactionId: id };
  if (reference !== null && MULTIBANCO_REFERENCE.test(reference))
    return { kind: 'only-transaction-id', what: 'reference', mayBeTransactionId: false };
  return { kind: 'only-transaction-id', what: 'merchant-order-id', mayBeTransactionId: ANY_TRANSACTION_ID.test(id) };
}
