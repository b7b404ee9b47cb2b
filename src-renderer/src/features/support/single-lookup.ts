/**
 * The one lookup box: what the agent typed decides where to look. History is searched first for any id
 * (cheap, and it knows merchant order ids and Multibanco references); the gateway itself can only be
 * asked by its own transactionID, so anything else not in History is answered plainly with that fact.
 */
import type { HistoryDb } from '../../db/history-db';
import type { TransactionRecord } from '../../db/records';
import { customerQuery, matchesCustomer } from '../../db/customer-search';
import { normaliseSearch, searchTransactions } from '../../db/transaction-query';

/** Transaction ids the gateway issues look like `s2` + 18 alphanumerics (gateway-behaviour.md). */
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
  | { kind: 'empty' };

export async function planLookup(db: HistoryDb, typed: string): Promise<LookupPlan> {
  const { id, reference } = normaliseSearch(typed);
  if (!id) return { kind: 'empty' };
  const customer = customerQuery(id);
  const exact = (await searchTransactions(db, id, {}, 20)).filter(
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
  if (GATEWAY_TRANSACTION_ID.test(id)) return { kind: 'gateway', transactionId: id };
  if (reference !== null && MULTIBANCO_REFERENCE.test(reference))
    return { kind: 'only-transaction-id', what: 'reference', mayBeTransactionId: false };
  return { kind: 'only-transaction-id', what: 'merchant-order-id', mayBeTransactionId: ANY_TRANSACTION_ID.test(id) };
}
