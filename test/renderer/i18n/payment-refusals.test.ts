import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../src-renderer/src/i18n';
import { paymentRefusalText } from '../../../src-renderer/src/i18n/payment-refusals';

afterEach(() => setLocale('en'));

const final = {
  code: 'payment-final',
  message: 'main’s English sentence',
  details: { transactionId: 's2FINALFINALFINAL001', status: 'Success', learnedAt: '2026-01-31T12:00:05Z' },
};
const duplicate = {
  code: 'duplicate-merchant-transaction-id',
  message: 'main’s English sentence',
  details: { merchantTransactionId: 'shop-1', transactionId: 's2FIRSTFIRSTFIRST001' },
};

describe('final is final / no silent duplicates: main’s refusals are told by code, in the user’s language', () => {
  it('names the final status and the transaction, or the transaction that already has the merchantTransactionId', () => {
    expect(paymentRefusalText(final)).toMatch(/^s2FINALFINALFINAL001 is final: .*Success at .*nothing was sent/);
    expect(paymentRefusalText(duplicate)).toContain(
      '“shop-1” is already used on this profile by transaction s2FIRSTFIRSTFIRST001',
    );
    expect(
      paymentRefusalText({ ...duplicate, details: { merchantTransactionId: 'shop-1', transactionId: null } }),
    ).toMatch(/being created right now/);
    expect(
      paymentRefusalText({
        ...duplicate,
        details: { merchantTransactionId: 'shop-1', transactionId: null, outcomeUnknownSince: '2026-01-31T12:00:05Z' },
      }),
    ).toMatch(/“shop-1” sent at .* got no answer, so the order may exist/);
    setLocale('pt-PT');
    expect(paymentRefusalText(final)).toMatch(/^s2FINALFINALFINAL001 é final: .*Success em /);
    expect(paymentRefusalText(duplicate)).toContain('pela transação s2FIRSTFIRSTFIRST001');
    expect(paymentRefusalText({ code: 'override-not-allowed', message: 'x' })).toMatch(/nunca em produção/);
  });

  it('keeps main’s own sentence for any other error', () => {
    expect(paymentRefusalText({ code: 'lookup-only', message: 'It is lookup-only.' })).toBe('It is lookup-only.');
  });
});
