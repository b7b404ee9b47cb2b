/** Hand-made shop traffic for the findings and certification tests: a well-behaved call, changed per test. */
import type { ShopCall, ShopNotification } from '../../../src-shared/shop/traffic';
import { validOrderA } from '../gateway/fixtures';

const T0 = Date.parse('2026-11-25T10:00:00.000Z');
export const at = (ms: number): string => new Date(T0 + ms).toISOString();

const HEADERS = {
  authorization: 'Bearer ••••abcd',
  'x-platform-client-id': '••••wxyz',
  'content-type': 'application/json',
};

export function call(seq: number, change: Partial<ShopCall> & { atMs?: number } = {}): ShopCall {
  const { atMs, ...rest } = change;
  return {
    kind: 'call',
    seq,
    worldId: 'w',
    via: 'world',
    receivedAt: at(atMs ?? seq * 2_000),
    worldTime: at(atMs ?? seq * 2_000),
    method: 'GET',
    path: '/api/v2/payments/s2tx1/status',
    operation: 'getStatus',
    request: { headers: { ...HEADERS }, authScheme: 'Bearer', body: null, bodyTruncated: false },
    response: { status: 200, headers: {}, body: '{}', fault: null },
    durationMs: 3,
    transactionID: 's2tx1',
    merchantTransactionId: null,
    statusCode: '000',
    paymentStatus: 'Pending',
    ...rest,
  };
}

export function create(seq: number, merchantTransactionId: string, change: Partial<ShopCall> & { atMs?: number } = {}) {
  const order = validOrderA();
  order.merchant.merchantTransactionId = merchantTransactionId;
  return call(seq, {
    method: 'POST',
    path: '/api/v2/payments',
    operation: 'createOrder',
    request: { headers: { ...HEADERS }, authScheme: 'Bearer', body: JSON.stringify(order), bodyTruncated: false },
    transactionID: `s2tx-${merchantTransactionId}`,
    merchantTransactionId,
    paymentStatus: null,
    ...change,
  });
}

export function followUp(seq: number, transactionID: string, change: Partial<ShopCall> & { atMs?: number } = {}) {
  return call(seq, {
    method: 'POST',
    path: `/api/v2/payments/${transactionID}/service-reference/generate`,
    operation: 'generateReference',
    request: {
      headers: { ...HEADERS, authorization: 'Digest ••••1234' },
      authScheme: 'Digest',
      body: '{}',
      bodyTruncated: false,
    },
    transactionID,
    signature: { matched: true, belongsTo: transactionID },
    ...change,
  });
}

export function note(seq: number, change: Partial<ShopNotification> = {}): ShopNotification {
  const notificationID = change.notificationID ?? `n-${seq}`;
  return {
    kind: 'notification',
    seq,
    worldId: 'w',
    via: 'world',
    sentAt: at(seq * 2_000),
    worldTime: at(seq * 2_000),
    notificationID,
    transactionID: 's2tx1',
    paymentStatus: 'Success',
    attempt: 1,
    copy: false,
    url: 'https://shop.example/webhook',
    answer: {
      status: 200,
      body: JSON.stringify({ statusCode: '200', statusMsg: 'Success', notificationID }),
      bodyTruncated: false,
    },
    durationMs: 12,
    acknowledged: true,
    ackProblem: null,
    ...change,
  };
}
