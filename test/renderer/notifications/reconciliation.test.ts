import { describe, expect, it } from 'vitest';
import { recordExchange } from '../../../src-renderer/src/db/history-writer';
import type { TransactionRecord } from '../../../src-renderer/src/db/records';
import { ingestDelivery } from '../../../src-renderer/src/services/notification-ingest';
import { rowFromDelivery, type NotificationRow } from '../../../src-renderer/src/services/notification-rows';
import {
  findReconciliationFlags,
  latestNotification,
  reconcile,
} from '../../../src-renderer/src/services/reconciliation';
import { freshDb, lookupProfile, makeExchange, makeRow } from '../db/fixtures';
import { makeDelivery, notificationJson, TX } from './fixtures';

const row = (status: string | null): TransactionRecord =>
  makeRow(1, { key: TX, transactionId: TX, paymentStatus: status, statusKey: status ?? 'NotSeen' });

let nextId = 0;
/** A stored notification with this status, received in the order the calls are made. */
const notified = (status: string, extra: Partial<NotificationRow> = {}): NotificationRow => {
  nextId += 1;
  return {
    ...rowFromDelivery(
      makeDelivery(nextId, notificationJson({ paymentStatus: status, notificationID: `n-${nextId}` })),
    ),
    ...extra,
  };
};

describe('reconciliation rules', () => {
  it('flags a transaction whose latest notification and latest status answer disagree', () => {
    const flag = reconcile(row('Pending'), [notified('Pending'), notified('Success')]);
    expect(flag).toMatchObject({ kind: 'disagree', statusSays: 'Pending', notificationSays: 'Success' });
    expect(flag?.message).toBe('The latest notification says Success; the latest status answer says Pending.');
  });

  it('does not flag when they agree', () => {
    expect(reconcile(row('Success'), [notified('Pending'), notified('Success')])).toBeNull();
    expect(reconcile(row('Pending'), [])).toBeNull();
  });

  it('flags a transaction final by status that was never notified', () => {
    expect(reconcile(row('Declined'), [])).toMatchObject({ kind: 'never-notified', notificationSays: null });
    // Refused deliveries do not count as being notified.
    expect(reconcile(row('Success'), [notified('Success', { verdict: 'rejected' })])?.kind).toBe('never-notified');
  });

  it('flags a notified transaction whose status was never queried', () => {
    expect(reconcile(row(null), [notified('Success')])).toMatchObject({ kind: 'never-queried', statusSays: null });
  });

  it('does not let a late, out-of-order notification of an earlier status count as the latest', () => {
    const success = notified('Success');
    const latePending = notified('Pending'); // received after, but a final status never changes
    expect(latestNotification([success, latePending])).toBe(success);
    expect(reconcile(row('Success'), [success, latePending])).toBeNull();
  });

  it('ignores duplicates: a retry says nothing new', () => {
    const pending = notified('Pending');
    const retry = { ...notified('Success'), duplicate: true };
    expect(latestNotification([pending, retry])).toBe(pending);
  });

  it('finds the flagged transactions in history, and a status query that agrees clears the flag', async () => {
    const db = freshDb();
    // Created here, Pending; the MB WAY approval arrives by notification only.
    await recordExchange(
      db,
      makeExchange({ operation: 'createOrder', transactionID: TX, paymentStatus: 'Pending' }),
      lookupProfile,
    );
    await ingestDelivery(db, makeDelivery(1), lookupProfile);
    // Another transaction, final by status, never notified.
    await db.transactions.put(makeRow(2, { paymentStatus: 'Declined', statusKey: 'Declined' }));
    // A third, notified and queried, in agreement.
    await db.transactions.put(makeRow(3, { paymentStatus: 'Success', statusKey: 'Success' }));
    await ingestDelivery(
      db,
      makeDelivery(2, notificationJson({ transactionID: makeRow(3).transactionId, notificationID: 'n-3' })),
      lookupProfile,
    );

    const flags = await findReconciliationFlags(db);
    expect(flags.map((flag) => [flag.transaction.key, flag.kind]).sort()).toEqual([
      [TX, 'disagree'],
      [makeRow(2).key, 'never-notified'],
    ]);

    await recordExchange(
      db,
      makeExchange({
        operation: 'getStatus',
        transactionID: TX,
        paymentStatus: 'Success',
        timings: { startedAt: new Date(Date.UTC(2027, 0, 1)).toISOString(), durationMs: 5, attempts: 1 },
      }),
      lookupProfile,
    );
    expect((await findReconciliationFlags(db)).map((flag) => flag.transaction.key)).toEqual([makeRow(2).key]);
  });
});
