import { describe, expect, it } from 'vitest';
import type { Exchange } from '@shared/exchange';
import { shareableExchange, type SharingRules } from '../../../src-main/team/shared-exchange';

const unmasked: SharingRules = { masksCustomerData: () => false, maskCustomerData: (exchange) => exchange };

function exchangeAt(url: string, overrides: Partial<Exchange> = {}): Exchange {
  return {
    id: 'ex-1',
    profileId: 'sandbox',
    operation: 'getStatus',
    method: 'GET',
    url,
    request: { headers: {}, body: null },
    response: { status: 200, headers: { 'content-type': 'application/json' }, bodyText: '{}' },
    timings: { startedAt: '2026-01-01T00:00:00.000Z', durationMs: 12, attempts: 1 },
    size: { requestBytes: 0, responseBytes: 2 },
    classification: 'ok',
    summary: 'HTTP 200, statusCode 000',
    suggestedAction: null,
    returnStatus: { statusCode: '000', statusMsg: 'Success' },
    paymentStatus: 'Pending',
    conformanceNotes: [],
    transactionID: null,
    merchantTransactionId: null,
    ...overrides,
  };
}

const base = 'https://gateway.example/api/v2/payments';
const sharedTransactionOf = (url: string) => shareableExchange(exchangeAt(url), unmasked).facts?.transactionId ?? null;

describe('the transaction a shared exchange is filed under (the same reading as History)', () => {
  it.each([
    `${base}/s2tx1/status`,
    `${base}/s2tx1/service-reference/generate`,
    `${base}/s2tx1/mbway-id/purchase`,
    `${base}/s2tx1/action`,
    `${base}/s2tx1/card`,
  ])('a follow-up names its transaction in the URL: %s', (url) => {
    expect(sharedTransactionOf(url)).toBe('s2tx1');
  });

  it.each([`${base}/`, `${base}/s2tx1/unknown-path`, `${base}/batch/export`])(
    'defect: a path that is no follow-up (%s) was filed as a transaction in the team workspace',
    (url) => {
      expect(sharedTransactionOf(url)).toBeNull();
    },
  );

  it('the transactionID the exchange recorded wins over the URL', () => {
    const exchange = exchangeAt(`${base}/s2url/status`, { transactionID: 's2recorded' });
    expect(shareableExchange(exchange, unmasked).facts?.transactionId).toBe('s2recorded');
  });
});

describe('the searchable facts of a shared create', () => {
  const order = {
    merchant: { terminalId: 4711, channel: 'web', merchantTransactionId: 'order-9' },
    transaction: { amount: { value: '10.00', currency: 'EUR' }, paymentMethod: ['REFERENCE'] },
    customer: { customerInfo: { customerName: 'Ana Silva', customerEmail: ' ana@example.pt ' } },
  };
  const answer = {
    transactionID: 's2new',
    paymentReference: { reference: '123 456 789', entity: '12345' },
    paymentMethod: 'REFERENCE',
  };
  const create = exchangeAt(`${base}/`, {
    operation: 'createOrder',
    method: 'POST',
    transactionID: 's2new',
    request: { headers: {}, body: JSON.stringify(order) },
    response: { status: 200, headers: {}, bodyText: JSON.stringify(answer) },
  });

  it('carries the terminal, order, amount as written, reference digits and customer e-mail', () => {
    expect(shareableExchange(create, unmasked).facts).toEqual({
      transactionId: 's2new',
      profileId: 'sandbox',
      merchantTransactionId: 'order-9',
      reference: '123456789',
      terminalId: '4711',
      status: 'Pending',
      paymentMethod: 'REFERENCE',
      amount: '10.00',
      currency: 'EUR',
      email: 'ana@example.pt',
    });
  });

  it('reads the e-mail under either spelling of customerInfo', () => {
    const lower = { ...order, customer: { customerinfo: { customerEmail: 'rui@example.pt' } } };
    const exchange = { ...create, request: { headers: {}, body: JSON.stringify(lower) } };
    expect(shareableExchange(exchange, unmasked).facts?.email).toBe('rui@example.pt');
  });
});
