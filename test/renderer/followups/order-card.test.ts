import { describe, expect, it } from 'vitest';
import type { Exchange } from '@shared/exchange';
import { deriveOrderCard } from '../../../src-renderer/src/features/followups/order-card';
import type { NotificationRecord } from '../../../src-renderer/src/db/records';
import { makeExchange, T0 } from '../db/fixtures';

const TX = 's2ordercard000000001';
const at = (s: number) => ({ startedAt: new Date(T0 + s * 1000).toISOString(), durationMs: 5, attempts: 1 });
const answer = (
  second: number,
  operation: Exchange['operation'],
  body: Record<string, unknown>,
  extra: Partial<Exchange> = {},
) =>
  makeExchange({
    operation,
    transactionID: TX,
    timings: at(second),
    paymentStatus: typeof body.paymentStatus === 'string' ? body.paymentStatus : null,
    response: { status: 200, headers: {}, bodyText: JSON.stringify({ returnStatus: { statusCode: '000' }, ...body }) },
    ...extra,
  });
const notification = (
  second: number,
  paymentStatus: string,
  extra: Partial<NotificationRecord> = {},
): NotificationRecord => ({
  id: `n-${second}`,
  transactionId: TX,
  receivedAt: T0 + second * 1000,
  paymentStatus,
  payload: { paymentStatus, returnStatus: { statusCode: '000' } },
  ...extra,
});

describe('the order card derived from the record', () => {
  it('is empty for a transaction history knows nothing about', () => {
    expect(deriveOrderCard([], [])).toMatchObject({
      results: [],
      currentStatus: null,
      isFinal: false,
      pendingAction: null,
    });
  });

  it('a late non-final answer never reopens a final payment', () => {
    const card = deriveOrderCard(
      [answer(1, 'getStatus', { paymentStatus: 'Success' }), answer(3, 'getStatus', { paymentStatus: 'Pending' })],
      [],
    );
    expect(card).toMatchObject({ currentStatus: 'Success', isFinal: true });
  });

  it('a notification newer than the last answer decides the status; a rejected delivery proves nothing', () => {
    const exchanges = [answer(1, 'mbwayPurchase', { paymentStatus: 'Pending' })];
    expect(deriveOrderCard(exchanges, [notification(5, 'Success')])).toMatchObject({
      currentStatus: 'Success',
      statusSource: 'notification',
      isFinal: true,
    });
    expect(deriveOrderCard(exchanges, [notification(5, 'Success', { verdict: 'rejected' })])).toMatchObject({
      currentStatus: 'Pending',
      isFinal: false,
    });
  });

  it('the action step is pending from the create until performed, and again when a status reports a new one', () => {
    const actionResponse = { data: { url: 'http://127.0.0.1:9/x/action', params: [] } };
    const create = answer(0, 'createOrder', { transactionID: TX, actionResponse }, { method: 'POST' });
    expect(deriveOrderCard([create], []).pendingAction?.url).toBe('http://127.0.0.1:9/x/action');
    const performed = answer(2, 'performAction', { paymentStatus: 'InProcessing' });
    expect(deriveOrderCard([create, performed], []).pendingAction).toBeNull();
    const again = answer(4, 'getStatus', {
      paymentStatus: 'Partial',
      actionResponse: { data: { url: 'http://127.0.0.1:9/x/second', params: [] } },
    });
    expect(deriveOrderCard([create, performed, again], []).pendingAction?.url).toBe('http://127.0.0.1:9/x/second');
  });

  it('reads the reference and the MB WAY request from the answers that accepted them', () => {
    const refused = answer(
      1,
      'mbwayPurchase',
      {},
      { classification: 'http-error', response: { status: 400, headers: {}, bodyText: '{}' } },
    );
    const reference = answer(2, 'generateReference', {
      paymentStatus: 'Pending',
      paymentReference: { entity: '21098', reference: '123456789' },
    });
    const card = deriveOrderCard([refused, reference], []);
    expect(card.reference).toMatchObject({ entity: '21098', reference: '123456789' });
    expect(card.mbwayRequested).toBe(false);
    expect(deriveOrderCard([answer(3, 'mbwayPurchase', { paymentStatus: 'Pending' })], []).mbwayRequested).toBe(true);
  });

  it('the decline reason is the newest one given for the current status, never for Success', () => {
    const declined = notification(6, 'Declined', {
      payload: { paymentStatus: 'Declined', returnStatus: { statusCode: '01.106.0004', statusMsg: 'Declined' } },
    });
    const card = deriveOrderCard([answer(8, 'getStatus', { paymentStatus: 'Declined' })], [declined]);
    expect(card.declineReason).toEqual({
      code: '01.106.0004',
      message: 'Declined',
      meaning: expect.stringMatching(/^MB WAY declined \(statusMsg "Declined"\)/),
    });
    expect(deriveOrderCard([answer(8, 'getStatus', { paymentStatus: 'Success' })], []).declineReason).toBeNull();
  });
});
