import type { Exchange } from '@shared/exchange';
import { HistoryDb } from '../../../src-renderer/src/db/history-db';
import type { ProfileInfo } from '../../../src-renderer/src/db/history-writer';
import type { TransactionRecord } from '../../../src-renderer/src/db/records';

let counter = 0;
/** A database of its own per test (fake-indexeddb keeps databases for the whole file). */
export function freshDb(): HistoryDb {
  counter += 1;
  return new HistoryDb(`history-test-${counter}-${Math.random().toString(36).slice(2)}`);
}

export const T0 = Date.UTC(2026, 0, 1);

export function makeRow(i: number, overrides: Partial<TransactionRecord> = {}): TransactionRecord {
  const statuses = ['Pending', 'Success', 'Declined', 'InProcessing', 'Timeout'];
  const status = statuses[i % statuses.length]!;
  return {
    key: `s2tx${String(i).padStart(16, '0')}`,
    transactionId: `s2tx${String(i).padStart(16, '0')}`,
    merchantTransactionId: `order-${i}`,
    profileId: i % 2 === 0 ? 'sandbox' : 'test-1',
    profileName: i % 2 === 0 ? 'Sandbox' : 'Test terminal',
    environment: i % 2 === 0 ? 'sandbox' : 'test',
    variant: 'A',
    amount: (i % 100) + 0.5,
    currency: 'EUR',
    methods: i % 3 === 0 ? ['REFERENCE'] : ['MBWAY', 'CARD'],
    paymentStatus: status,
    statusKey: status,
    returnStatus: { statusCode: '000', statusMsg: 'Success' },
    expiry: null,
    // Pairs of rows share a millisecond so paging must break ties by key.
    createdAt: T0 + Math.floor(i / 2) * 1000,
    updatedAt: T0 + Math.floor(i / 2) * 1000 + 10,
    reference: i % 3 === 0 ? String(100000000 + i) : null,
    referenceEntity: i % 3 === 0 ? '12345' : null,
    maskedPhone: null,
    source: 'created',
    ...overrides,
  };
}

export const profiles: Record<string, ProfileInfo> = {
  sandbox: { id: 'sandbox', name: 'Sandbox', environment: 'sandbox', variant: 'A' },
};
export const lookupProfile = (id: string) => profiles[id];

let exchangeCounter = 0;
export function makeExchange(overrides: Partial<Exchange> = {}): Exchange {
  exchangeCounter += 1;
  return {
    id: `ex-${exchangeCounter}`,
    profileId: 'sandbox',
    operation: 'getStatus',
    method: 'GET',
    url: 'http://127.0.0.1:1/api/v2/payments/s2abc/status',
    request: { headers: { Authorization: 'Bearer ••••abcd' }, body: null },
    response: { status: 200, headers: { 'content-type': 'application/json' }, bodyText: '{}' },
    timings: { startedAt: new Date(T0 + exchangeCounter * 1000).toISOString(), durationMs: 12, attempts: 1 },
    size: { requestBytes: 0, responseBytes: 2 },
    classification: 'ok',
    summary: 'HTTP 200, statusCode 000',
    suggestedAction: null,
    returnStatus: { statusCode: '000', statusMsg: 'Success' },
    paymentStatus: null,
    conformanceNotes: [],
    transactionID: null,
    merchantTransactionId: null,
    ...overrides,
  };
}

/** A create-order exchange as the SDK records it. */
export function createExchange(transactionId: string | null, merchantTransactionId: string, at: number): Exchange {
  const order = {
    merchant: { terminalId: 1, channel: 'web', merchantTransactionId },
    transaction: { amount: { value: 12.5, currency: 'EUR' }, paymentMethod: ['REFERENCE', 'MBWAY'] },
  };
  return makeExchange({
    operation: 'createOrder',
    method: 'POST',
    url: 'http://127.0.0.1:1/api/v2/payments',
    request: { headers: { Authorization: 'Bearer ••••abcd' }, body: JSON.stringify(order) },
    response: transactionId
      ? {
          status: 200,
          headers: {},
          bodyText: JSON.stringify({
            returnStatus: { statusCode: '000' },
            transactionID: transactionId,
            transactionSignature: '••••wxyz',
            expiry: '2026-01-02T00:00:00Z',
          }),
        }
      : null,
    classification: transactionId ? 'ok' : 'outcome-unknown',
    timings: { startedAt: new Date(at).toISOString(), durationMs: 40, attempts: 1 },
    transactionID: transactionId,
    merchantTransactionId,
    returnStatus: transactionId ? { statusCode: '000' } : null,
  });
}

export function statusExchange(transactionId: string, paymentStatus: string, at: number, httpStatus = 200): Exchange {
  return makeExchange({
    url: `http://127.0.0.1:1/api/v2/payments/${transactionId}/status`,
    response: {
      status: httpStatus,
      headers: httpStatus === 429 ? { 'retry-after': '2' } : {},
      bodyText: JSON.stringify({
        transactionID: transactionId,
        paymentStatus,
        paymentMethod: 'MBWAY',
        amount: { value: '12.50', currency: 'EUR' },
        merchant: { terminalId: '1', merchantTransactionId: 'm-1' },
      }),
    },
    classification: httpStatus === 200 ? 'ok' : 'http-error',
    timings: { startedAt: new Date(at).toISOString(), durationMs: 8, attempts: 1 },
    transactionID: transactionId,
    paymentStatus: httpStatus === 200 ? paymentStatus : null,
  });
}
