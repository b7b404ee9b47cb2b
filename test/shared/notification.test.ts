import { describe, expect, it } from 'vitest';
import { parseNotification, type ParsedNotification } from '@shared/notification';

/** Shaped like the gateway operator's published MB WAY sample. */
const mbwaySample = {
  returnStatus: { statusCode: '000', statusMsg: 'Success' },
  paymentStatus: 'Success',
  paymentMethod: 'MBWAY',
  transactionID: 's2aBcDeFgHiJkLmNoPqR',
  transactionDateTime: '2024-03-05T14:07:09.123Z ',
  amount: { currency: 'EUR', value: '16.20' },
  merchant: { transactionId: 'order-1042', terminalId: '99978', merchantName: 'Loja Exemplo', inApp: 'false' },
  paymentType: 'PURS',
  token: { tokenType: 'MobilePhone', value: '351#912345678' },
  notificationID: '6c0a1b9e-2f0e-4d55-9f7e-0a2b3c4d5e6f',
};

const parse = (json: unknown): ParsedNotification => {
  const result = parseNotification(json);
  if (!result.ok) throw new Error(result.problem);
  return result.notification;
};

describe('parseNotification', () => {
  it('reads the published MB WAY sample, mapping merchant.transactionId to the merchant order id', () => {
    const n = parse(mbwaySample);
    expect(n).toMatchObject({
      notificationId: '6c0a1b9e-2f0e-4d55-9f7e-0a2b3c4d5e6f',
      transactionId: 's2aBcDeFgHiJkLmNoPqR',
      merchantOrderId: 'order-1042',
      terminalId: '99978',
      merchantName: 'Loja Exemplo',
      inApp: false,
      paymentStatus: 'Success',
      paymentMethod: 'MBWAY',
      paymentType: 'PURS',
      returnStatus: { statusCode: '000', statusMsg: 'Success' },
      transactionDateTime: '2024-03-05T14:07:09.123Z',
      transactionDateTimeUtc: '2024-03-05T14:07:09.123Z',
      amount: { value: '16.20', currency: 'EUR' },
      token: { tokenType: 'MobilePhone', value: '351#912345678' },
      unknownFields: {},
    });
    expect(n.notes).toContain('transactionDateTime had surrounding whitespace (trimmed).');
    expect(n.notes.join(' ')).toMatch(/merchant\.inApp was "false"/);
  });

  it('accepts numbers where samples use numbers: amount 10.0, terminalId 1000000, inApp true', () => {
    const n = parse({
      ...mbwaySample,
      amount: { currency: 'EUR', value: 10.0 },
      merchant: { transactionId: 'o-2', terminalId: 1000000, inApp: true },
    });
    expect(n.amount).toEqual({ value: '10.00', currency: 'EUR' });
    expect(n.terminalId).toBe('1000000');
    expect(n.inApp).toBe(true);
    expect(n.merchantName).toBeNull();
  });

  it('normalises amounts so they compare with status amounts', () => {
    const value = (v: unknown) => parse({ ...mbwaySample, amount: { currency: 'EUR', value: v } }).amount?.value;
    expect(value('16.2')).toBe('16.20');
    expect(value(16.2)).toBe('16.20');
    expect(value(' 5 ')).toBe('5.00');
    expect(value('1,50')).toBe('1.50');
    expect(value('1.005')).toBe('1.005');
    expect(value('abc')).toBe('abc');
  });

  it('reads UTC timestamps without a zone, and flags unreadable ones', () => {
    expect(parse({ ...mbwaySample, transactionDateTime: '2024-03-05T14:07:09' }).transactionDateTimeUtc).toBe(
      '2024-03-05T14:07:09.000Z',
    );
    expect(parse({ ...mbwaySample, transactionDateTime: '2024-03-05 14:07:09 ' }).transactionDateTimeUtc).toBe(
      '2024-03-05T14:07:09.000Z',
    );
    const bad = parse({ ...mbwaySample, transactionDateTime: 'yesterday' });
    expect(bad.transactionDateTimeUtc).toBeNull();
    expect(bad.notes.join(' ')).toMatch(/not a readable date/);
  });

  it('keeps unknown fields, top-level and nested, by path', () => {
    const n = parse({
      ...mbwaySample,
      internalTransactionId: 'int-9',
      paymentReference: { reference: '123456789', entity: '21000' },
      riskScore: 3,
      merchant: { ...mbwaySample.merchant, shopCode: 'A1' },
      amount: { ...mbwaySample.amount, fee: '0.10' },
    });
    expect(n.unknownFields).toEqual({ riskScore: 3, 'merchant.shopCode': 'A1', 'amount.fee': '0.10' });
    expect(n.internalTransactionId).toBe('int-9');
    expect(n.paymentReference).toEqual({ reference: '123456789', entity: '21000' });
  });

  it('parses a sparse notification and lists what is missing', () => {
    const n = parse({ notificationID: 'abc' });
    expect(n.transactionId).toBeNull();
    expect(n.amount).toBeNull();
    expect(n.notes).toEqual(expect.arrayContaining(['transactionID is missing.', 'paymentStatus is missing.']));
  });

  it('keeps values of the wrong shape as unknown instead of failing', () => {
    const n = parse({ ...mbwaySample, merchant: 'oops', paymentStatus: ['Success'] });
    expect(n.merchantOrderId).toBeNull();
    expect(n.paymentStatus).toBeNull();
    expect(n.unknownFields).toMatchObject({ merchant: 'oops', paymentStatus: ['Success'] });
  });

  it('refuses only what cannot be acknowledged: not an object, or no notificationID', () => {
    expect(parseNotification([1, 2])).toEqual({ ok: false, problem: 'The notification is not a JSON object.' });
    expect(parseNotification({ ...mbwaySample, notificationID: ' ' })).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/notificationID/),
    });
    expect(parseNotification(null).ok).toBe(false);
  });
});
