import { describe, expect, it } from 'vitest';
import type { GatewayCallResult } from '@shared/contract/orders';
import type { Exchange } from '@shared/exchange';
import { makeExchange } from '../db/fixtures';
import { isWebLink, viewCreateOrder } from '../../../src-renderer/src/features/orders/result-view';

const exchange = (overrides: Partial<Exchange>): Exchange =>
  makeExchange({ operation: 'createOrder', method: 'POST', transactionID: 's2x', ...overrides });

const call = (response: unknown, overrides: Partial<Exchange> = {}): GatewayCallResult => ({
  exchange: exchange(overrides),
  response,
});

describe('create-order result view', () => {
  it('statusCode 000 reads "request processed", never "paid"', () => {
    const view = viewCreateOrder(call({ returnStatus: { statusCode: '000' }, transactionID: 's2x' }));
    expect(view.returnStatus?.meaning).toMatch(/^Request processed/);
    expect(view.returnStatus?.meaning).toContain('not "paid"');
    expect(view.problem).toBeNull();
  });

  it('a failed call carries its summary and the spec’s suggested action', () => {
    const view = viewCreateOrder(
      call(null, {
        classification: 'http-error',
        summary: 'HTTP 401 Unauthorized',
        suggestedAction: 'Check the credentials in the back office and create a new token if needed.',
        response: { status: 401, headers: {}, bodyText: '' },
        returnStatus: null,
      }),
    );
    expect(view.problem).toEqual({
      summary: 'HTTP 401 Unauthorized',
      action: 'Check the credentials in the back office and create a new token if needed.',
    });
    expect(view.returnStatus).toBeNull();
  });

  it('reads actionResponse in both shapes (data.url / url, value / data)', () => {
    const table = viewCreateOrder(
      call({
        returnStatus: { statusCode: '000' },
        actionResponse: {
          type: 'THREEDS_METHOD',
          data: { url: 'https://acs.example/3ds', params: [{ name: 'creq', data: 'abc' }] },
        },
      }),
    );
    expect(table.action).toEqual({
      type: 'THREEDS_METHOD',
      url: 'https://acs.example/3ds',
      params: [{ name: 'creq', value: 'abc' }],
    });
    const example = viewCreateOrder(
      call({
        returnStatus: { statusCode: '000' },
        actionResponse: { url: 'https://x', params: [{ name: 'a', value: 'b' }] },
      }),
    );
    expect(example.action).toEqual({ url: 'https://x', params: [{ name: 'a', value: 'b' }] });
  });

  it('keeps regulation entries, payment methods, formContext, expiry and a decimal-string amount', () => {
    const view = viewCreateOrder(
      call({
        returnStatus: { statusCode: '000' },
        paymentMethodList: ['CARD', 'MBWY'],
        formContext: 'opaque',
        expiry: '2099-01-01T00:00:00Z',
        amount: { value: '16.20', currency: 'EUR' },
        regulationList: [
          { type: 'ACCEPTANCE', identification: 'T&C', language: 'en', regulationURL: 'https://x/terms' },
        ],
      }),
    );
    expect(view.paymentMethods).toEqual(['CARD', 'MBWY']);
    expect(view.formContext).toBe('opaque');
    expect(view.expiry).toBe('2099-01-01T00:00:00Z');
    expect(view.amount).toBe(16.2);
    expect(view.regulations[0]?.regulationURL).toBe('https://x/terms');
  });

  it('only http(s) addresses become links', () => {
    expect(isWebLink('https://x')).toBe(true);
    expect(isWebLink('http://x')).toBe(true);
    expect(isWebLink('javascript:alert(1)')).toBe(false);
    expect(isWebLink('data:text/html,x')).toBe(false);
    expect(isWebLink(undefined)).toBe(false);
  });
});
