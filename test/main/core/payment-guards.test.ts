import { describe, expect, it } from 'vitest';
import { learnedFinal } from '../../../src-main/core/payment-guards';
import type { TransactionRecord } from '../../../src-main/core/signature-store';

const record = (final?: TransactionRecord['final']): TransactionRecord => ({
  profileId: 'sandbox',
  transactionId: 's2abc',
  signature: 'sig',
  merchantTransactionId: 'order-1',
  amount: 10,
  currency: 'EUR',
  createdAt: '2026-01-01T10:00:00.000Z',
  ...(final ? { final } : {}),
});
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute));

describe("main's final-is-final knowledge follows the shared derivation", () => {
  it('learns the first final and ignores open statuses and garbage', () => {
    expect(learnedFinal(record(), 'Pending', 'status', at(1))).toBeNull();
    expect(learnedFinal(record(), '__proto__', 'notification', at(1))).toBeNull();
    expect(learnedFinal(record(), 'Success', 'notification', at(1))).toEqual({
      status: 'Success',
      learnedAt: at(1).toISOString(),
      source: 'notification',
    });
  });

  it('keeps the first final: a later, different final from the same kind of source changes nothing', () => {
    const held = record({ status: 'Declined', learnedAt: at(1).toISOString(), source: 'status' });
    expect(learnedFinal(held, 'Success', 'status', at(2))).toBeNull();
    expect(learnedFinal(held, 'Success', 'notification', at(2))).toBeNull();
    expect(learnedFinal(held, 'Declined', 'status', at(3))).toBeNull();
  });

  it("a status answer's final outweighs a notification's that disagreed, as on every screen (the payment stays final)", () => {
    const held = record({ status: 'Success', learnedAt: at(1).toISOString(), source: 'notification' });
    expect(learnedFinal(held, 'Declined', 'status', at(2))).toMatchObject({ status: 'Declined', source: 'status' });
    expect(learnedFinal(held, 'Declined', 'follow-up', at(2))).toMatchObject({ status: 'Declined' });
  });
});
