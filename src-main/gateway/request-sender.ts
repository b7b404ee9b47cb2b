import { Agent, type Dispatcher } from 'undici';
import type { GatewayOperation } from '@shared/exchange';
import { isoTimestamp } from '../common/iso-time';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from '../common/json-depth';
import { salvageAnswer } from './answer-salvage';
import { gatewayClockOffset } from './gateway-clock';
import { receiveAnswer } from './receive-answer';
import { mainText } from '@shared/console-text';
import { classifyAnswer, classifyFailure, classifyOversizedAnswer, type CallKind } from './classify';
import { recordExchange } from './exchange-recorder';
import type { Attempt, GatewayRequest, GatewayResponse } from './gateway-call';
import { DEFAULT_RETRY, retryDelay, type RetryOptions } from './retry-policy';

/**
 * Architecture rule 4: money-moving calls are never retried automatically. This set is the one place that
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

export interface SenderOptions {
  /** Time allowed to open the TCP/TLS connection (default 5 s). */
  connectTimeoutMs?: number;
  /** Default deadline for a whole call — connect, headers and body — unless the request sets its own (30 s). */
  totalTimeoutMs?: number;
  /** Answers larger than this are cut off there and not parsed (default 4 MiB). */
  maxResponseBytes?: number;
  /** Answers nested deeper than this are not parsed whole (default 64 levels; real ones have about 5). */
  maxResponseDepth?: number;
  retry?: Partial<RetryOptions>;
  /** Waits between retries; injectable so tests need not sleep. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/** Bodies of answers that could not be parsed whole are kept up to this many characters in the Exchange. */
const KEPT_TEXT_CHARS = 256 * 1024;

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

/** The chunks of an answer as text; one chunk (nearly every answer) is read where it is, not copied first. */
const utf8Text = (chunks: readonly Buffer[]): string =>
  chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');

/** Where a call was when its deadline ran out: said in the summary, because each points elsewhere. */
type Phase = 'headers' | 'body';
const PHASE_TEXT: Record<Phase, 'exchangeDeadlineWaiting' | 'exchangeDeadlineReceiving'> = {
  headers: 'exchangeDeadlineWaiting',
  body: 'exchangeDeadlineReceiving',
};
/**
 * The one request sender of the console (architecture rule 4): owns the connection pool (keep-alive),
 * the whole-call deadline, the answer bounds, the retry policy and classification. What is kept of the call
 * (the redacted Exchange) is built by exchange-recorder.ts from what was sent and received.
 */
export class RequestSender {
  private readonly agent: Dispatcher;
  private readonly totalTimeoutMs: number;
  private readonly connectTimeoutMs: number;
  private readonly maxResponseBytes: number;
  private readonly maxResponseDepth: number;
  private readonly retry: RetryOptions;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;

  constructor(options: SenderOptions = {}) {
    this.connectTimeoutMs = options.connectTimeoutMs ?? 5_000;
    this.totalTimeoutMs = options.totalTimeoutMs ?? 30_000;
    this.maxResponseBytes = options.maxResponseBytes ?? 4 * 1024 * 1024;
    this.maxResponseDepth = options.maxResponseDepth ?? MAX_JSON_DEPTH;
    // undici's own header/body timers only bound the gap between chunks (a gateway dribbling a byte every
    // few seconds never trips them): the call's deadline below bounds the whole call instead.
    this.agent = new Agent({
      connect: { timeout: this.connectTimeoutMs },
      keepAliveTimeout: 10_000,
      headersTimeout: 0,
      bodyTimeout: 0,
    });
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.random = options.random ?? Math.random;
  }

  async send(call: GatewayRequest): Promise<GatewayResponse> {
    const startedAt = isoTimestamp();
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
    const timings = { startedAt, durationMs: Math.max(0, performance.now() - started), attempts };
    return recordExchange(call, attempt, timings);
  }

  private async attempt(call: GatewayRequest): Promise<Attempt> {
    const kind: CallKind = { operation: call.operation, moneyMoving: MONEY_MOVING_OPERATIONS.has(call.operation) };
    const deadlineMs = call.deadlineMs ?? this.totalTimeoutMs;
    const received = await receiveAnswer(this.agent, call, { deadlineMs, cap: this.maxResponseBytes });
    const { status, headers, error, deadlinePassed, sent } = received;
    const text = utf8Text(received.chunks);
    const clockOffsetMs = received.headersAt === null ? null : gatewayClockOffset(headers['date'], received.headersAt);
    if (status !== null && error === undefined)
      return this.judge(kind, {
        status,
        headers,
        text,
        bytes: received.bytes,
        overCap: received.overCap,
        clockOffsetMs,
      });
    const code = errorCode(error);
    const timedOut = deadlinePassed || code === 'UND_ERR_CONNECT_TIMEOUT';
    // The console's own words by id; a socket error's own message is outside text, kept as it is.
    const detail =
      code === 'UND_ERR_CONNECT_TIMEOUT'
        ? mainText('exchangeConnectWithin', { ms: this.connectTimeoutMs })
        : deadlinePassed && !sent
          ? mainText('exchangeConnectWithinDeadline', { ms: deadlineMs })
          : deadlinePassed
            ? mainText(PHASE_TEXT[status === null ? 'headers' : 'body'], { ms: deadlineMs })
            : errorText(error);
    // When the headers had arrived, what came of the answer is kept, marked as incomplete.
    return {
      status,
      headers,
      bodyText: status === null ? '' : text,
      bytes: received.bytes,
      truncated: status !== null,
      body: undefined,
      salvaged: false,
      clockOffsetMs,
      verdict: classifyFailure(timedOut ? 'timeout' : 'network', detail, {
        moneyMoving: kind.moneyMoving,
        // Nothing left main before the request reached a socket, whatever ended the call.
        maybeDelivered: sent && !(code !== undefined && NOT_SENT_CODES.has(code)),
        operation: call.operation,
      }),
    };
  }

  /** Parses an answer within the depth bound and classifies it; too deep or too large is read for its ids only. */
  private judge(
    kind: CallKind,
    answer: {
      status: number;
      headers: Record<string, string>;
      text: string;
      bytes: number;
      overCap: boolean;
      clockOffsetMs: number | null;
    },
  ): Attempt {
    const { status, headers, text, bytes, overCap, clockOffsetMs } = answer;
    const retryAfter = headers['retry-after'];
    const tooDeep = !overCap && jsonDepthExceeds(text, this.maxResponseDepth);
    if (overCap || tooDeep) {
      const why = overCap
        ? mainText('exchangeLargerThanCap', { bytes: this.maxResponseBytes })
        : mainText('exchangeNestedTooDeep', { levels: this.maxResponseDepth });
      const salvaged = salvageAnswer(text);
      return {
        status,
        headers,
        bodyText: text.length > KEPT_TEXT_CHARS ? text.slice(0, KEPT_TEXT_CHARS) : text,
        bytes,
        truncated: overCap || text.length > KEPT_TEXT_CHARS,
        body: salvaged,
        salvaged: true,
        verdict: classifyOversizedAnswer(status, salvaged, why, kind),
        retryAfter,
        clockOffsetMs,
      };
    }
    let body: unknown;
    try {
      body = text.trim() === '' ? undefined : JSON.parse(text);
    } catch {
      body = undefined;
    }
    return {
      status,
      headers,
      bodyText: text,
      bytes,
      truncated: false,
      body,
      salvaged: false,
      verdict: classifyAnswer(status, body, text, retryAfter, kind),
      retryAfter,
      clockOffsetMs,
    };
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}
