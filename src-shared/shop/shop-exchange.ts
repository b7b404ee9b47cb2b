/**
 * A shop's call as an Exchange (issue 29), so History and the Inspector — built for the console's own
 * calls — show the shop's too, marked `from: 'shop'`. Derived from main's record entry every time the
 * renderer's index is (re)built: one truth (the record), one derivation, the same row on every rebuild.
 */
import type { Exchange, ExchangeClassification } from '../exchange';
import type { ShopCall } from './traffic';

/** The Exchange id of the shop call kept at `recordSeq` in main's record (unique in that journal). */
export const shopExchangeId = (recordSeq: number): string => `shop-${recordSeq}`;

function classify(call: ShopCall): ExchangeClassification {
  if (!call.response || call.response.fault) return call.response?.status ? 'http-error' : 'network';
  if (call.response.status !== 200) return 'http-error';
  if (call.statusCode === null) return 'invalid-response';
  if (call.statusCode === '999') return 'retry-advised';
  return call.statusCode === '000' ? 'ok' : 'gateway-error';
}

/** Null for a call to a path that is not one of the interface's (the Traffic view still shows it). */
export function exchangeOfShopCall(recordSeq: number, call: ShopCall): Exchange | null {
  if (call.operation === null) return null;
  const response = call.response;
  const summary = response
    ? `HTTP ${response.status}${call.statusCode ? ` · statusCode ${call.statusCode}` : ''}${response.fault ? ` · ${response.fault}` : ''}`
    : 'No answer';
  return {
    id: shopExchangeId(recordSeq),
    profileId: null,
    operation: call.operation,
    method: call.method,
    url: call.path,
    request: { headers: call.request.headers, body: call.request.body },
    response: response
      ? { status: response.status, headers: response.headers, bodyText: response.body, bodyTruncated: false }
      : null,
    timings: { startedAt: call.receivedAt, durationMs: call.durationMs, attempts: 1 },
    size: {
      requestBytes: call.request.body?.length ?? 0,
      responseBytes: response?.body.length ?? 0,
    },
    classification: classify(call),
    summary,
    suggestedAction: null,
    returnStatus: call.statusCode === null ? null : { statusCode: call.statusCode },
    paymentStatus: call.paymentStatus,
    conformanceNotes: [],
    transactionID: call.transactionID,
    merchantTransactionId: call.merchantTransactionId,
    from: 'shop',
    shopSource: { worldId: call.worldId, via: call.via },
  };
}
