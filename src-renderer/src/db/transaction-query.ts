/**
 * History list queries: filters, sort by time, keyset paging (never offset: an offset makes IndexedDB
 * walk every skipped row, so page 10,000 would cost 500,000 reads), capped counts and id search.
 */
import { Dexie, type Collection } from 'dexie';
import type { HistoryDb } from './history-db';
import { validateRows } from './quarantine';
import { transactionRecordSchema, type TransactionRecord } from './records';
import { searchCaseNotes } from './case-notes';
import { customerQuery, matchesCustomer } from './customer-search';

export interface HistoryFilter {
  profileId?: string;
  environment?: string;
  /** statusKey values (paymentStatus, `OutcomeUnknown`, `NotSeen`); empty or absent = any. */
  statuses?: readonly string[];
  /** A payment method code the order offered or used. */
  method?: string;
  /** createdAt range, epoch ms, inclusive. */
  from?: number;
  to?: number;
  /** Amount range, inclusive. */
  minAmount?: number;
  maxAmount?: number;
  /** Only rows created by scenario runs (`'any'`) or by one run (its id). */
  qaRun?: string;
}

export type SortOrder = 'newest' | 'oldest';

/** Position after the last row of a page: the next page starts strictly after it. */
export interface PageCursor {
  createdAt: number;
  key: string;
}

export interface Page {
  rows: TransactionRecord[];
  /** `null` when there is nothing after this page. */
  next: PageCursor | null;
}

type Row = TransactionRecord;

interface Plan {
  index: string;
  /** Equality values for the index's leading fields (before `createdAt+key`). */
  prefix: (string | number)[];
  /** What the index does not decide, tested on each streamed row. */
  residual: ((row: Row) => boolean) | null;
}

/** Picks the index that narrows the most by equality and leaves the rest to a residual filter. */
export function planQuery(filter: HistoryFilter): Plan {
  const statuses = filter.statuses ?? [];
  const single = statuses.length === 1 ? statuses[0] : undefined;
  let index = '[createdAt+key]';
  let prefix: string[] = [];
  if (filter.profileId !== undefined && single !== undefined) {
    index = '[profileId+statusKey+createdAt+key]';
    prefix = [filter.profileId, single];
  } else if (filter.profileId !== undefined) {
    index = '[profileId+createdAt+key]';
    prefix = [filter.profileId];
  } else if (single !== undefined) {
    index = '[statusKey+createdAt+key]';
    prefix = [single];
  } else if (filter.environment !== undefined) {
    index = '[environment+createdAt+key]';
    prefix = [filter.environment];
  }
  const tests: ((row: Row) => boolean)[] = [];
  if (filter.environment !== undefined && !index.startsWith('[environment')) {
    const environment = filter.environment;
    tests.push((row) => row.environment === environment);
  }
  if (statuses.length > 1) {
    const set = new Set(statuses);
    tests.push((row) => set.has(row.statusKey));
  }
  if (filter.qaRun !== undefined) {
    const run = filter.qaRun;
    tests.push((row) => row.qaRun !== undefined && (run === 'any' || row.qaRun.runId === run));
  }
  if (filter.method !== undefined) {
    const method = filter.method;
    tests.push((row) => row.methods.includes(method));
  }
  if (filter.minAmount !== undefined) {
    const min = filter.minAmount;
    tests.push((row) => row.amount !== null && row.amount >= min);
  }
  if (filter.maxAmount !== undefined) {
    const max = filter.maxAmount;
    tests.push((row) => row.amount !== null && row.amount <= max);
  }
  const residual = tests.length === 0 ? null : (row: Row) => tests.every((test) => test(row));
  return { index, prefix, residual };
}

/** The whole filter as a predicate (for rows found through another index, e.g. search). */
export function matchesFilter(filter: HistoryFilter): (row: Row) => boolean {
  const statuses = filter.statuses ?? [];
  const { residual } = planQuery({ ...filter, profileId: undefined, statuses: statuses.length === 1 ? [] : statuses });
  return (row) =>
    (filter.profileId === undefined || row.profileId === filter.profileId) &&
    (statuses.length !== 1 || row.statusKey === statuses[0]) &&
    (filter.environment === undefined || row.environment === filter.environment) &&
    (filter.from === undefined || row.createdAt >= filter.from) &&
    (filter.to === undefined || row.createdAt <= filter.to) &&
    (residual === null || residual(row));
}

function collection(
  db: HistoryDb,
  filter: HistoryFilter,
  order: SortOrder,
  after: PageCursor | null,
): { collection: Collection<Row, string>; residual: Plan['residual'] } {
  const { index, prefix, residual } = planQuery(filter);
  let lower: unknown[] = [...prefix, filter.from ?? -Infinity, Dexie.minKey];
  let upper: unknown[] = [...prefix, filter.to ?? Infinity, Dexie.maxKey];
  let includeLower = true;
  let includeUpper = true;
  if (after && order === 'newest' && (filter.to === undefined || after.createdAt <= filter.to)) {
    upper = [...prefix, after.createdAt, after.key];
    includeUpper = false;
  }
  if (after && order === 'oldest' && (filter.from === undefined || after.createdAt >= filter.from)) {
    lower = [...prefix, after.createdAt, after.key];
    includeLower = false;
  }
  let result = db.transactions.where(index).between(lower, upper, includeLower, includeUpper);
  if (order === 'newest') result = result.reverse();
  // A residual filter is applied in the query itself so that `limit` counts matching rows only.
  if (residual) result = result.filter((row) => residual(row));
  return { collection: result, residual };
}

