import { describe, expect, it } from 'vitest';
import { recordExchange } from '../../../src-renderer/src/db/history-writer';
import { applyRetention, clearOlderThan } from '../../../src-renderer/src/db/retention';
import { freshDb, lookupProfile, makeRow, statusExchange, T0 } from './fixtures';

describe('retention', () => {
  it('"clear older than" removes old transactions with their exchanges and keeps the rest', async () => {
    const db = freshDb();
    await db.transactions.bulkPut(Array.from({ length: 20 }, (_, i) => makeRow(i)));
    await recordExchange(db, statusExchange(makeRow(0).key, 'Pending', T0), lookupProfile);
    await recordExchange(db, statusExchange(makeRow(19).key, 'Pending', T0 + 9000), lookupProfile);
    const removed = await clearOlderThan(db, T0 + 5000);
    expect(removed).toBe(10);
    expect((await db.transactions.toArray()).every((r) => r.createdAt >= T0 + 5000)).toBe(true);
    expect((await db.exchanges.toArray()).map((e) => e.transactionKey)).toEqual([makeRow(19).key]);
    expect(await db.exchangeBodies.count()).toBe(1);
  });

  it('keeps at most maxCount transactions (oldest go first) and respects maxAgeDays', async () => {
    const db = freshDb();
    await db.transactions.bulkPut(Array.from({ length: 20 }, (_, i) => makeRow(i)));
    expect(await applyRetention(db, { maxAgeDays: null, maxCount: 15 })).toBe(5);
    expect(await db.transactions.count()).toBe(15);
    expect(await db.transactions.get(makeRow(4).key)).toBeUndefined();
    expect(await db.transactions.get(makeRow(5).key)).toBeDefined();
    const now = T0 + 86_400_000 + 7000;
    expect(await applyRetention(db, { maxAgeDays: 1, maxCount: null }, now)).toBe(9);
    expect(await db.transactions.count()).toBe(6);
  });
});
