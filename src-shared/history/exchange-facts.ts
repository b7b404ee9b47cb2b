/**
 * What an Exchange's bodies and URL say about the transaction it concerns, read the one way History (the
 * renderer) and the team workspace (main) both use. Bodies are parsed leniently (the real gateway sends
 * amounts as numbers or strings, extra fields, missing fields): anything unreadable is simply unknown.
 */
import { customerDataOfOrder, type CustomerData } from '../support/customer-data';
import type { Exchange } from '../exchange';

export type Json = Record<string, unknown>;

export const asObject = (value: unknown): Json | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : null;
/** Trimmed non-empty text, or a number written out. */
export const asString = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : null;
export const parseJson = (text: string | null | undefined): Json | null => {
  if (!text) return null;
  try {
    return asObject(JSON.parse(text));
  } catch {
    return null;
  }
};
export const path = (value: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((current, key) => asObject(current)?.[key], value);

/**
 * A follow-up's URL names its transaction (`/payments/{transactionID}/status`, `/service-reference/…`,
 * `/mbway-id/…`, `/card…`, `/action`); any other `/payments/x/` path is not read as one.
 */
const TRANSACTION_IN_URL = /\/payments\/([A-Za-z0-9_-]+)\/(?:status|service-reference|mbway-id|card|action)/;

export function transactionIdOf(exchange: Exchange): string | null {
  return exchange.transactionID ?? TRANSACTION_IN_URL.exec(exchange.url)?.[1] ?? null;
}

export interface ExchangeFacts {
  request: Json | null;
  response: Json | null;
  transactionId: string | null;
  merchantTransactionId: string | null;
  terminalId: string | null;
  /** The one method the gateway says was used (an answer's `paymentMethod`); null when it did not say. */
  paymentMethod: string | null;
  /** The Multibanco reference, digits only. */
  reference: string | null;
  /** The amount objects (`{ value, currency }`) of the answer and of the order sent, as they were. */
  responseAmount: unknown;
  requestAmount: unknown;
  /** The customer data of the order this exchange sent (empty when it sent none). */
  customer: CustomerData;
}

export function exchangeFactsOf(exchange: Exchange): ExchangeFacts {
  const request = parseJson(exchange.request.body);
  const response = parseJson(exchange.response?.bodyText);
  const reference = asString(path(response, 'paymentReference', 'reference'));
  return {
    request,
    response,
    transactionId: transactionIdOf(exchange),
    merchantTransactionId:
      exchange.merchantTransactionId ??
      asString(path(request, 'merchant', 'merchantTransactionId')) ??
      asString(path(response, 'merchant', 'merchantTransactionId')),
    terminalId: asString(path(request, 'merchant', 'terminalId')) ?? asString(path(response, 'merchant', 'terminalId')),
    paymentMethod: asString(path(response, 'paymentMethod')),
    reference: reference ? reference.replace(/\D/g, '') || null : null,
    responseAmount: path(response, 'amount'),
    requestAmount: path(request, 'transaction', 'amount'),
    customer: customerDataOfOrder(request),
  };
}
