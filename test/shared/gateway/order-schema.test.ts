import { describe, expect, it } from 'vitest';
import {
  canonicaliseOrderSpelling,
  describeReturnStatusCode,
  e164ToMbwayPhone,
  isFinalPaymentStatus,
  parseMbwayPhone,
  validateOrder,
  type Variant,
} from '@shared/gateway';
import { validOrderA, validOrderB } from './fixtures';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const issuesOf = (variant: Variant, body: unknown) => validateOrder(variant, body).issues;
const pathsOf = (variant: Variant, body: unknown) => issuesOf(variant, body).map((issue) => issue.path);
const withChange = (make: () => Body, change: (body: Body) => void): Body => {
  const body = make();
  change(body);
  return body;
};

describe('validateOrder', () => {
  it('accepts the valid orders of both variants', () => {
    expect(validateOrder('A', validOrderA()).ok).toBe(true);
    expect(validateOrder('B', validOrderB()).ok).toBe(true);
  });

  it('names the field path of a missing field', () => {
    const body = withChange(validOrderA, (b) => delete b.merchant.channel);
    expect(issuesOf('A', body)).toEqual([{ path: 'merchant.channel', message: 'is required' }]);
  });

  it('refuses a terminalId sent as a string or longer than 10 digits', () => {
    expect(
      pathsOf(
        'A',
        withChange(validOrderA, (b) => (b.merchant.terminalId = '1000001')),
      ),
    ).toEqual(['merchant.terminalId']);
    expect(
      validateOrder(
        'A',
        withChange(validOrderA, (b) => (b.merchant.terminalId = 9999999999)),
      ).ok,
    ).toBe(true);
    expect(
      pathsOf(
        'A',
        withChange(validOrderA, (b) => (b.merchant.terminalId = 10000000000)),
      ),
    ).toEqual(['merchant.terminalId']);
  });

  it.each([
    ['merchant.merchantTransactionId', 1000, (b: Body, v: string) => (b.merchant.merchantTransactionId = v)],
    ['merchant.transactionDescription', 4000, (b: Body, v: string) => (b.merchant.transactionDescription = v)],
    ['transaction.description', 70, (b: Body, v: string) => (b.transaction.description = v)],
    ['customer.shippingAddress.street1', 70, (b: Body, v: string) => (b.customer.shippingAddress.street1 = v)],
    ['customer.shippingAddress.street2', 70, (b: Body, v: string) => (b.customer.shippingAddress.street2 = v)],
    ['customer.shippingAddress.city', 35, (b: Body, v: string) => (b.customer.shippingAddress.city = v)],
    ['customer.shippingAddress.postcode', 16, (b: Body, v: string) => (b.customer.shippingAddress.postcode = v)],
    [
      'customer.shippingAddress.countrySubDivision',
      35,
      (b: Body, v: string) => (b.customer.shippingAddress.countrySubDivision = v),
    ],
    ['customer.customerInfo.customerName', 45, (b: Body, v: string) => (b.customer.customerInfo.customerName = v)],
  ])('%s: %i characters pass, one more fails', (path, max, set) => {
    expect(
      issuesOf(
        'B',
        withChange(validOrderB, (b) => set(b, 'x'.repeat(max))),
      ),
    ).toEqual([]);
    expect(
      issuesOf(
        'B',
        withChange(validOrderB, (b) => set(b, 'x'.repeat(max + 1))),
      ),
    ).toEqual([{ path, message: `must be at most ${max} characters` }]);
  });

  it('checks E.164 phones: + and at most 15 digits', () => {
    const phone = (value: string) =>
      pathsOf(
        'B',
        withChange(validOrderB, (b) => (b.customer.customerInfo.customerPhone = value)),
      );
    expect(phone('+123456789012345')).toEqual([]);
    expect(phone('+1234567890123456')).toEqual(['customer.customerInfo.customerPhone']);
    expect(phone('351912345678')).toEqual(['customer.customerInfo.customerPhone']);
    expect(phone('351#912345678')).toEqual(['customer.customerInfo.customerPhone']);
  });

  it('checks ISO codes for currency, country and language', () => {
    expect(
      pathsOf(
        'B',
        withChange(validOrderB, (b) => (b.transaction.amount.currency = 'EURO')),
      ),
    ).toEqual(['transaction.amount.currency']);
    expect(
      pathsOf(
        'B',
        withChange(validOrderB, (b) => (b.customer.shippingAddress.country = 'PRT')),
      ),
    ).toEqual(['customer.shippingAddress.country']);
    expect(
      pathsOf(
        'B',
        withChange(validOrderB, (b) => (b.customer.customerInfo.customerLanguage = 'pt-PT')),
      ),
    ).toEqual(['customer.customerInfo.customerLanguage']);
  });

  it('checks timestamps are ISO 8601 date-times', () => {
    expect(
      pathsOf(
        'A',
        withChange(validOrderA, (b) => (b.transaction.transactionTimestamp = '21/11/2026')),
      ),
    ).toEqual(['transaction.transactionTimestamp']);
  });

  it('refuses amounts with more than 2 decimals, zero or as strings', () => {
    const amount = (value: unknown) =>
      pathsOf(
        'A',
        withChange(validOrderA, (b) => (b.transaction.amount.value = value)),
      );
    expect(amount(0.01)).toEqual([]);
    expect(amount(19.99)).toEqual([]);
    expect(amount(1.005)).toEqual(['transaction.amount.value']);
    expect(amount(0)).toEqual(['transaction.amount.value']);
    expect(amount('10.00')).toEqual(['transaction.amount.value']);
  });

  it('limits methods to the variant codes', () => {
    expect(
      pathsOf(
        'A',
        withChange(validOrderA, (b) => (b.transaction.paymentMethod = ['MBWY'])),
      ),
    ).toEqual(['transaction.paymentMethod.0']);
    expect(
      pathsOf(
        'B',
        withChange(validOrderB, (b) => (b.transaction.paymentMethod = ['CARD', 'REFERENCE'])),
      ),
    ).toEqual(['transaction.paymentMethod.1']);
    expect(
      pathsOf(
        'A',
        withChange(validOrderA, (b) => (b.transaction.paymentMethod = [])),
      ),
    ).toEqual(['transaction.paymentMethod']);
  });

  it('applies the conditional rules', () => {
    expect(
      pathsOf(
        'B',
        withChange(validOrderB, (b) => delete b.customer.customerInfo.customerPhone),
      ),
    ).toEqual(['customer.customerInfo.customerPhone']);
    expect(
      pathsOf(
        'B',
        withChange(validOrderB, (b) => delete b.customer.customerInfo.customerLanguage),
      ),
    ).toEqual(['customer.customerInfo.customerLanguage']);
    const noLanguageNeeded = withChange(validOrderB, (b) => {
      delete b.customer.customerInfo.customerLanguage;
      b.transaction.paymentMethod = ['CARD'];
    });
    expect(validateOrder('B', noLanguageNeeded).ok).toBe(true);
    expect(
      pathsOf(
        'B',
        withChange(validOrderB, (b) => delete b.customer),
      ),
    ).toEqual(['customer']);
    expect(
      pathsOf(
        'B',
        withChange(validOrderB, (b) => delete b.info),
      ),
    ).toEqual(['info']);
    expect(
      pathsOf(
        'B',
        withChange(validOrderB, (b) => (b.info = {})),
      ),
    ).toEqual(['info.deviceInfo']);
    expect(
      pathsOf(
        'A',
        withChange(validOrderA, (b) => delete b.customer),
      ),
    ).toEqual(['customer']);
    expect(
      pathsOf(
        'A',
        withChange(validOrderA, (b) => delete b.customer.customerInfo.customerEmail),
      ),
    ).toEqual(['customer.customerInfo.customerEmail']);
    const referenceOnly = withChange(validOrderA, (b) => {
      delete b.customer;
      b.transaction.paymentMethod = ['REFERENCE'];
    });
    expect(validateOrder('A', referenceOnly).ok).toBe(true);
  });

  it('reports the conditional rules together with unrelated field errors, not after them', () => {
    const manyMistakes = withChange(validOrderB, (b) => {
      delete b.customer.customerInfo.customerPhone;
      delete b.customer.customerInfo.customerLanguage;
      b.merchant.channel = 42;
      b.transaction.amount.value = 1.234;
    });
    expect(pathsOf('B', manyMistakes).sort()).toEqual(
      [
        'customer.customerInfo.customerLanguage',
        'customer.customerInfo.customerPhone',
        'merchant.channel',
        'transaction.amount.value',
      ].sort(),
    );
    const cardWithoutEmail = withChange(validOrderA, (b) => {
      delete b.customer.customerInfo.customerEmail;
      b.transaction.description = 'x'.repeat(71);
    });
    expect(pathsOf('A', cardWithoutEmail).sort()).toEqual(
      ['customer.customerInfo.customerEmail', 'transaction.description'].sort(),
    );
  });

  it('requires street1, city, postcode and country in a shipping address, not country in billing', () => {
    const body = withChange(validOrderB, (b) => {
      b.customer.shippingAddress = { street2: 'x' };
      b.customer.billingAddress = { street1: 'a', city: 'b', postcode: 'c' };
    });
    expect(pathsOf('B', body).sort()).toEqual(
      [
        'customer.shippingAddress.city',
        'customer.shippingAddress.country',
        'customer.shippingAddress.postcode',
        'customer.shippingAddress.street1',
      ].sort(),
    );
  });

  it('never throws on hostile input', () => {
    for (const body of [null, 1, 'x', [], { merchant: [] }, { transaction: { paymentMethod: 'CARD' } }]) {
      expect(validateOrder('B', body).ok).toBe(false);
    }
  });
});

