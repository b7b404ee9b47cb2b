import { describe, expect, it } from 'vitest';
import { exchangesOf, notificationsOf } from '../../../src-renderer/src/db/exchange-query';
import { recordExchange } from '../../../src-renderer/src/db/history-writer';
import { getTransaction } from '../../../src-renderer/src/db/transaction-query';
import { ingestDelivery } from '../../../src-renderer/src/services/notification-ingest';
import { notificationRowsOf } from '../../../src-renderer/src/services/notification-query';
import { buildTimeline } from '../../../src-renderer/src/composables/timeline';
import { freshDb, lookupProfile, makeExchange, makeRow } from '../db/fixtures';
import { makeDelivery, notificationJson, TX } from './fixtures';

describe('notification ingestion', () => {
  it('creates the transaction when history does not know it, labelled with the profile, with the notified status', async () => {
    const db = freshDb();
    const outcome = await ingestDelivery(db, makeDelivery(1), lookupProfile);

    expect(outcome.createdTransaction).toBe(true);
    const row = await getTransaction(db, TX);
    expect(row).toMatchObject({
      transactionId: TX,
      merchantTransactionId: 'order-77',
      profileId: 'sandbox',
      profileName: 'Sandbox',
      environment: 'sandbox',
      amount: 16.2,
      currency: 'EUR',
      methods: ['MBWAY'],
      paymentStatus: 'Success',
      statusKey: 'Success',
    });
    const [stored] = await notificationRowsOf(db, TX);
    expect(stored).toMatchObject({ notificationId: 'aaaaaaaa-0000-4000-8000-000000000001', paymentStatus: 'Success' });
  });

  it('defect "Orders card says Success · final while History says Pending": an accepted notification updates the History row at once, without a status query', async () => {
    const db = freshDb();
    const existing = makeRow(1, { key: TX, transactionId: TX, paymentStatus: 'Pending', statusKey: 'Pending' });
    await db.transactions.put(existing);
    const outcome = await ingestDelivery(db, makeDelivery(1), lookupProfile);

    expect(outcome.createdTransaction).toBe(false);
    expect(await getTransaction(db, TX)).toMatchObject({
      paymentStatus: 'Success',
      statusKey: 'Success',
      statusReport: { source: 'notification', status: 'Success' },
    });
    expect(await notificationsOf(db, TX)).toHaveLength(1);
  });

  it('a rejected delivery (forged, not authenticated) claiming Success never changes the row', async () => {
    const db = freshDb();
    const existing = makeRow(1, { key: TX, transactionId: TX, paymentStatus: 'Pending', statusKey: 'Pending' });
    await db.transactions.put(existing);
    const forged = makeDelivery(1, notificationJson(), {
      verdict: 'rejected',
      httpStatus: 403,
      problem: {
        code: 'authentication-failed',
        message: 'No configured webhook secret authenticates this notification.',
      },
    });
    await ingestDelivery(db, forged, lookupProfile);

    expect(await getTransaction(db, TX)).toEqual(existing);
  });

  it('a notification about an older change does not undo a newer status answer; a final one outweighs an open answer', async () => {
    const db = freshDb();
    // The status query saw InProcessing at 10:05 gateway time.
    await recordExchange(
      db,
      makeExchange({
        transactionID: TX,
        paymentStatus: 'InProcessing',
        response: {
          status: 200,
          headers: {},
          bodyText: JSON.stringify({ paymentStatus: 'InProcessing', transactionDateTime: '2026-01-01T10:05:00Z' }),
        },
      }),
      lookupProfile,
    );
    // A late retry of the 10:00 Pending notification arrives afterwards: it is older news.
    await ingestDelivery(db, makeDelivery(1, notificationJson({ paymentStatus: 'Pending' })), lookupProfile);
    expect(await getTransaction(db, TX)).toMatchObject({ paymentStatus: 'InProcessing' });

    // A Declined notification dated before the answer still wins: finals never change back.
    await ingestDelivery(
      db,
      makeDelivery(
        2,
        notificationJson({
          paymentStatus: 'Declined',
          returnStatus: { statusCode: '01.106.0004', statusMsg: 'Declined' },
          notificationID: 'bbbbbbbb-0000-4000-8000-000000000002',
        }),
      ),
      lookupProfile,
    );
    expect(await getTransaction(db, TX)).toMatchObject({
      paymentStatus: 'Declined',
      declineReason: { statusCode: '01.106.0004' },
    });
  });

  it('flags a redelivery of the same notificationID as a duplicate of the first, even when main did not', async () => {
    const db = freshDb();
    await ingestDelivery(db, makeDelivery(1), lookupProfile);
    await ingestDelivery(
      db,
      makeDelivery(2, notificationJson(), { duplicate: true, duplicateOfSeq: 1 }),
      lookupProfile,
    );
    // A journal that lost its memory (new user-data folder) does not flag it; the stored rows still tell.
    await ingestDelivery(db, makeDelivery(3), lookupProfile);
    // A new status change has a new notificationID: not a duplicate.
    await ingestDelivery(
      db,
      makeDelivery(4, notificationJson({ notificationID: 'bbbbbbbb-0000-4000-8000-000000000002' })),
      lookupProfile,
    );

    const rows = await notificationRowsOf(db, TX);
    expect(rows.map((row) => [row.seq, row.duplicate, row.duplicateOf])).toEqual([
      [1, false, null],
      [2, true, 'delivery-1'],
      [3, true, 'delivery-1'],
      [4, false, null],
    ]);
  });

  it('stores the same delivery once, however often it arrives (push and catch-up)', async () => {
    const db = freshDb();
    await ingestDelivery(db, makeDelivery(1), lookupProfile);
    const again = await ingestDelivery(db, makeDelivery(1), lookupProfile);

    expect(again.alreadyStored).toBe(true);
    expect(again.row.duplicate).toBe(false);
    expect(await db.notifications.count()).toBe(1);
  });

  it('stores a delivery that could not be decrypted, with the reason, and invents no transaction', async () => {
    const db = freshDb();
    const { row } = await ingestDelivery(db, makeDelivery(1, null), lookupProfile);

    expect(row).toMatchObject({ verdict: 'rejected', transactionId: null, notificationId: null });
    expect(row.problem).toContain('No configured webhook secret authenticates this notification.');
    expect(await db.transactions.count()).toBe(0);
    expect(await db.notifications.count()).toBe(1);
  });

  it('puts notifications on the transaction timeline next to its exchanges, duplicates marked', async () => {
    const db = freshDb();
    const create = makeExchange({ operation: 'createOrder', transactionID: TX, paymentStatus: 'Pending' });
    await recordExchange(db, create, lookupProfile);
    await ingestDelivery(db, makeDelivery(1), lookupProfile);
    await ingestDelivery(db, makeDelivery(2), lookupProfile);

    const timeline = buildTimeline(await exchangesOf(db, TX), await notificationsOf(db, TX));
    const notified = timeline.filter((entry) => entry.kind === 'notification');
    expect(notified.map((entry) => [entry.title, entry.detail, entry.paymentStatus])).toEqual([
      ['Notification received', 'notificationID aaaaaaaa-0000-4000-8000-000000000001', 'Success'],
      ['Notification received (duplicate)', 'notificationID aaaaaaaa-0000-4000-8000-000000000001', 'Success'],
    ]);
  });
});
