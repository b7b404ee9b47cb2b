import { randomUUID } from 'node:crypto';
import { Agent, request, type Dispatcher } from 'undici';
import type { Exchange, GatewayOperation } from '@shared/exchange';
import { classifyAnswer, classifyFailure, type Verdict } from './classify';
import { checkConformance, checkRequestConformance } from './conformance';
import type { CallRedactor } from './redaction';
import { DEFAULT_RETRY, retryDelay, type RetryOptions } from './retry-policy';

/**
 * Design rule 4: money-moving calls are never retried automatically. This set is the one place that
 * says which operations may be; everything else gets exactly one attempt.
 */
const RETRYABLE_OPERATIONS: ReadonlySet<GatewayOperation> = new Set(['getStatus']);
const MONEY_MOVING_OPERATIONS: ReadonlySet<GatewayOperation> = new Set([
  'createOrder',
  'generateReference',
  'mbwayPurchase',
  'performAction',
]);

/** Transport errors raised before a single byte left: the gateway cannot have seen the request. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'ERR_INVALID_URL',
  'UND_ERR_INVALID_ARG',
]);

/** A signature in an answer that did not parse (e.g. cut off later on) is still a secret to mask. */
const SIGNATURE_IN_TEXT = /"transactionSignature"\s*:\s*"((?:[^"\\]|\\.)+)"/;

export interface SenderOptions {
  /** Time allowed to open the TCP/TLS connection (default 5 s). */
  connectTimeoutMs?: number;
  /** Time allowed for the whole attempt, body included (default 30 s). */
  totalTimeoutMs?: number;
  retry?: Partial<RetryOptions>;
  /** Waits between retries; injectable so tests need not sleep. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

export interface GatewayRequest {
  operation: GatewayOperation;
  method: 'GET' | 'POST';
  url: string;
  /** Frozen when built by the GatewayClient: one object per connection, whose masked form is then reused. */
  headers: Readonly<Record<string, string>>;
  /** JSON text to send, or undefined for no body. */
  body?: string;
  profileId: string | null;
  merchantTransactionId: string | null;
  transactionID: string | null;
  redactor: CallRedactor;
  /** The interface variant, for the spec checks whose deviations become conformance notes. */
  variant: 'A' | 'B';
}

export interface GatewayResponse {
  /** The record with secrets already masked: safe to emit, store, log and export. */
  exchange: Exchange;
  /** The parsed answer, unredacted, for the SDK's own use (e.g. keeping the transactionSignature). */
  rawBody: unknown;
  /** The answer's text as received, unredacted (SDK-internal too). */
  rawText: string;
}

interface Attempt {
  status: number | null;
  headers: Record<string, string>;
  bodyText: string;
  body: unknown;
  verdict: Verdict;
  retryAfter?: string;
}

const flattenHeaders = (headers: Record<string, string | string[] | undefined>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const name of Object.keys(headers)) {
    const value = headers[name];
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
};

/** `value` as it is when `clean`, else masked (a module function: a closure per call costs more). */
function maskedUnless<T extends string | null>(clean: boolean, value: T, redactor: CallRedactor): T {
  return (value === null || clean ? value : redactor.text(value)) as T;
}

