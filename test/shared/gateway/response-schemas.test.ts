import { describe, expect, it } from 'vitest';
import { createOrderResponseSchema, readActionResponse, statusResponseSchema } from '@shared/gateway';

describe('lenient response schemas', () => {
  it('keep unknown fields and accept amounts and ids as numbers or strings', () => {
    const parsed = statusResponseSchema.parse({
      returnStatus: { statusCode: '000', statusMsg: 'Success', extra: true },
      merchant: { terminalId: 99978, merchantTransactionId: 'm1' },
      amount: { value: '16.20', currency: 'EUR' },
      paymentStatus: 'SomethingNew',
      brandNewField: { x: 1 },
    });
    expect(parsed.brandNewField).toEqual({ x: 1 });
    expect(parsed.returnStatus.extra).toBe(true);
    expect(
      statusResponseSchema.parse({ returnStatus: { statusCode: 0 }, amount: { value: 10.0, currency: 'EUR' } })
        .returnStatus.statusCode,
    ).toBe('0');
  });

  it('refuses what a caller cannot work without', () => {
    expect(statusResponseSchema.safeParse({}).success).toBe(false);
    expect(
      statusResponseSchema.safeParse({ returnStatus: { statusCode: '000' }, amount: { value: 'ten', currency: 'EUR' } })
        .success,
    ).toBe(false);
    expect(createOrderResponseSchema.safeParse({ returnStatus: {} }).success).toBe(false);
  });

  it('reads actionResponse in the table shape and in the example shape', () => {
    expect(readActionResponse({ data: { url: 'https://a', params: [{ name: 'x', data: '1' }] } })).toEqual({
      url: 'https://a',
      params: [{ name: 'x', value: '1' }],
    });
    expect(readActionResponse({ url: 'https://b', params: [{ name: 'y', value: '2' }] })).toEqual({
      url: 'https://b',
      params: [{ name: 'y', value: '2' }],
    });
  });
});
