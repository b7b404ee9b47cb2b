/**
 * Resetting the shop's world (issue 29 §1): what the shop did before the reset is gone from the world's
 * capture and from what the Traffic view reads (`shop.traffic`), while main's record stays append-only —
 * the reset is an entry of its own. Reset through main or straight through the world's control API (a
 * shop's CI), the same. A real shop HTTP client on a real console core.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ShopConnection } from '../../../src-shared/contract/shop';
import type { RecordEntry } from '../../../src-shared/contract/record';
import { SHOP_WORLD_ID } from '../../../src-shared/sandbox-worlds';
import { shopCreates, startShopCore, type CoreHarness } from './shop-core';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});
const start = () => startShopCore(cleanups);
const createdId = async (connection: ShopConnection) => (await shopCreates(connection)).transactionID!;

const trafficIds = async (harness: CoreHarness): Promise<string[]> =>
  ((await harness.call('shop.traffic', { after: 0 })).entries as Array<{ shop: { transactionID: string } }>).map(
    (record) => record.shop.transactionID,
  );

describe('resetting the shop’s world', () => {
  it('through main: the capture and the Traffic view’s list are empty, the record keeps a reset entry, new traffic appears', async () => {
    const { harness, connection } = await start();
    const before = await createdId(connection);
    await expect.poll(() => trafficIds(harness)).toEqual([before]);

    await harness.call('simulator.reset', { worldId: SHOP_WORLD_ID });
    const world = harness.core.simulator!.worlds.get(SHOP_WORLD_ID)!;
    expect(world.traffic.since(0).entries).toEqual([]);
    expect(await trafficIds(harness)).toEqual([]);
    const record = (await harness.call('record.since', { after: 0 })).entries as RecordEntry[];
    // Append-only: the call is still in the record, followed by the reset that hides it.
    expect(record.map((entry) => entry.kind)).toEqual(['shop', 'shopReset']);
    expect(record[1]).toMatchObject({ kind: 'shopReset', shopReset: { worldId: SHOP_WORLD_ID } });
    const pushed = harness.events.filter(
      (event) => event.name === 'record.appended' && (event.payload as RecordEntry).kind === 'shopReset',
    );
    expect(pushed).toHaveLength(1);

    const after = await createdId(connection);
    await expect.poll(() => trafficIds(harness)).toEqual([after]);
    // Read in pages, the reset still tells the reader what the earlier page held is gone.
    const first = await harness.call('shop.traffic', { after: 0, limit: 1 });
    expect(first.entries.map((record: { shop: { transactionID: string } }) => record.shop.transactionID)).toEqual([
      before,
    ]);
    const rest = await harness.call('shop.traffic', { after: first.next });
    expect(rest.resets).toEqual([{ seq: record[1]!.seq, worldId: SHOP_WORLD_ID }]);
  });

  it('straight through the world’s control API (a shop’s CI), the reset is recorded just the same', async () => {
    const { harness, connection } = await start();
    await createdId(connection);
    await expect.poll(async () => (await trafficIds(harness)).length).toBe(1);
    const world = harness.core.simulator!.worlds.get(SHOP_WORLD_ID)!;
    const answer = await fetch(`${world.controlUrl}/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(200);
    await expect.poll(() => trafficIds(harness)).toEqual([]);
  });
});
