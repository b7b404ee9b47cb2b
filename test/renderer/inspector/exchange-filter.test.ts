import { describe, expect, it } from 'vitest';
import { matchesExchangeSearch, transactionsOf } from '../../../src-renderer/src/components/inspector/exchange-filter';
import { makeExchange } from '../db/fixtures';

describe('Inspector search (issue 27 item 4)', () => {
  const exchange = makeExchange({ transactionID: 'TX-abc123', merchantTransactionId: 'shop-42', summary: 'created' });

  it('matches the ids a user pastes, case-insensitively, and ignores surrounding spaces', () => {
    expect(matchesExchangeSearch(exchange, '  tx-ABC123 ')).toBe(true);
    expect(matchesExchangeSearch(exchange, 'SHOP-42')).toBe(true);
    expect(matchesExchangeSearch(exchange, '')).toBe(true);
    expect(matchesExchangeSearch(exchange, 'shop-43')).toBe(false);
  });

  it('treats the query as text, never as a pattern', () => {
    expect(matchesExchangeSearch(exchange, '.*')).toBe(false);
    expect(matchesExchangeSearch(exchange, '[')).toBe(false);
  });

  it('lists each transaction once, in list order, skipping exchanges without one', () => {
    const other = makeExchange({ transactionID: 'TX-2' });
    const none = makeExchange({ transactionID: null });
    expect(transactionsOf([other, exchange, none, other])).toEqual(['TX-2', 'TX-abc123']);
  });
});
