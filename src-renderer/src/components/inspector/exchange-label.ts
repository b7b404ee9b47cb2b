import type { Exchange } from '@shared/exchange';

/** One line naming an exchange in lists and pickers: time, operation, outcome. */
export function exchangeLabel(exchange: Exchange): string {
  const time = exchange.timings.startedAt.slice(11, 19);
  const outcome = exchange.response ? `HTTP ${exchange.response.status}` : exchange.classification;
  const status = exchange.paymentStatus ? ` · ${exchange.paymentStatus}` : '';
  return `${time} ${exchange.operation} · ${outcome}${status}`;
}
