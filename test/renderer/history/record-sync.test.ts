/**
 * Issue 26 §1: History is an index of main's record. These drive the renderer's sync against main's side
 * as the contract defines it (`record.head`, `record.since`, the `record.appended` push) and a real
 * (fake-indexeddb) History database.
 */
import { describe, expect, it } from 'vitest';
import type { ConsoleApi } from '@shared/contract';
import type { RecordEntry } from '@shared/contract/record';
import type { DeliveryRecord } from '@shared/contract/notifications';
import { recordExchanges } from '../../../src-renderer/src/db/history-writer';
import { forgetShopWorld } from '../../../src-renderer/src/db/forget-shop-world';
import { readRecordCursor, writeRecordCursor, type RecordCursor } from '../../../src-renderer/src/db/record-cursor';
import { createRecordSync, type RecordProgress } from '../../../src-renderer/src/services/record-sync';
import { freshDb, lookupProfile, statusExchange, T0 } from '../db/fixtures';
import { makeDelivery } from '../notifications/fixtures';

function fakeMain(journalId = 'journal-1') {
  const state = { journalId, entries: [] as RecordEntry[] };
  const sinceCalls: number[] = [];
  const listeners: ((entry: RecordEntry) => void)[] = [];
  const api = {
    'record.head': async () => ({
      ok: true as const,
      value: {
        journalId: state.journalId,
        head: state.entries.at(-1)?.seq ?? 0,
        entries: state.entries.length,
        unreadableLines: 0,
      },
    }),
    'record.since': async ({ after, limit = 500 }: { after: number; limit?: number }) => {
      sinceCalls.push(after);
      const entries = state.entries.filter((entry) => entry.seq > after).slice(0, limit);
      const next = entries.at(-1)?.seq ?? after;
      return {
        ok: true as const,
        value: {
          entries,
          next,
          head: state.entries.at(-1)?.seq ?? 0,
          journalId: state.journalId,
          done: !state.entries.some((entry) => entry.seq > next),
        },
      };
    },
    on: (_event: string, listener: (entry: RecordEntry) => void) => {
      listeners.push(listener);
      return () => listeners.splice(listeners.indexOf(listener), 1);
    },
  };
  const append = (transactionId: string, status = 'Pending'): RecordEntry => {
    const entry: RecordEntry = {
      seq: state.entries.length + 1,
      kind: 'exchange',
      exchange: statusExchange(transactionId, status, T0 + state.entries.length),
    };
    state.entries.push(entry);
    return entry;
  };
  const push = (entry: RecordEntry) => listeners.forEach((listener) => listener(entry));
  return { api: api as unknown as ConsoleApi, state, sinceCalls, append, push };
}

function syncFor(main: ReturnType<typeof fakeMain>, pageSize = 100) {
  const db = freshDb();
  const progress: Array<RecordProgress | null> = [];
  const deliveries: DeliveryRecord[] = [];
  /** How many exchanges each store was handed (one store is one database transaction). */
  const runs: number[] = [];
  const sync = createRecordSync({
    api: main.api,
    cursor: { get: () => readRecordCursor(db), set: (cursor: RecordCursor) => writeRecordCursor(db, cursor) },
    storeExchanges: async (exchanges) => {
      runs.push(exchanges.length);
      await recordExchanges(db, exchanges, lookupProfile);
    },
    storeNotification: async (delivery) => void deliveries.push(delivery),
    forgetShopWorld: async (worldId, beforeSeq) => void (await forgetShopWorld(db, worldId, beforeSeq)),
    onProgress: (next) => progress.push(next),
    pageSize,
  });
  return { db, sync, progress, deliveries, runs };
}

