import { describeReturnStatusCode } from '@shared/gateway/codes';
import type { Exchange, ExchangeClassification } from '@shared/exchange';
import { parseRetryAfter } from './retry-policy';
import { adviceForHttpStatus, HTTP_STATUS_ADVICE, outcomeUnknownAdvice } from './suggested-actions';

export interface Verdict {
  classification: ExchangeClassification;
  summary: string;
  suggestedAction: string | null;
  returnStatus: Exchange['returnStatus'];
  paymentStatus: string | null;
}

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

/** returnStatus read leniently: codes may come as numbers, messages may be missing. */
export function readReturnStatus(body: unknown): Exchange['returnStatus'] {
  const returnStatus = asRecord(asRecord(body)?.returnStatus);
  const statusCode = text(returnStatus?.statusCode);
  if (!returnStatus || statusCode === undefined) return null;
  const statusMsg = text(returnStatus.statusMsg);
  const statusDescription = text(returnStatus.statusDescription);
  const out: NonNullable<Exchange['returnStatus']> = { statusCode };
  if (statusMsg !== undefined) out.statusMsg = statusMsg;
  if (statusDescription !== undefined) out.statusDescription = statusDescription;
  return out;
}

/** Status names for answers outside the spec's table that proxies and load balancers produce. */
const PROXY_STATUS_LABELS: Record<number, string> = { 502: 'Bad Gateway', 504: 'Gateway Timeout' };

/**
 * Why a body that did not parse is not an answer: empty, cut off mid-JSON, or not JSON at all (an HTML
 * error page from a proxy). Each reads differently to a support agent, so each gets its own words.
 */
