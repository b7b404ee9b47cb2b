import { describe, expect, it } from 'vitest';
import {
  followUpMethodProblem,
  MULTIBANCO_MIN_VALIDITY_HOURS,
  orderWarnings,
} from '../../../src-shared/gateway/order-warnings';
import { validOrderA } from './fixtures';

const withReference = (reference: Record<string, string>, methods = ['REFERENCE', 'MBWAY']) => {
  const order = validOrderA();
  order.transaction.paymentMethod = methods;
  return { ...order, transaction: { ...order.transaction, paymentReference: reference } };
};

describe('Multibanco validity window', () => {
  it(`warns below ${MULTIBANCO_MIN_VALIDITY_HOURS} hours, not at exactly that`, () => {
    const initialDatetime = '2026-11-21T10:00:00Z';
    expect(orderWarnings(withReference({ initialDatetime, finalDatetime: '2026-11-22T09:59:00Z' }))).toEqual([
      expect.objectContaining({ code: 'short-multibanco-window', path: 'transaction.paymentReference.finalDatetime' }),
    ]);
    expect(orderWarnings(withReference({ initialDatetime, finalDatetime: '2026-11-22T10:00:00Z' }))).toEqual([]);
  });

  it('measures from transactionTimestamp without an initialDatetime; ignores orders without REFERENCE', () => {
    // validOrderA's transactionTimestamp is 2026-11-21T10:00:00Z.
    expect(orderWarnings(withReference({ finalDatetime: '2026-11-21T10:30:00Z' }))[0]?.message).toMatch(
      /valid for 30 minutes/,
    );
    expect(orderWarnings(withReference({ finalDatetime: '2026-11-21T10:30:00Z' }, ['MBWAY']))).toEqual([]);
    expect(orderWarnings(validOrderA())).toEqual([]);
    expect(orderWarnings('not an order')).toEqual([]);
  });
});

describe('follow-up method check', () => {
  it('names the missing method; unknown lists pass (records kept before the list was)', () => {
    expect(followUpMethodProblem(['CARD'], 'MBWAY')).toMatch(/needs MBWAY in the order's paymentMethod list \(CARD\)/);
    expect(followUpMethodProblem(['REFERENCE', 'MBWAY'], 'MBWAY')).toBeNull();
    expect(followUpMethodProblem(null, 'REFERENCE')).toBeNull();
  });
});