describe('helpers', () => {
  it('maps the table spellings to the canonical ones, canonical winning', () => {
    const body = canonicaliseOrderSpelling({
      merchant: { terminalID: 1, merchantTransactionID: 'a', merchantTransactionId: 'b' },
      transaction: { transactionTimeStamp: 't' },
      customerinfo: [],
    });
    expect(body).toEqual({
      merchant: { terminalId: 1, merchantTransactionId: 'b' },
      transaction: { transactionTimestamp: 't' },
      customerInfo: [],
    });
  });

  it('never changes the order it canonicalises, and copies only one that uses an alias', () => {
    const canonical = validOrderA();
    expect(canonicaliseOrderSpelling(canonical)).toBe(canonical);
    // An alias only inside merchant: the top level is copied too, so the caller's object stays as it was.
    const aliased = { ...validOrderA(), merchant: { terminalID: 1, merchantTransactionId: 'm-1', channel: 'web' } };
    const before = structuredClone(aliased);
    const body = canonicaliseOrderSpelling(aliased) as Body;
    expect(aliased).toEqual(before);
    expect(body.merchant).toEqual({ terminalId: 1, merchantTransactionId: 'm-1', channel: 'web' });
    expect(body.transaction).toBe(aliased.transaction);
  });

  it('parses MB WAY phone forms', () => {
    expect(parseMbwayPhone('351#912345678')).toEqual({ countryCode: '351', national: '912345678' });
    expect(parseMbwayPhone('+351912345678')).toBeNull();
    expect(parseMbwayPhone('351#1234567890123')).toBeNull();
    expect(e164ToMbwayPhone('+351912345678')).toBe('351#912345678');
    expect(e164ToMbwayPhone('+34912345678')).toBeNull();
  });

  it('knows final statuses and return codes', () => {
    expect(isFinalPaymentStatus('Timeout')).toBe(true);
    expect(isFinalPaymentStatus('Pending')).toBe(false);
    expect(isFinalPaymentStatus('paid')).toBe(false);
    expect(describeReturnStatusCode('E0613')).toMatch(/already paid/);
    expect(describeReturnStatusCode('12.110.1234')).toMatch(/parameter/);
  });
});
