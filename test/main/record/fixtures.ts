import type { Exchange } from '@shared/exchange';

/** A masked Exchange as the gateway service hands it to the record (only the shape matters here). */
export function exchangeFixture(overrides: Partial<Exchange> = {}): Exchange {
  const id = overrides.id ?? `ex-${Math.random().toString(36).slice(2, 12)}`;
  return {
    id,
    profileId: 'sandbox-a',
    operation: 'getStatus',
    method: 'GET',
    url: 'http://127.0.0.1:1/api/v2/payments/s2TXN0001/status',
    request: { headers: { Authorization: 'Bearer ••••1234' }, body: null },
    response: { status: 200, headers: {}, bodyText: '{"paymentStatus":"Pending"}' },
    timings: { startedAt: new Date().toISOString(), durationMs: 3, attempts: 1 },
    size: { requestBytes: 0, responseBytes: 27 },
    classification: 'ok',
    summary: 'HTTP 200',
    suggestedAction: null,
    returnStatus: { statusCode: '000' },
    paymentStatus: 'Pending',
    conformanceNotes: [],
    transactionID: 's2TXN0001',
    merchantTransactionId: 'order-1',
    ...overrides,
  };
}