function unparsableBody(bodyText: string): string {
  const trimmed = bodyText.trim();
  if (trimmed === '') return 'the body is empty';
  if (/^[{[]/.test(trimmed)) return 'the JSON body is cut off or malformed';
  if (/^<(!doctype|html)/i.test(trimmed)) return 'the body is an HTML page, not JSON';
  return 'the body is not JSON';
}

/**
 * Classifies an answer. The spec says to check both the HTTP status and returnStatus.statusCode;
 * `000` means "request processed", never "paid" — the payment status is reported separately.
 * `body` is the parsed JSON, or `undefined` when the body was not JSON; `bodyText` is the text as
 * received, used to say why a body is unusable.
 */
export function classifyAnswer(
  status: number,
  body: unknown,
  bodyText = '',
  retryAfter?: string,
  call: CallKind = { operation: 'getStatus', moneyMoving: false },
): Verdict {
  const returnStatus = readReturnStatus(body);
  const paymentStatus = text(asRecord(body)?.paymentStatus) ?? null;
  const codeText = returnStatus
    ? ` (statusCode ${returnStatus.statusCode}${returnStatus.statusMsg ? ` ${returnStatus.statusMsg}` : ''})`
    : '';
  if (status !== 200) {
    const label = HTTP_STATUS_ADVICE[status]?.statusMsg ?? PROXY_STATUS_LABELS[status];
    // A non-JSON error page usually comes from a proxy in front of the gateway, not from the gateway.
    const pageText = body === undefined && bodyText.trim() !== '' ? ` (${unparsableBody(bodyText)})` : '';
    // Retry-After (seconds or an HTTP date) tells the user when sending again is welcome.
    const waitMs = status === 429 ? parseRetryAfter(retryAfter) : null;
    const waitText = waitMs === null ? '' : ` — the gateway asks to wait ${Math.ceil(waitMs / 1000)} s`;
    // A 5xx — above all a proxy's 502/504 — may come after the gateway already processed the request:
    // for a call that moves money that is not an error to retry but an outcome to find out first.
    if (status >= 500 && call.moneyMoving)
      return {
        returnStatus,
        paymentStatus,
        classification: 'outcome-unknown',
        summary: `HTTP ${status}${label ? ` ${label}` : ''}${codeText}${pageText}: the gateway may have processed the request`,
        suggestedAction: outcomeUnknownAdvice(call.operation),
      };
    return {
      returnStatus,
      paymentStatus,
      classification: 'http-error',
      summary: `HTTP ${status}${label ? ` ${label}` : ''}${codeText}${pageText}${waitText}`,
      suggestedAction: adviceForHttpStatus(status),
    };
  }
  if (!returnStatus) {
    return {
      returnStatus,
      paymentStatus,
      classification: 'invalid-response',
      summary:
        body === undefined
          ? `HTTP 200 but ${unparsableBody(bodyText)}`
          : 'HTTP 200 but the body has no returnStatus.statusCode',
      suggestedAction: 'Check the raw body and the profile’s base URL and path prefix.',
    };
  }
  if (returnStatus.statusCode === '000') {
    return {
      returnStatus,
      paymentStatus,
      classification: 'ok',
      summary: `statusCode 000${paymentStatus ? `, paymentStatus ${paymentStatus}` : ''}`,
      suggestedAction: null,
    };
  }
  if (returnStatus.statusCode === '999') {
    return {
      returnStatus,
      paymentStatus,
      classification: 'retry-advised',
      summary: `statusCode 999 ${returnStatus.statusMsg ?? 'Validation Request Failed'}`,
      suggestedAction: 'The gateway asks to try again in a moment.',
    };
  }
  const meaning = describeReturnStatusCode(returnStatus.statusCode);
  return {
    returnStatus,
    paymentStatus,
    classification: 'gateway-error',
    summary: `HTTP 200 with error${codeText}`,
    suggestedAction: meaning ?? returnStatus.statusDescription ?? 'See statusMsg and statusDescription.',
  };
}

/** Which call an answer belongs to: only money-moving ones turn doubt into `outcome-unknown`. */
export interface CallKind {
  operation: string;
  moneyMoving: boolean;
}

/**
 * An answer the console refused to parse whole (nested too deep, or larger than the answer cap). What
 * it could still read — returnStatus and the ids — is reported, so an order that exists is never hidden.
 */
export function classifyOversizedAnswer(status: number, salvaged: unknown, why: string, call: CallKind): Verdict {
  const returnStatus = readReturnStatus(salvaged);
  const record = asRecord(salvaged);
  const paymentStatus = text(record?.paymentStatus) ?? null;
  const ids = [
    returnStatus ? `statusCode ${returnStatus.statusCode}` : null,
    text(record?.transactionID) ? `transactionID ${text(record?.transactionID)}` : null,
    paymentStatus ? `paymentStatus ${paymentStatus}` : null,
  ].filter((part): part is string => part !== null);
  return {
    returnStatus,
    paymentStatus,
    classification: 'invalid-response',
    summary: `HTTP ${status} but ${why}${ids.length ? `; it says ${ids.join(', ')}` : ''}`,
    suggestedAction: call.moneyMoving
      ? `Only the fields shown could be read from the answer. ${outcomeUnknownAdvice(call.operation)}`
      : 'The answer could not be read whole: check the raw body, and the gateway with its operator.',
  };
}

/** What a transport failure means, knowing whether the request may already have reached the gateway. */
export function classifyFailure(
  kind: 'timeout' | 'network',
  detail: string,
  options: { moneyMoving: boolean; maybeDelivered: boolean; operation?: string },
): Verdict {
  const base = { returnStatus: null, paymentStatus: null };
  if (options.moneyMoving && options.maybeDelivered) {
    return {
      ...base,
      classification: 'outcome-unknown',
      summary: `No complete answer (${detail}): the gateway may have processed the request`,
      suggestedAction: outcomeUnknownAdvice(options.operation ?? ''),
    };
  }
  return {
    ...base,
    classification: kind,
    summary: kind === 'timeout' ? `Timed out: ${detail}` : `Network error: ${detail}`,
    suggestedAction: options.maybeDelivered
      ? 'Try again; if it keeps failing check the gateway’s availability.'
      : 'Check the base URL and that the gateway is reachable, then try again (nothing was sent).',
  };
}
