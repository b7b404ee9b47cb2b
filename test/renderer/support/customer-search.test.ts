/**
 * Issue 27 item 10: History search and the support lookup box find a transaction by the customer's
 * e-mail or phone, and on a guarded profile (production, lookup-only) only by what the mask shows.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { recordExchange, type ProfileInfo } from '../../../src-renderer/src/db/history-writer';
import { getTransaction, searchTransactions } from '../../../src-renderer/src/db/transaction-query';
import { planLookup } from '../../../src-renderer/src/services/single-lookup';
import { freshDb, makeExchange } from '../db/fixtures';

const db = freshDb();
afterAll(() => db.close());
const PROFILES: Record<string, ProfileInfo> = {
  sandbox: { id: 'sandbox', name: 'Sandbox', environment: 'sandbox', variant: 'A' },
  live: { id: 'live', name: 'Live shop', environment: 'production', variant: 'A' },
};
const profiles = (id: string) => PROFILES[id];

const order = async (profileId: string, transactionId: string, email: string, phone: string) => {
  const body = {
    merchant: { terminalId: 1, channel: 'web', merchantTransactionId: `shop-${transactionId}` },
    transaction: { amount: { value: 12, currency: 'EUR' }, paymentMethod: ['MBWAY'] },
    customer: { customerInfo: { customerName: 'Ana Silva', customerEmail: email, customerPhone: phone } },
  };
  await recordExchange(
    db,
    makeExchange({
      profileId,
      operation: 'createOrder',
      method: 'POST',
      transactionID: transactionId,
      request: { headers: {}, body: JSON.stringify(body) },
    }),
    profiles,
  );
};

await order('sandbox', 's2SearchSandbox000001', 'Ana.Silva@Example.pt', '+351912345678');
await order('live', 's2SearchLive000000001', 'rui.costa@shop.pt', '+351934567890');

describe('issue 27 item 10: search by customer e-mail and phone', () => {
  it('History search finds a Sandbox order by e-mail (any case) and by phone (with or without country code)', async () => {
    const keys = async (text: string) => (await searchTransactions(db, text)).map((row) => row.key);
    expect(await keys('ana.silva@example.pt')).toEqual(['s2SearchSandbox000001']);
    expect(await keys('+351 912 345 678')).toEqual(['s2SearchSandbox000001']);
    expect(await keys('912345678')).toEqual(['s2SearchSandbox000001']);
    expect(await keys('other@example.pt')).toEqual([]);
  });

  it('the support lookup box finds it too', async () => {
    expect(await planLookup(db, 'ana.silva@example.pt')).toMatchObject({
      kind: 'history',
      queryTransactionId: 's2SearchSandbox000001',
    });
  });

  it('a production order keeps only the masked e-mail and phone, and is found only by what the mask shows', async () => {
    const row = (await getTransaction(db, 's2SearchLive000000001'))!;
    expect(row.customerMasked).toBe(true);
    expect(JSON.stringify([row.customerEmail, row.customerPhone])).not.toMatch(/rui|costa|shop|934567/);
    expect((await searchTransactions(db, 'rui.costa@shop.pt')).map((r) => r.key)).toEqual(['s2SearchLive000000001']);
    expect((await searchTransactions(db, '+351934567890')).map((r) => r.key)).toEqual(['s2SearchLive000000001']);
    // Another address or number the mask tells apart does not match.
    expect(await searchTransactions(db, 'ana.costa@shop.pt')).toEqual([]);
    expect(await searchTransactions(db, '+351934567891')).toEqual([]);
  });
});

describe('issue 27 item 10: the lookup box narrows by amount and date range', () => {
  it('finds History rows by exact amount within the days given, and says so plainly when none match', async () => {
    const other = freshDb();
    const { makeRow, T0 } = await import('../db/fixtures');
    await other.transactions.bulkPut([
      makeRow(1, { amount: 23.4, createdAt: T0, updatedAt: T0 }),
      makeRow(2, { amount: 23.4, createdAt: T0 + 3 * 86_400_000, updatedAt: T0 + 3 * 86_400_000 }),
      makeRow(3, { amount: 9.99, createdAt: T0, updatedAt: T0 }),
    ]);
    const plan = await planLookup(other, '', { amount: 23.4, from: T0, to: T0 + 86_400_000 - 1 });
    expect(plan).toMatchObject({ kind: 'history', rows: [{ key: makeRow(1).key }] });
    expect(await planLookup(other, '', { amount: 23.4 })).toMatchObject({ kind: 'history', rows: { length: 2 } });
    expect(await planLookup(other, '', { amount: 5 })).toEqual({ kind: 'no-match' });
    // An id with a narrowing that excludes it is not found in History.
    const narrowedOut = await planLookup(other, 'order-3', { amount: 23.4 });
    expect(narrowedOut.kind).not.toBe('history');
    other.close();
  });
});
