import { describe, expect, it } from 'vitest';
import { exchangesOf, loadExchange } from '../../../src-renderer/src/db/exchange-query';
import { recordExchange } from '../../../src-renderer/src/db/history-writer';
import { BODY_LIMIT_CHARS } from '../../../src-renderer/src/db/records';
import { getTransaction } from '../../../src-renderer/src/db/transaction-query';
import { createExchange, freshDb, lookupProfile, makeExchange, statusExchange, T0 } from './fixtures';

describe('recording exchanges into history', () => {
  it('creates a row from a create-order exchange with what the request and response said', async () => {
    const db = freshDb();
    await recordExchange(db, createExchange('s2new1', 'm-1', T0), lookupProfile);
    expect(await getTransaction(db, 's2new1')).toMatchObject({
      transactionId: 's2new1',
      merchantTransactionId: 'm-1',
      profileName: 'Sandbox',
      environment: 'sandbox',
      variant: 'A',
      amount: 12.5,
      currency: 'EUR',
      methods: ['REFERENCE', 'MBWAY'],
      statusKey: 'NotSeen',
      expiry: '2026-01-02T00:00:00Z',
      source: 'created',
      createdAt: T0,
    });
  });

  it('updates the status from a later status query and keeps both exchanges on the timeline', async () => {
    const db = freshDb();
    await recordExchange(db, createExchange('s2new2', 'm-2', T0), lookupProfile);
    await recordExchange(db, statusExchange('s2new2', 'Success', T0 + 5000), lookupProfile);
    const row = await getTransaction(db, 's2new2');
    expect(row).toMatchObject({
      paymentStatus: 'Success',
      statusKey: 'Success',
      updatedAt: T0 + 5000,
      source: 'created',
    });
    expect((await exchangesOf(db, 's2new2')).map((e) => e.operation)).toEqual(['createOrder', 'getStatus']);
  });

  it('does not let an older answer arriving late overwrite a newer status', async () => {
    const db = freshDb();
    await recordExchange(db, statusExchange('s2late', 'Success', T0 + 9000), lookupProfile);
    await recordExchange(db, statusExchange('s2late', 'Pending', T0 + 1000), lookupProfile);
    expect(await getTransaction(db, 's2late')).toMatchObject({ paymentStatus: 'Success', createdAt: T0 + 1000 });
  });

  it('records the same exchange once even when it arrives twice (push event and call result)', async () => {
    const db = freshDb();
    const exchange = statusExchange('s2twice', 'Pending', T0);
    const first = await recordExchange(db, exchange, lookupProfile);
    const second = await recordExchange(db, exchange, lookupProfile);
    expect(first.duplicate).toBe(false);
    expect(second.duplicate).toBe(true);
    expect(await db.exchanges.count()).toBe(1);
  });

  it('keeps a create whose outcome is unknown as its own attempt row', async () => {
    const db = freshDb();
    const exchange = createExchange(null, 'm-unknown', T0);
    await recordExchange(db, exchange, lookupProfile);
    expect(await getTransaction(db, `attempt:${exchange.id}`)).toMatchObject({
      transactionId: null,
      merchantTransactionId: 'm-unknown',
      statusKey: 'OutcomeUnknown',
    });
  });

  it('marks a status answer for a transaction not yet in history as "looked up"; a 404 adds no row', async () => {
    const db = freshDb();
    await recordExchange(db, statusExchange('s2found', 'Pending', T0), lookupProfile);
    expect(await getTransaction(db, 's2found')).toMatchObject({
      source: 'looked-up',
      amount: 12.5,
      methods: ['MBWAY'],
    });
    const missing = makeExchange({
      url: 'http://127.0.0.1:1/api/v2/payments/s2nothing/status',
      response: { status: 404, headers: {}, bodyText: '{}' },
      classification: 'http-error',
    });
    await recordExchange(db, missing, lookupProfile);
    expect(await getTransaction(db, 's2nothing')).toBeUndefined();
    // The failed call itself is still kept, attributed to the id it asked about.
    expect((await exchangesOf(db, 's2nothing')).map((e) => e.id)).toEqual([missing.id]);
  });

  it('stores the Multibanco reference (digits only) and a masked MB WAY phone', async () => {
    const db = freshDb();
    await recordExchange(db, createExchange('s2mb', 'm-mb', T0), lookupProfile);
    await recordExchange(
      db,
      makeExchange({
        operation: 'generateReference',
        url: 'http://127.0.0.1:1/api/v2/payments/s2mb/service-reference/generate',
        response: {
          status: 200,
          headers: {},
          bodyText: JSON.stringify({ paymentReference: { reference: '123 456 789', entity: '21234' } }),
        },
        paymentStatus: 'Pending',
      }),
      lookupProfile,
    );
    await recordExchange(
      db,
      makeExchange({
        operation: 'mbwayPurchase',
        url: 'http://127.0.0.1:1/api/v2/payments/s2mb/mbway-id/purchase',
        request: { headers: {}, body: JSON.stringify({ customerPhone: '351#912345678' }) },
        paymentStatus: 'Pending',
      }),
      lookupProfile,
    );
    const row = await getTransaction(db, 's2mb');
    expect(row).toMatchObject({ reference: '123456789', referenceEntity: '21234', maskedPhone: '351#••••••678' });
    expect(JSON.stringify(row)).not.toContain('912345678');
  });

  it('labels a row with its profile once the profile is known', async () => {
    const db = freshDb();
    await recordExchange(db, statusExchange('s2early', 'Pending', T0), () => undefined);
    expect(await getTransaction(db, 's2early')).toMatchObject({ profileId: 'sandbox', environment: 'unknown' });
    await recordExchange(db, statusExchange('s2early', 'Pending', T0 + 1), lookupProfile);
    expect(await getTransaction(db, 's2early')).toMatchObject({ profileName: 'Sandbox', environment: 'sandbox' });
  });

  it('keeps large bodies apart from the list rows, truncated with a flag', async () => {
    const db = freshDb();
    const big = 'x'.repeat(BODY_LIMIT_CHARS + 10);
    const exchange = statusExchange('s2big', 'Pending', T0);
    exchange.response!.bodyText = big;
    await recordExchange(db, exchange, lookupProfile);
    const [row] = await exchangesOf(db, 's2big');
    expect(row).toMatchObject({ bodiesTruncated: true, responseBodyLength: BODY_LIMIT_CHARS + 10 });
    expect(JSON.stringify(row).length).toBeLessThan(2000);
    const full = await loadExchange(db, exchange.id);
    expect(full?.response?.bodyText.length).toBe(BODY_LIMIT_CHARS);
    expect(full?.request).toEqual(exchange.request);
  });
});
