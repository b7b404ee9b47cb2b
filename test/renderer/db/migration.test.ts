import { describe, expect, it } from 'vitest';
import { HistoryDb } from '../../../src-renderer/src/db/history-db';
import { HISTORY_SCHEMA, type SchemaVersion } from '../../../src-renderer/src/db/schema';
import { queryPage } from '../../../src-renderer/src/db/transaction-query';
import { makeRow } from './fixtures';

/** An example next version: amounts also kept in minor units (cents), with an index for range filters. */
const NEXT = HISTORY_SCHEMA.at(-1)!.version + 1;
const EXAMPLE_V2: SchemaVersion = {
  version: NEXT,
  stores: { transactions: `${HISTORY_SCHEMA[0]!.stores.transactions}, amountMinor` },
  upgrade: (tx) =>
    tx
      .table('transactions')
      .toCollection()
      .modify((row: { amount: number | null; amountMinor?: number | null }) => {
        row.amountMinor = row.amount === null ? null : Math.round(row.amount * 100);
      }),
};

describe('schema upgrades', () => {
  it('keep every v1 record through an upgrade to v2 and apply the upgrade step', async () => {
    const name = `migration-${Math.random()}`;
    const v1 = new HistoryDb(name, HISTORY_SCHEMA.slice(0, 1));
    const rows = Array.from({ length: 50 }, (_, i) => makeRow(i));
    await v1.transactions.bulkPut(rows);
    await v1.templates.put({ id: 't1', name: 'Default order', updatedAt: 1, draft: { amount: 1 } });
    expect(v1.verno).toBe(1);
    v1.close();

    const v2 = new HistoryDb(name, [...HISTORY_SCHEMA, EXAMPLE_V2]);
    await v2.open();
    expect(v2.verno).toBe(NEXT);
    const stored = await v2.transactions.toArray();
    expect(stored).toHaveLength(50);
    for (const row of rows) {
      expect(stored.find((s) => s.key === row.key)).toEqual({ ...row, amountMinor: Math.round(row.amount! * 100) });
    }
    expect(await v2.transactions.where('amountMinor').between(1000, 2000, true, true).count()).toBe(
      rows.filter((r) => r.amount! * 100 >= 1000 && r.amount! * 100 <= 2000).length,
    );
    // Rows written by v1 still pass validation-on-read in v2 (extra fields are allowed, none dropped).
    expect((await queryPage(v2, {}, { limit: 100 })).rows).toHaveLength(50);
    expect(await v2.templates.get('t1')).toMatchObject({ name: 'Default order' });
    v2.close();
  });
});