/** One page of the history list, sorted by creation time. */
export async function queryPage(
  db: HistoryDb,
  filter: HistoryFilter,
  options: { order?: SortOrder; after?: PageCursor | null; limit?: number } = {},
): Promise<Page> {
  const limit = options.limit ?? 50;
  const order = options.order ?? 'newest';
  const { collection: rows } = collection(db, filter, order, options.after ?? null);
  const raw = await rows.limit(limit).toArray();
  const last = raw.at(-1);
  const next = raw.length === limit && last ? { createdAt: last.createdAt, key: last.key } : null;
  return { rows: await validateRows(db, 'transactions', transactionRecordSchema, raw), next };
}

/** Every key matching the filter, in list order (bulk refresh, export). Streams keys only when it can. */
export async function queryKeys(db: HistoryDb, filter: HistoryFilter, order: SortOrder = 'newest'): Promise<string[]> {
  const { collection: rows } = collection(db, filter, order, null);
  return rows.primaryKeys();
}

/**
 * How many rows match, counting at most `cap + 1`: the list shows "1,000+" rather than making
 * IndexedDB visit a million rows to print an exact number nobody needs.
 */
export async function countCapped(
  db: HistoryDb,
  filter: HistoryFilter,
  cap = 1000,
): Promise<{ count: number; capped: boolean }> {
  const { collection: rows, residual } = collection(db, filter, 'newest', null);
  // Without a residual filter the index range count is native and cheap, but still capped for a stable UI.
  const count = residual ? (await rows.limit(cap + 1).primaryKeys()).length : Math.min(await rows.count(), cap + 1);
  return count > cap ? { count: cap, capped: true } : { count, capped: false };
}

export function formatCount({ count, capped }: { count: number; capped: boolean }): string {
  return `${count.toLocaleString('en-US')}${capped ? '+' : ''}`;
}

/** Normalises what a user typed or pasted: trims; a Multibanco reference loses its spaces. */
export function normaliseSearch(text: string): { id: string; reference: string | null } {
  const id = text.trim();
  const digits = id.replace(/[\s.-]/g, '');
  return { id, reference: /^\d+$/.test(digits) ? digits : null };
}

/**
 * Rows whose transactionID, merchantTransactionId or Multibanco reference equals or starts with `text`,
 * whose case notes mention it, or whose customer e-mail or phone is `text` (as the profile lets it show).
 * Exact matches come first, then prefix matches newest first; filters still apply.
 */
export async function searchTransactions(
  db: HistoryDb,
  text: string,
  filter: HistoryFilter = {},
  limit = 50,
): Promise<TransactionRecord[]> {
  const { id, reference } = normaliseSearch(text);
  if (!id) return [];
  const inRange = matchesFilter(filter);
  const lookups: Array<Promise<Row[]>> = [
    db.transactions.where('transactionId').startsWith(id).filter(inRange).limit(limit).toArray(),
    db.transactions.where('merchantTransactionId').startsWith(id).filter(inRange).limit(limit).toArray(),
  ];
  if (reference)
    lookups.push(db.transactions.where('reference').startsWith(reference).filter(inRange).limit(limit).toArray());
  // Support desk case notes: a ticket reference or words of a note find their transaction too.
  lookups.push(
    searchCaseNotes(db, id, limit)
      .then((keys) => db.transactions.bulkGet(keys))
      .then((rows) => rows.filter((row): row is Row => row !== undefined && inRange(row))),
  );
  // A customer's e-mail or phone: compared with what each row may show (masked on guarded profiles).
  // The field's index holds only the rows that carry one, so this never walks the whole history.
  const customer = customerQuery(text);
  if (customer)
    lookups.push(
      db.transactions
        .where(customer.kind === 'email' ? 'customerEmail' : 'customerPhone')
        .above('')
        .filter((row) => matchesCustomer(row, customer) && inRange(row))
        .limit(limit)
        .toArray(),
    );
  const found = new Map<string, Row>();
  for (const rows of await Promise.all(lookups)) for (const row of rows) found.set(row.key, row);
  const valid = await validateRows(db, 'transactions', transactionRecordSchema, [...found.values()]);
  const isExact = (row: Row) =>
    row.transactionId === id ||
    row.merchantTransactionId === id ||
    (reference !== null && row.reference === reference) ||
    (customer !== null && matchesCustomer(row, customer));
  return valid.sort((a, b) => Number(isExact(b)) - Number(isExact(a)) || b.createdAt - a.createdAt).slice(0, limit);
}

export async function getTransaction(db: HistoryDb, key: string): Promise<TransactionRecord | undefined> {
  const row = await db.transactions.get(key);
  if (row === undefined) return undefined;
  return (await validateRows(db, 'transactions', transactionRecordSchema, [row]))[0];
}
