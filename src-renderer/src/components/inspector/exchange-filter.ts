import type { Exchange } from '@shared/exchange';
import { exchangeLabel } from './exchange-label';

/**
 * What the Inspector's search box matches: the row as shown (time, operation, HTTP status, payment
 * status), the ids a support agent or tester pastes (transactionID, merchantTransactionId), the URL and
 * the summary. Plain substring, case-insensitive: the query is text, never a pattern.
 */
export function matchesExchangeSearch(exchange: Exchange, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === '') return true;
  const haystack = [
    exchangeLabel(exchange),
    exchange.transactionID ?? '',
    exchange.merchantTransactionId ?? '',
    exchange.url,
    exchange.summary,
  ];
  return haystack.some((text) => text.toLowerCase().includes(needle));
}

/** The transactions the listed exchanges belong to, newest first, each once. */
export function transactionsOf(exchanges: readonly Exchange[]): string[] {
  const seen = new Set<string>();
  for (const exchange of exchanges) if (exchange.transactionID) seen.add(exchange.transactionID);
  return [...seen];
}
