import { describe, expect, it } from 'vitest';
import type { ConsoleApi } from '@shared/contract';
import type { DeliveryRecord } from '@shared/contract/notifications';
import { notificationRowsOf } from '../../../src-renderer/src/services/notification-query';
import {
  createNotificationSync,
  localCursor,
  type CursorStore,
} from '../../../src-renderer/src/services/notification-sync';
import { freshDb, lookupProfile } from '../db/fixtures';
import { makeDelivery, notificationJson, TX } from './fixtures';

/**
 * Main's side of the sync as the contract defines it: a journal paged by seq cursor, the receiver's
 * delivery count, and the `notifications.received` push.
 */
function fakeMain() {
  const journal: DeliveryRecord[] = [];
  const listCalls: number[] = [];
  const listeners: ((record: DeliveryRecord) => void)[] = [];
  const api = {
    'notifications.list': async (input?: { after?: number; limit?: number }) => {
      const after = input?.after ?? 0;
      const limit = input?.limit ?? 100;
      listCalls.push(after);
      const records = journal.filter((r) => r.seq > after).slice(0, limit);
      const last = records.at(-1);
      return {
        ok: true as const,
        value: {
          records,
          nextCursor: last ? last.seq : after,
          hasMore: journal.some((r) => r.seq > (last?.seq ?? after)),
        },
      };
    },
    'notifications.receiverStatus': async () => ({
      ok: true as const,
      value: { deliveries: journal.length, unreadableJournalLines: 0 },
    }),
    on: (_event: string, listener: (record: DeliveryRecord) => void) => {
      listeners.push(listener);
      return () => listeners.splice(listeners.indexOf(listener), 1);
    },
  };
  const deliver = () => {
    const record = makeDelivery(journal.length + 1, notificationJson({ notificationID: `n-${journal.length + 1}` }));
    journal.push(record);
    return record;
  };
  const push = (record: DeliveryRecord) => listeners.forEach((listener) => listener(record));
  return { api: api as unknown as ConsoleApi, journal, listCalls, deliver, push, listeners };
}

function memoryCursor(start = 0): CursorStore & { value: number } {
  const cursor = { value: start, get: () => cursor.value, set: (seq: number) => (cursor.value = seq) };
  return cursor;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200 && !(await check()); i++) await settle();
}

describe('notification sync', () => {
  it('catches up page by page from the cursor at start, and remembers how far it got', async () => {
    const main = fakeMain();
    for (let i = 0; i < 7; i++) main.deliver();
    const db = freshDb();
    const cursor = memoryCursor();
    await createNotificationSync({ api: main.api, db, profiles: lookupProfile, cursor, pageSize: 3 }).start();

    expect((await notificationRowsOf(db, TX)).map((row) => row.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(cursor.value).toBe(7);
    expect(main.listCalls).toEqual([0, 3, 6]);
  });

  it('gets what arrived while the page was closed, reading only after the saved cursor', async () => {
    const main = fakeMain();
    main.deliver();
    main.deliver();
    const db = freshDb();
    const cursor = memoryCursor();
    const first = createNotificationSync({ api: main.api, db, profiles: lookupProfile, cursor });
    await first.start();
    first.stop();

    main.deliver(); // received by main while no page was listening
    main.listCalls.length = 0;
    await createNotificationSync({ api: main.api, db, profiles: lookupProfile, cursor }).start();

    expect(main.listCalls[0]).toBe(2);
    expect((await notificationRowsOf(db, TX)).map((row) => row.seq)).toEqual([1, 2, 3]);
    expect(cursor.value).toBe(3);
  });

  it('stores pushed deliveries at once and reads the journal when a push reveals a gap', async () => {
    const main = fakeMain();
    const db = freshDb();
    const cursor = memoryCursor();
    const stored: number[] = [];
    await createNotificationSync({
      api: main.api,
      db,
      profiles: lookupProfile,
      cursor,
      onStored: (outcome) => stored.push(outcome.row.seq),
    }).start();

    main.push(main.deliver());
    await until(async () => cursor.value === 1);
    expect(stored).toEqual([1]);

    main.deliver(); // its push was lost (the event stream reconnected)
    main.push(main.deliver());
    await until(async () => cursor.value === 3);
    expect((await notificationRowsOf(db, TX)).map((row) => row.seq)).toEqual([1, 2, 3]);
    expect(stored.sort()).toEqual([1, 2, 3]);
  });

  it('starts over when the journal is shorter than the cursor (a different user-data folder)', async () => {
    const main = fakeMain();
    main.deliver();
    const db = freshDb();
    const cursor = memoryCursor(40);
    await createNotificationSync({ api: main.api, db, profiles: lookupProfile, cursor }).start();

    expect(await db.notifications.count()).toBe(1);
    expect(cursor.value).toBe(1);
  });

  it('keeps the cursor in localStorage', () => {
    const cursor = localCursor(localStorage, 'test-cursor');
    expect(cursor.get()).toBe(0);
    cursor.set(12);
    expect(localCursor(localStorage, 'test-cursor').get()).toBe(12);
    localStorage.setItem('test-cursor', 'garbage');
    expect(cursor.get()).toBe(0);
  });
});
