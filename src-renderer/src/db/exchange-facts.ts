/**
 * What an Exchange tells us about a transaction, as History keeps it: the shared reading of the exchange
 * (src-shared/history/exchange-facts) plus what only History needs (methods offered, status weighing).
 */
import { maskCustomerValue, type CustomerData } from '@shared/support/customer-data';
import type { Exchange } from '@shared/exchange';
import { asString, exchangeFactsOf, path } from '@shared/history/exchange-facts';
import { answerReport, type StatusReport } from '@shared/transaction-state';
import { OUTCOME_UNKNOWN, type StoredReturnStatus } from './records';

export interface TransactionFacts {
  /** The transactions row key: transactionID, or `attempt:<exchange id>` for an unknown outcome. */
  key: string;
  transactionId: string | null;
  merchantTransactionId: string | null;
  amount: number | null;
  currency: string | null;
  methods: string[];
  /** The customer data of the order this exchange sent (create only); masked or not by the writer. */
  customer: CustomerData | null;
  /** The one method the gateway says was used (status answer's `paymentMethod`); null when it did not say. */
  paymentMethod: string | null;
  paymentStatus: string | null;
  statusKey: string | null;
  returnStatus: StoredReturnStatus | null;
  expiry: string | null;
  reference: string | null;
  referenceEntity: string | null;
  maskedPhone: string | null;
  /** When the gateway said this (the exchange's start), epoch ms. */
  observedAt: number;
  /** The status this answer reported, weighed by gateway time against what history already holds. */
  statusReport: StatusReport | null;
  /** Whether this exchange alone justifies a new history row (a created or found transaction). */
  mayCreateRow: boolean;
}

const asNumber = (value: unknown): number | null => {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(number) ? number : null;
};

/** Returns null when the exchange concerns no transaction (e.g. a create refused before one existed). */
export function factsFromExchange(exchange: Exchange): TransactionFacts | null {
  const read = exchangeFactsOf(exchange);
  const { request, response, transactionId, requestAmount, responseAmount } = read;
  const observedAt = Date.parse(exchange.timings.startedAt) || 0;
  const answered = exchange.classification === 'ok';
  const unknownOutcome = exchange.classification === 'outcome-unknown';

  if (exchange.operation === 'createOrder' && transactionId === null && !unknownOutcome) return null;
  if (exchange.operation !== 'createOrder' && transactionId === null) return null;

  const offered = path(request, 'transaction', 'paymentMethod');
  const listed = path(response, 'paymentMethodList');
  const used = read.paymentMethod;
  const methods = [
    ...(Array.isArray(offered) ? offered : []),
    ...(Array.isArray(listed) && !Array.isArray(offered) ? listed : []),
    ...(used ? [used] : []),
  ].filter((m): m is string => typeof m === 'string');
  const phone = asString(path(request, 'customerPhone'));

  return {
    key: transactionId ?? `attempt:${exchange.id}`,
    transactionId,
    merchantTransactionId: read.merchantTransactionId,
    amount: asNumber(path(responseAmount, 'value')) ?? asNumber(path(requestAmount, 'value')),
    currency: asString(path(responseAmount, 'currency')) ?? asString(path(requestAmount, 'currency')),
    methods: [...new Set(methods)],
    paymentMethod: used,
    customer: exchange.operation === 'createOrder' ? read.customer : null,
    paymentStatus: exchange.paymentStatus,
    statusKey: exchange.paymentStatus ?? (unknownOutcome ? OUTCOME_UNKNOWN : null),
    returnStatus: exchange.returnStatus,
    expiry: asString(path(response, 'expiry')) ?? asString(path(response, 'paymentReference', 'expireDate')),
    reference: read.reference,
    referenceEntity: asString(path(response, 'paymentReference', 'entity')),
    // The support desk's customer-data rule: one mask for a phone wherever the console shows it.
    maskedPhone: phone ? maskCustomerValue('phone', phone) : null,
    observedAt,
    statusReport: answerReport(exchange, response),
    // A create that got a transactionID (or whose outcome is unknown) starts a row; a follow-up that the
    // gateway answered proves the transaction exists (this is how a support-desk lookup lands in history).
    mayCreateRow: exchange.operation === 'createOrder' || answered,
  };
}
