import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useHistoryDb } from '../../../src-renderer/src/db/history-db';
import { useBulkRefreshStore } from '../../../src-renderer/src/stores/history-bulk-refresh';
import { makeRow, statusExchange, T0 } from '../db/fixtures';

const asked: string[] = [];
vi.mock('../../../src-renderer/src/api', () => ({
  useConsoleApi: () => ({
    'payments.status': async ({ transactionId }: { transactionId: string }) => {
      asked.push(transactionId);
      return { ok: true, value: { exchange: statusExchange(transactionId, 'Pending', T0 + 60_000), response: null } };
    },
  }),
}));

describe('bulk refresh of the current filter', () => {
  beforeEach(async () => {
    setActivePinia(createPinia());
    asked.length = 0;
    const db = useHistoryDb();
    await Promise.all(db.tables.map((table) => table.clear()));
    // Two open transactions; the search box finds only the first.
    await db.transactions.bulkPut([
      makeRow(0, { merchantTransactionId: 'shop-order-17', statusKey: 'Pending', paymentStatus: 'Pending' }),
      makeRow(2, { merchantTransactionId: 'other-order-9', statusKey: 'Pending', paymentStatus: 'Pending' }),
    ]);
  });

  it('queries only what the search found, as the list shows it (1 found, 1 queried)', async () => {
    const summary = await useBulkRefreshStore().start({ filter: {}, includeFinal: false, search: 'shop-order' });
    expect(asked).toEqual([makeRow(0).transactionId]);
    expect(summary?.total).toBe(1);
  });

  it('queries every open row of the filter when the search box is empty', async () => {
    await useBulkRefreshStore().start({ filter: {}, includeFinal: false, search: '  ' });
    expect(asked.sort()).toEqual([makeRow(0).transactionId, makeRow(2).transactionId].sort());
  });

  it('still leaves final statuses out of a search unless asked to include them', async () => {
    await useHistoryDb().transactions.put(
      makeRow(0, { merchantTransactionId: 'shop-order-17', statusKey: 'Success', paymentStatus: 'Success' }),
    );
    await useBulkRefreshStore().start({ filter: {}, includeFinal: false, search: 'shop-order' });
    expect(asked).toEqual([]);
    await useBulkRefreshStore().start({ filter: {}, includeFinal: true, search: 'shop-order' });
    expect(asked).toEqual([makeRow(0).transactionId]);
  });
});