describe('History as an index of main’s record', () => {
  it('issue 26 defect: a new origin started with an empty History — now it is rebuilt from the record with progress', async () => {
    const main = fakeMain();
    for (let i = 0; i < 1200; i += 1) main.append(`s2T${i}`);
    const { db, sync, progress } = syncFor(main, 250);
    await sync.start();
    expect(await db.transactions.count()).toBe(1200);
    expect(await readRecordCursor(db)).toEqual({ journalId: 'journal-1', seq: 1200 });
    expect(progress[0]).toEqual({ done: 0, total: 1200, rebuilding: true });
    // Progress moves through the rebuild, page by page (not only at its start and end).
    const along = progress.filter((step) => step !== null && step.done > 0 && step.done < 1200);
    expect(along.length).toBeGreaterThanOrEqual(3);
    expect(along.every((step) => step?.total === 1200 && step.rebuilding)).toBe(true);
    expect(progress.at(-2)).toEqual({ done: 1200, total: 1200, rebuilding: true });
    expect(progress.at(-1)).toBeNull();
    sync.stop();
  });

  it('issue 26 defect: calls made while no window was open never appeared — now a page catches up from its last seq', async () => {
    const main = fakeMain();
    main.append('s2SEEN');
    const { db, sync } = syncFor(main);
    await sync.start();
    sync.stop();
    // Made by the CLI (or while the page was closed): pushed to nobody.
    main.append('s2WHILECLOSED', 'Success');
    await sync.start();
    expect(main.sinceCalls.at(-1)).toBe(1);
    expect(await db.transactions.get('s2WHILECLOSED')).toMatchObject({ paymentStatus: 'Success' });
    sync.stop();
  });

  it('applies live entries in seq order: one pushed ahead of a gap waits for the gap; a duplicate is harmless', async () => {
    const main = fakeMain();
    main.append('s2A');
    const { db, sync } = syncFor(main);
    await sync.start();
    const missed = main.append('s2B', 'Pending');
    const newer = main.append('s2B', 'Success');
    main.push(newer);
    main.push(missed);
    main.push(newer);
    await sync.catchUp();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await db.transactions.get('s2B')).toMatchObject({ paymentStatus: 'Success' });
    expect(await db.exchanges.count()).toBe(3);
    expect(await readRecordCursor(db)).toEqual({ journalId: 'journal-1', seq: 3 });
    sync.stop();
  });

  it('issue 28 §1: a burst of live entries is stored in a few database transactions, not one per exchange', async () => {
    const main = fakeMain();
    main.append('s2FIRST');
    const { db, sync, runs } = syncFor(main);
    await sync.start();
    runs.length = 0;
    const burst = Array.from({ length: 50 }, (_, n) => main.append(`s2BURST${n}`));
    for (const entry of burst) main.push(entry);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await db.exchanges.count()).toBe(51);
    expect(await readRecordCursor(db)).toEqual({ journalId: 'journal-1', seq: 51 });
    expect(runs).toEqual([50]);
    sync.stop();
  });

  it('issue 28 §2: a catch-up stores the live entry that revealed the gap with the page before it, and nothing twice', async () => {
    const main = fakeMain();
    main.append('s2FIRST');
    const { db, sync, runs } = syncFor(main, 10);
    await sync.start();
    runs.length = 0;
    // Ten calls pushed to nobody, then a live one: the page of ten and the live entry go in together.
    for (let n = 0; n < 10; n += 1) main.append(`s2MISSED${n}`);
    main.push(main.append('s2LIVE', 'Success'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await sync.catchUp();
    expect(await db.exchanges.count()).toBe(12);
    expect(await db.transactions.get('s2LIVE')).toMatchObject({ paymentStatus: 'Success' });
    expect(await readRecordCursor(db)).toEqual({ journalId: 'journal-1', seq: 12 });
    expect(runs).toEqual([11]);
    sync.stop();
  });

  it('rebuilds from the start when the record is another journal (another user-data folder)', async () => {
    const main = fakeMain('journal-2');
    main.append('s2OTHER');
    const { db, sync } = syncFor(main);
    await writeRecordCursor(db, { journalId: 'journal-1', seq: 50 });
    await sync.start();
    expect(main.sinceCalls[0]).toBe(0);
    expect(await db.transactions.get('s2OTHER')).toBeDefined();
    sync.stop();
  });

  it('hands notification entries to the notifications’ own handling, in order with the exchanges', async () => {
    const main = fakeMain();
    main.append('s2A');
    main.state.entries.push({ seq: 2, kind: 'notification', delivery: makeDelivery(7) });
    const { sync, deliveries, db } = syncFor(main);
    await sync.start();
    expect(deliveries.map((delivery) => delivery.seq)).toEqual([7]);
    expect(await readRecordCursor(db)).toEqual({ journalId: 'journal-1', seq: 2 });
    sync.stop();
  });

  it('a cursor row that does not parse counts as none: History is rebuilt, not trusted', async () => {
    const main = fakeMain();
    main.append('s2A');
    const { db, sync } = syncFor(main);
    await db.recordIndex.put({ key: 'record', journalId: 'journal-1', seq: -5 } as never);
    await sync.start();
    expect(main.sinceCalls[0]).toBe(0);
    sync.stop();
  });

  it('issue 29: a shop world’s reset in the record takes that world’s calls out of History, live and when rebuilt alike', async () => {
    const main = fakeMain();
    const shopCall = (transactionID: string, worldId: string, via: 'world' | 'proxy' = 'world'): RecordEntry => {
      const entry: RecordEntry = {
        seq: main.state.entries.length + 1,
        kind: 'shop',
        shop: {
          kind: 'call',
          seq: main.state.entries.length + 1,
          worldId,
          via,
          receivedAt: new Date(T0 + main.state.entries.length).toISOString(),
          worldTime: new Date(T0).toISOString(),
          method: 'POST',
          path: '/api/v2/payments',
          operation: 'createOrder',
          request: { headers: {}, authScheme: 'Bearer', body: null, bodyTruncated: false },
          response: { status: 200, headers: {}, body: '{}', fault: null },
          durationMs: 1,
          transactionID,
          merchantTransactionId: `order-${transactionID}`,
          statusCode: '000',
          paymentStatus: 'Pending',
        },
      };
      main.state.entries.push(entry);
      return entry;
    };
    const reset = (worldId: string): RecordEntry => {
      const entry: RecordEntry = {
        seq: main.state.entries.length + 1,
        kind: 'shopReset',
        shopReset: { worldId, at: new Date(T0).toISOString() },
      };
      main.state.entries.push(entry);
      return entry;
    };
    main.append('s2CONSOLE');
    shopCall('s2BEFORE', 'shop');
    shopCall('s2PROXIED', 'proxy-1', 'proxy');
    reset('shop');
    shopCall('s2AFTER', 'shop');
    const ids = async (db: ReturnType<typeof freshDb>) =>
      (await db.exchanges.toArray()).map((row) => row.transactionID).sort();
    const expected = ['s2AFTER', 's2CONSOLE', 's2PROXIED'];

    const live = syncFor(main);
    await live.sync.start();
    expect(await ids(live.db)).toEqual(expected);
    expect(await live.db.transactions.get('s2BEFORE')).toBeUndefined();
    // The proxied call's row is marked as having gone through the proxy; the world's is only "from the shop".
    const rows = await live.db.transactions.toArray();
    expect(rows.filter((row) => row.viaProxy).map((row) => row.transactionId)).toEqual(['s2PROXIED']);
    expect(rows.filter((row) => row.fromShop).length).toBe(2);
    // Pushed live: the next reset takes the call made since out too.
    main.push(reset('shop'));
    await expect.poll(() => ids(live.db)).toEqual(['s2CONSOLE', 's2PROXIED']);
    live.sync.stop();

    // A History rebuilt from the record agrees.
    const rebuilt = syncFor(main);
    await rebuilt.sync.start();
    expect(await ids(rebuilt.db)).toEqual(['s2CONSOLE', 's2PROXIED']);
    rebuilt.sync.stop();
  });
});