function idText(value: unknown): string | null {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

/** Same whitespace as `String.prototype.trim`, without copying the body to find out. */
const BLANK = /^\s*$/;

/** `toISOString` of the last millisecond asked for: back-to-back calls mostly start within the same one. */
let lastStartMs = Number.NaN;
let lastStartIso = '';
const isoTime = (ms: number): string => {
  if (ms !== lastStartMs) {
    lastStartIso = new Date(ms).toISOString();
    lastStartMs = ms;
  }
  return lastStartIso;
};

const errorCode = (error: unknown): string | undefined => {
  const candidate = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = candidate?.code ?? candidate?.cause?.code;
  return typeof code === 'string' ? code : undefined;
};

const errorText = (error: unknown): string => {
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
};

/**
 * The one request sender of the console (design rule 4): owns the connection pool (keep-alive),
 * timeouts, the retry policy, classification and the Exchange record of every call.
 */
export class RequestSender {
  private readonly agent: Dispatcher;
  private readonly totalTimeoutMs: number;
  private readonly connectTimeoutMs: number;
  private readonly retry: RetryOptions;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;

  constructor(options: SenderOptions = {}) {
    this.connectTimeoutMs = options.connectTimeoutMs ?? 5_000;
    this.totalTimeoutMs = options.totalTimeoutMs ?? 30_000;
    this.agent = new Agent({
      connect: { timeout: this.connectTimeoutMs },
      keepAliveTimeout: 10_000,
      headersTimeout: this.totalTimeoutMs,
      bodyTimeout: this.totalTimeoutMs,
    });
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.random = options.random ?? Math.random;
  }

  async send(call: GatewayRequest): Promise<GatewayResponse> {
    const startedAt = Date.now();
    const started = performance.now();
    const retryable = RETRYABLE_OPERATIONS.has(call.operation);
    let attempts = 0;
    let attempt: Attempt;
    for (;;) {
      attempts += 1;
      attempt = await this.attempt(call);
      if (!retryable) break;
      const delay = retryDelay(
        {
          classification: attempt.verdict.classification,
          httpStatus: attempt.status,
          retryAfter: attempt.retryAfter,
        },
        attempts - 1,
        this.retry,
        this.random,
      );
      if (delay === null) break;
      await this.sleep(delay);
    }
    const { redactor } = call;
    redactor.learn(
      attempt.body === undefined
        ? SIGNATURE_IN_TEXT.exec(attempt.bodyText)?.[1]
        : (attempt.body as { transactionSignature?: unknown } | null)?.transactionSignature,
    );
    // Every field below that quotes the answer is masked too: a gateway (or a proxy) may echo a credential
    // into any of them — paymentStatus, returnStatus texts, ids, and the conformance notes that quote values.
    const { verdict } = attempt;
    const body = attempt.body as { transactionID?: unknown; merchant?: { merchantTransactionId?: unknown } } | null;
    const transactionID = idText(body?.transactionID) ?? call.transactionID;
    const merchantTransactionId = idText(body?.merchant?.merchantTransactionId) ?? call.merchantTransactionId;
    const { returnStatus } = verdict;
    const notes =
      attempt.status !== null && attempt.body !== undefined
        ? checkConformance(call.operation, call.variant, attempt.status, attempt.body, attempt.headers['content-type'])
        : [];
    if (attempt.status !== null) for (const note of checkRequestConformance(call, attempt.headers)) notes.push(note);
    // One check over everything the record quotes from the call and the answer: almost always nothing needs
    // masking, and one pass over the joined text costs far less than one per field (design rule 5 still holds:
    // whatever the check does not clear is masked field by field below). The request headers are built by
    // the GatewayClient and masked once per connection (CallRedactor.headers).
    const quoted: Array<string | null> = [
      call.url,
      attempt.bodyText,
      verdict.summary,
      verdict.suggestedAction,
      verdict.paymentStatus,
      transactionID,
      merchantTransactionId,
      // returnStatus holds only its three string fields (readReturnStatus), none a CVV or signature name.
      returnStatus?.statusCode ?? null,
      returnStatus?.statusMsg ?? null,
      returnStatus?.statusDescription ?? null,
    ];
    for (const note of notes) quoted.push(note.path, note.message);
    for (const name of Object.keys(attempt.headers)) quoted.push(attempt.headers[name]!);
    const clean = redactor.isCleanAll(quoted);
    const exchange: Exchange = {
      id: randomUUID(),
      profileId: call.profileId,
      operation: call.operation,
      method: call.method,
      url: clean ? call.url : redactor.text(call.url),
      request: {
        headers: redactor.headers(call.headers),
        body: call.body === undefined ? null : redactor.text(call.body),
      },
      response:
        attempt.status === null
          ? null
          : {
              status: attempt.status,
              headers: redactor.headers(attempt.headers, clean),
              bodyText: clean ? attempt.bodyText : redactor.text(attempt.bodyText),
            },
      timings: {
        startedAt: isoTime(startedAt),
        durationMs: Math.max(0, performance.now() - started),
        attempts,
      },
      size: {
        requestBytes: call.body === undefined ? 0 : Buffer.byteLength(call.body),
        responseBytes: Buffer.byteLength(attempt.bodyText),
      },
      classification: verdict.classification,
      summary: maskedUnless(clean, verdict.summary, redactor),
      suggestedAction: maskedUnless(clean, verdict.suggestedAction, redactor),
      returnStatus: returnStatus && (clean ? returnStatus : (redactor.json(returnStatus) as typeof returnStatus)),
      paymentStatus: maskedUnless(clean, verdict.paymentStatus, redactor),
      conformanceNotes: clean
        ? notes
        : notes.map((note) => ({ path: redactor.text(note.path), message: redactor.text(note.message) })),
      transactionID: maskedUnless(clean, transactionID, redactor),
      merchantTransactionId: maskedUnless(clean, merchantTransactionId, redactor),
    };
    return { exchange, rawBody: attempt.body, rawText: attempt.bodyText };
  }

  private async attempt(call: GatewayRequest): Promise<Attempt> {
    // Time limits use undici's own coarse timers: an AbortSignal or a Node timer per request costs more
    // than the rest of the SDK. The answer's headers must come within the total time; the body may then
    // not stall for longer than the total time either. Both are the agent's headersTimeout / bodyTimeout
    // (constructor): repeating them on every request only made undici copy and check more options per call.
    try {
      const response = await request(call.url, {
        dispatcher: this.agent,
        method: call.method,
        headers: call.headers,
        // undefined is no body to undici; a conditional spread here would cost an object copy per call.
        body: call.body,
      });
      const bodyText = await response.body.text();
      const headers = flattenHeaders(response.headers);
      let body: unknown;
      try {
        body = BLANK.test(bodyText) ? undefined : JSON.parse(bodyText);
      } catch {
        body = undefined;
      }
      return {
        status: response.statusCode,
        headers,
        bodyText,
        body,
        verdict: classifyAnswer(response.statusCode, body, bodyText, headers['retry-after']),
        retryAfter: headers['retry-after'],
      };
    } catch (error) {
      const code = errorCode(error);
      const isTimeout =
        code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
      const detail =
        code === 'UND_ERR_CONNECT_TIMEOUT'
          ? `could not connect within ${this.connectTimeoutMs} ms`
          : isTimeout
            ? `no complete answer within ${this.totalTimeoutMs} ms`
            : errorText(error);
      return {
        status: null,
        headers: {},
        bodyText: '',
        body: undefined,
        verdict: classifyFailure(isTimeout ? 'timeout' : 'network', detail, {
          moneyMoving: MONEY_MOVING_OPERATIONS.has(call.operation),
          maybeDelivered: !(code !== undefined && NOT_SENT_CODES.has(code)),
        }),
      };
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}
