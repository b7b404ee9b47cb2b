import { afterEach, describe, expect, it } from 'vitest';
import {
  countCapped,
  formatCount,
  queryPage,
  searchTransactions,
  type HistoryFilter,
  type PageCursor,
  type SortOrder,
} from '../../../src-renderer/src/db/transaction-query';
import type { TransactionRecord } from '../../../src-renderer/src/db/records';
import { freshDb, makeRow, T0 } from './fixtures';

const db = freshDb();
const rows = Array.from({ length: 300 }, (_, i) => makeRow(i));
await db.transactions.bulkPut(rows);
afterEach(async () => {
  // Tests that add rows remove them again so every test sees the same 300.
  await db.transactions.where('key').startsWith('extra').delete();
});

async function walk(filter: HistoryFilter, order: SortOrder, limit = 7): Promise<TransactionRecord[]> {
  const seen: TransactionRecord[] = [];
  let after: PageCursor | null = null;
  for (let guard = 0; guard < 1000; guard++) {
    const page = await queryPage(db, filter, { order, after, limit });
    seen.push(...page.rows);
    if (!page.next) break;
    after = page.next;
  }
  return seen;
}

const byTime = (order: SortOrder) => (a: TransactionRecord, b: TransactionRecord) =>
  order === 'newest'
    ? b.createdAt - a.createdAt || (b.key < a.key ? -1 : 1)
    : a.createdAt - b.createdAt || (a.key < b.key ? -1 : 1);

describe('history list queries', () => {
  const filters: [string, HistoryFilter, (r: TransactionRecord) => boolean][] = [
    ['no filter', {}, () => true],
    ['profile', { profileId: 'sandbox' }, (r) => r.profileId === 'sandbox'],
    ['environment', { environment: 'test' }, (r) => r.environment === 'test'],
    ['one status', { statuses: ['Pending'] }, (r) => r.statusKey === 'Pending'],
    [
      'profile + status',
      { profileId: 'test-1', statuses: ['Success'] },
      (r) => r.profileId === 'test-1' && r.statusKey === 'Success',
    ],
    [
      'several statuses',
      { statuses: ['Pending', 'InProcessing'] },
      (r) => ['Pending', 'InProcessing'].includes(r.statusKey),
    ],
    ['method', { method: 'REFERENCE' }, (r) => r.methods.includes('REFERENCE')],
    [
      'date range',
      { from: T0 + 20_000, to: T0 + 60_000 },
      (r) => r.createdAt >= T0 + 20_000 && r.createdAt <= T0 + 60_000,
    ],
    [
      'amount range',
      { minAmount: 10, maxAmount: 20.5 },
      (r) => r.amount !== null && r.amount >= 10 && r.amount <= 20.5,
    ],
    [
      'everything at once',
      {
        profileId: 'sandbox',
        environment: 'sandbox',
        statuses: ['Pending'],
        method: 'MBWAY',
        from: T0 + 10_000,
        to: T0 + 120_000,
        minAmount: 1,
        maxAmount: 90,
      },
      (r) =>
        r.profileId === 'sandbox' &&
        r.statusKey === 'Pending' &&
        r.methods.includes('MBWAY') &&
        r.createdAt >= T0 + 10_000 &&
        r.createdAt <= T0 + 120_000 &&
        r.amount! >= 1 &&
        r.amount! <= 90,
    ],
  ];

  for (const [name, filter, predicate] of filters) {
    for (const order of ['newest', 'oldest'] as const) {
      it(`pages through "${name}" (${order} first) by keyset: every match once, in time order`, async () => {
        const expected = rows
          .filter(predicate)
          .sort(byTime(order))
          .map((r) => r.key);
        expect(expected.length).toBeGreaterThan(0);
        const got = (await walk(filter, order)).map((r) => r.key);
        expect(got).toEqual(expected);
      });
    }
  }

  it('keeps paging correct when a row is inserted above the cursor between pages', async () => {
    const first = await queryPage(db, {}, { limit: 10 });
    await db.transactions.put(
      makeRow(9999, { key: 'extra-new', transactionId: 'extra-new', createdAt: T0 + 10_000_000 }),
    );
    const second = await queryPage(db, {}, { limit: 10, after: first.next });
    const expected = [...rows]
      .sort(byTime('newest'))
      .slice(10, 20)
      .map((r) => r.key);
    expect(second.rows.map((r) => r.key)).toEqual(expected);
  });

  it('reports the last page with no cursor', async () => {
    const page = await queryPage(db, { profileId: 'nobody' }, { limit: 10 });
    expect(page).toEqual({ rows: [], next: null });
  });
});

describe('counts', () => {
  it('counts exactly below the cap and says "1,000+" style above it', async () => {
    expect(await countCapped(db, { statuses: ['Pending'] })).toEqual({ count: 60, capped: false });
    expect(await countCapped(db, { method: 'REFERENCE' }, 50)).toEqual({ count: 50, capped: true });
    expect(formatCount(await countCapped(db, {}, 100))).toBe('100+');
    expect(formatCount({ count: 1000, capped: true })).toBe('1,000+');
    expect(formatCount(await countCapped(db, { profileId: 'sandbox' }))).toBe('150');
  });
});

describe('search', () => {
  it('finds a transaction by its exact transactionID, merchantTransactionId or Multibanco reference', async () => {
    expect((await searchTransactions(db, 's2tx0000000000000042'))[0]?.key).toBe('s2tx0000000000000042');
    expect((await searchTransactions(db, '  order-42 '))[0]?.key).toBe('s2tx0000000000000042');
    // References are pasted as "100 000 042"; stored digits only.
    expect((await searchTransactions(db, '100 000 042'))[0]?.key).toBe('s2tx0000000000000042');
  });

  it('matches prefixes, with the exact match listed first', async () => {
    const found = await searchTransactions(db, 'order-4', {}, 100);
    const keys = found.map((r) => r.merchantTransactionId);
    expect(keys[0]).toBe('order-4');
    expect(new Set(keys)).toEqual(new Set(['order-4', ...Array.from({ length: 10 }, (_, i) => `order-4${i}`)]));
    const byTx = await searchTransactions(db, 's2tx000000000000029', {}, 100);
    expect(byTx.map((r) => r.key).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `s2tx000000000000029${i}`));
  });

  it('applies the active filters to search results and finds nothing for unknown text', async () => {
    const found = await searchTransactions(db, 'order-4', { profileId: 'test-1' }, 100);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((r) => r.profileId === 'test-1')).toBe(true);
    expect(await searchTransactions(db, 'no-such-order')).toEqual([]);
    expect(await searchTransactions(db, '   ')).toEqual([]);
  });
});
