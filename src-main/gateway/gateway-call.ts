import type { Exchange, GatewayOperation } from '@shared/exchange';
import type { Verdict } from './classify';
import type { CallRedactor } from './redaction';

/** One call to the gateway as the sender sends it: what the client built, with its redactor. */
export interface GatewayRequest {
  operation: GatewayOperation;
  method: 'GET' | 'POST';
  url: string;
  /** `url` parsed, when the client has parsed it already (null: it is not an absolute URL); parsed here when absent. */
  target?: URL | null;
  headers: Readonly<Record<string, string>>;
  /** JSON text to send, or undefined for no body. */
  body?: string;
  profileId: string | null;
  merchantTransactionId: string | null;
  transactionID: string | null;
  redactor: CallRedactor;
  /** The interface variant, for the spec checks whose deviations become conformance notes. */
  variant: 'A' | 'B';
  /** The profile's whole-call deadline; the sender's default when absent. */
  deadlineMs?: number | null;
}

/**
 * What one attempt sent and received, judged: the sender's output and the exchange
 * recorder's input.
 */
export interface Attempt {
  status: number | null;
  headers: Record<string, string>;
  bodyText: string;
  /** Bytes of the answer received. */
  bytes: number;
  /** bodyText is not the whole answer (over the cap, or the answer stopped). */
  truncated: boolean;
  body: unknown;
  salvaged: boolean;
  verdict: Verdict;
  retryAfter?: string;
  /** Gateway time − local time from the answer's Date header; null when it stated none (gateway-clock.ts). */
  clockOffsetMs: number | null;
}

export interface GatewayResponse {
  /** The record with secrets already masked: safe to emit, store, log and export. */
  exchange: Exchange;
  /**
   * The parsed answer with secrets masked and card data removed (as safe as `exchange`), or null when none.
   * When nothing in it needed masking it is `rawBody` itself: neither is ever changed.
   */
  response: unknown;
  /**
   * The parsed answer, unredacted, for the SDK's own use (e.g. keeping the transactionSignature). For an
   * answer too deep or too large to parse, what could be read of it (`salvaged`).
   */
  rawBody: unknown;
  /** True when rawBody holds only the fields read from an answer that could not be parsed whole. */
  salvaged: boolean;
}
