/**
 * Orders created in the same millisecond start with the same history entry and the same expiry step;
 * whatever happens to one of them afterwards must not show in the other.
 */
import { describe, expect, it, vi } from 'vitest';
import { ORDER_EXAMPLES } from '../../../src-shared/gateway/openapi';
import type { Order } from '../../../src-shared/gateway';
import { SimClock } from '../../../src-main/simulator/clock';
import { createRandom } from '../../../src-main/simulator/random';
import { TransactionBook } from '../../../src-main/simulator/transactions';

const terminal = { terminalId: '1000001', variant: 'A' as const, token: 'token-a' };
const order = ORDER_EXAMPLES.variantA.value as unknown as Order;
const TTL_SECONDS = 1_800;

function twoOrdersInOneMillisecond() {
  vi.useFakeTimers({ now: Date.parse('2026-11-26T10:00:00.000Z'), toFake: ['Date'] });
  const clock = new SimClock();
  const book = new TransactionBook(clock, createRandom(7));
  const first = book.create({ terminal, order, ttlSeconds: TTL_SECONDS });
  const second = book.create({ terminal, order, ttlSeconds: TTL_SECONDS });
  return { clock, book, first, second };
}

describe('orders created together', () => {
  it('each expires on its own when its time comes, both of them', () => {
    const { clock, book, first, second } = twoOrdersInOneMillisecond();
    try {
      expect(first.expiresAt).toBe(second.expiresAt);
      clock.advance(TTL_SECONDS + 1);
      expect(book.get(first.id)?.status).toBe('Expired');
      expect(book.get(second.id)?.status).toBe('Expired');
      expect(second.history.map((change) => change.to)).toEqual(['Pending', 'Expired']);
    } finally {
      clock.close();
      vi.useRealTimers();
    }
  });

  it('a change to one leaves the other’s history and expiry as they were', () => {
    const { clock, book, first, second } = twoOrdersInOneMillisecond();
    try {
      book.transition(first, 'Success', 'paid by hand');
      const later = clock.now() + 60_000;
      book.setExpiry(first, later);
      expect(first.history.map((change) => change.to)).toEqual(['Pending', 'Success']);
      expect(second.history).toEqual([
        expect.objectContaining({ from: null, to: 'Pending', reason: 'order created', at: '2026-11-26T10:00:00.000Z' }),
      ]);
      expect(second.steps).toEqual([{ kind: 'expire', at: second.expiresAt }]);
      expect(book.view(second).expiry).toBe('2026-11-26T10:30:00.000Z');
      clock.advance(TTL_SECONDS + 1);
      expect(book.get(second.id)?.status).toBe('Expired');
      expect(book.get(first.id)?.status).toBe('Success');
    } finally {
      clock.close();
      vi.useRealTimers();
    }
  });
});
