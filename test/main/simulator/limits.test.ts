/** The spec's Limits table over real HTTP: every bound just inside (200) and just outside (400 naming the field). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, validOrderA, validOrderB } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await Harness.start({
    terminals: [
      { terminalId: '9999999999', variant: 'A', token: 'token-ten-digit-terminal' },
      { terminalId: '1000002', variant: 'B', token: 'token-b' },
    ],
  });
});
afterAll(() => h.close());

type Body = ReturnType<typeof validOrderB>;
const sendB = (change: (body: Body) => void) => {
  const body = validOrderB();
  change(body);
  return h.create(body, 'B');
};

const stringLimits: Array<[string, number, (body: Body, value: string) => void]> = [
  ['merchant.merchantTransactionId', 1000, (b, v) => (b.merchant.merchantTransactionId = v)],
  ['merchant.transactionDescription', 4000, (b, v) => Object.assign(b.merchant, { transactionDescription: v })],
  ['transaction.description', 70, (b, v) => (b.transaction.description = v)],
  ['customer.shippingAddress.street1', 70, (b, v) => (b.customer.shippingAddress.street1 = v)],
  ['customer.shippingAddress.street2', 70, (b, v) => Object.assign(b.customer.shippingAddress, { street2: v })],
  ['customer.shippingAddress.city', 35, (b, v) => (b.customer.shippingAddress.city = v)],
  ['customer.shippingAddress.postcode', 16, (b, v) => (b.customer.shippingAddress.postcode = v)],
  [
    'customer.shippingAddress.countrySubDivision',
    35,
    (b, v) => Object.assign(b.customer.shippingAddress, { countrySubDivision: v }),
  ],
];

describe('Limits table', () => {
  it.each(stringLimits)('%s: %i characters accepted, one more refused', async (path, max, set) => {
    expect((await sendB((b) => set(b, 'x'.repeat(max)))).status).toBe(200);
    const outside = await sendB((b) => set(b, 'x'.repeat(max + 1)));
    expect(outside.status).toBe(400);
    expect(outside.body.returnStatus.statusDescription).toBe(`${path}: must be at most ${max} characters`);
  });

  it('merchant.terminalId: 10 digits accepted, 11 refused, a string refused', async () => {
    const body = validOrderA();
    body.merchant.terminalId = 9999999999;
    const inside = await h.call('POST', '/payments', { headers: h.headers('Bearer token-ten-digit-terminal'), body });
    expect(inside.status).toBe(200);
    expect(inside.body.merchant.terminalId).toBe('9999999999');
    for (const terminalId of [10000000000, '9999999999']) {
      const outside = await h.call('POST', '/payments', {
        headers: h.headers('Bearer token-ten-digit-terminal'),
        body: { ...body, merchant: { ...body.merchant, terminalId } },
      });
      expect(outside.status).toBe(400);
      expect(outside.body.returnStatus.statusDescription).toMatch(/^merchant\.terminalId: /);
    }
  });

  it('customerPhone (E.164): + and 15 digits accepted, 16 digits or no + refused', async () => {
    const set = (phone: string) => sendB((b) => (b.customer.customerInfo.customerPhone = phone));
    expect((await set('+123456789012345')).status).toBe(200);
    for (const phone of ['+1234567890123456', '351912345678']) {
      const outside = await set(phone);
      expect(outside.status).toBe(400);
      expect(outside.body.returnStatus.statusDescription).toMatch(/^customer\.customerInfo\.customerPhone: /);
    }
  });

  it('responses: transactionID at most 36, merchantTransactionId cut to 36 from a 1000-character request', async () => {
    const answer = await sendB((b) => (b.merchant.merchantTransactionId = 'm'.repeat(1000)));
    expect(answer.body.transactionID).toMatch(/^s2[A-Za-z0-9]{18}$/);
    expect(answer.body.transactionID.length).toBeLessThanOrEqual(36);
    expect(answer.body.merchant.merchantTransactionId).toBe('m'.repeat(36));
    const status = await h.status(answer.body.transactionID, 'B');
    expect(status.body.merchant.merchantTransactionId).toBe('m'.repeat(36));
  });
});

describe('other field rules over HTTP', () => {
  it.each([
    ['transaction.amount.currency', (b: Body) => (b.transaction.amount.currency = 'EURO')],
    ['transaction.amount.value', (b: Body) => (b.transaction.amount.value = 10.001)],
    ['customer.shippingAddress.country', (b: Body) => (b.customer.shippingAddress.country = 'XX')],
    ['customer.customerInfo.customerLanguage', (b: Body) => (b.customer.customerInfo.customerLanguage = 'xx')],
    ['transaction.transactionTimestamp', (b: Body) => (b.transaction.transactionTimestamp = 'yesterday')],
    ['transaction.paymentMethod.0', (b: Body) => (b.transaction.paymentMethod = ['REFERENCE'])],
    ['info.deviceInfo', (b: Body) => (b.info = {} as Body['info'])],
    [
      'customer.customerInfo.customerLanguage',
      (b: Body) => delete (b.customer.customerInfo as Partial<Body['customer']['customerInfo']>).customerLanguage,
    ],
  ])('%s is checked', async (path, change) => {
    const answer = await sendB(change);
    expect(answer.status).toBe(400);
    expect(answer.body.returnStatus.statusDescription.startsWith(`${path}: `)).toBe(true);
  });
});
