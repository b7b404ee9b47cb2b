import { describe, expect, it } from 'vitest';
import { recordExchange } from '../../../src-renderer/src/db/history-writer';
import { getTransaction } from '../../../src-renderer/src/db/transaction-query';
import { runBulkLookup, type LookupRow } from '../../../src-renderer/src/services/bulk-lookup';
import { ingestDelivery } from '../../../src-renderer/src/services/notification-ingest';
import { freshDb, lookupProfile, makeExchange } from '../db/fixtures';
import { makeDelivery, notificationJson, TX } from '../notifications/fixtures';

describe('the bulk lookup table shows the state every other screen shows', () => {
  it('a status answer about an older moment does not make a payment a notification declined look Pending again', async () => {
    const db = freshDb();
    await recordExchange(
      db,
      makeExchange({ operation: 'createOrder', transactionID: TX, paymentStatus: 'Pending' }),
      lookupProfile,
    );
    // The shopper declined at 10:05 (gateway time); the notification said so.
    await ingestDelivery(
      db,
      makeDelivery(1, notificationJson({ paymentStatus: 'Declined', transactionDateTime: '2026-01-01T10:05:00Z' })),
      lookupProfile,
    );
    // A status answer served from a stale replica: Pending as of 10:00.
    const body = {
      paymentStatus: 'Pending',
      transactionDateTime: '2026-01-01T10:00:00Z',
      returnStatus: { statusCode: '000' },
    };
    const stale = makeExchange({
      transactionID: TX,
      paymentStatus: 'Pending',
      response: { status: 200, headers: {}, bodyText: JSON.stringify(body) },
    });
    const rows: LookupRow[] = [];
    await runBulkLookup([TX], {
      api: { 'payments.status': () => Promise.resolve({ ok: true, value: { exchange: stale, response: body } }) },
      db,
      profiles: lookupProfile,
      profileId: 'sandbox',
      concurrency: 1,
      onRow: (row) => rows.push(row),
      onProgress: () => undefined,
    });

    const history = await getTransaction(db, TX);
    expect(history?.paymentStatus).toBe('Declined');
    expect(rows.map((row) => [row.status, row.final])).toEqual([['Declined', true]]);
  });
});
