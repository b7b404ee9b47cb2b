import { describe, expect, it } from 'vitest';
import { recordExchange } from '../../../src-renderer/src/db/history-writer';
import { listQuarantine, onQuarantine, type QuarantineReport } from '../../../src-renderer/src/db/quarantine';
import { getTransaction, queryPage } from '../../../src-renderer/src/db/transaction-query';
import { freshDb, lookupProfile, makeRow, statusExchange, T0 } from './fixtures';

describe('invalid records', () => {
  it('are moved to quarantine and reported, while the valid rows still list', async () => {
    const db = freshDb();
    await db.transactions.bulkPut([makeRow(1), makeRow(2), makeRow(3)]);
    // As if an old version or a DevTools edit had left a broken row behind.
    const broken = { ...makeRow(4), amount: 'twelve', statusKey: undefined };
    await db.transactions.put(broken as never);
    const reports: QuarantineReport[] = [];
    const stop = onQuarantine((report) => reports.push(report));
    const page = await queryPage(db, {}, { limit: 10 });
    stop();
    expect(page.rows.map((r) => r.key).sort()).toEqual([makeRow(1).key, makeRow(2).key, makeRow(3).key].sort());
    expect(reports).toEqual([
      { table: 'transactions', count: 1, problems: expect.arrayContaining([expect.stringMatching(/^amount: /)]) },
    ]);
    const quarantined = await listQuarantine(db);
    expect(quarantined).toHaveLength(1);
    expect(quarantined[0]).toMatchObject({ table: 'transactions', originalKey: broken.key, record: broken });
    expect(await db.transactions.get(broken.key)).toBeUndefined();
  });

  it('are quarantined, not overwritten, when a new exchange updates the same transaction', async () => {
    const db = freshDb();
    const broken = { ...makeRow(5, { key: 's2broken', transactionId: 's2broken' }), createdAt: -1 };
    await db.transactions.put(broken);
    await recordExchange(db, statusExchange('s2broken', 'Success', T0), lookupProfile);
    expect((await listQuarantine(db)).map((q) => q.record)).toEqual([broken]);
    expect(await getTransaction(db, 's2broken')).toMatchObject({ paymentStatus: 'Success', source: 'looked-up' });
  });
});
