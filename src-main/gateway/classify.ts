import { describeReturnStatusCode } from '@shared/gateway/codes';
import { englishOfPieces, mainText, type MainText, type TextPiece } from '@shared/console-text';
import type { Exchange, ExchangeClassification } from '@shared/exchange';
import { parseRetryAfter } from './retry-policy';
import { adviceForHttpStatus, HTTP_STATUS_ADVICE, outcomeUnknownAdvice } from './suggested-actions';

export interface Verdict {
  classification: ExchangeClassification;
  /** English, for the CLI and logs; `said` is the same by text id, for the renderer. */
  summary: string;
  suggestedAction: string | null;
  said: { summary: TextPiece[]; suggestedAction: TextPiece[] | null };
  returnStatus: Exchange['returnStatus'];
  paymentStatus: string | null;
}

type Judgement = Omit<Verdict, 'summary' | 'suggestedAction' | 'said'> & {
  summary: TextPiece[];
  suggestedAction: TextPiece[] | MainText | null;
};

/**
 * A verdict whose summary and action are said once, by id, and rendered in English from that. Its fields
 * are named one by one: a rest-and-spread copy costs more than the rest of classifying an answer.
 */
function verdict(judgement: Judgement): Verdict {
  const { summary, suggestedAction } = judgement;
  const action = suggestedAction === null ? null : Array.isArray(suggestedAction) ? suggestedAction : [suggestedAction];
  return {
    classification: judgement.classification,
    returnStatus: judgement.returnStatus,
    paymentStatus: judgement.paymentStatus,
    summary: englishOfPieces(summary),
    suggestedAction: action === null ? null : englishOfPieces(action),
    said: { summary, suggestedAction: action },
  };
}

/** A detail that is a registered text, or outside words (a socket error's own message) kept as they are. */
export type Detail = string | MainText;

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
function unparsableBody(bodyText: string): MainText {
  const trimmed = bodyText.trim();
  if (trimmed === '') return mainText('exchangeBodyEmpty');
  if (/^[{[]/.test(trimmed)) return mainText('exchangeBodyMalformed');
  if (/^<(!doctype|html)/i.test(trimmed)) return mainText('exchangeBodyHtml');
  return mainText('exchangeBodyNotJson');
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
    const head = `HTTP ${status}${label ? ` ${label}` : ''}${codeText}`;
    // A non-JSON error page usually comes from a proxy in front of the gateway, not from the gateway.
    const page: TextPiece[] = body === undefined && bodyText.trim() !== '' ? [' (', unparsableBody(bodyText), ')'] : [];
    // Retry-After (seconds or an HTTP date) tells the user when sending again is welcome.
    const waitMs = status === 429 ? parseRetryAfter(retryAfter) : null;
    const wait: TextPiece[] =
      waitMs === null ? [] : [' — ', mainText('exchangeWaitSeconds', { seconds: Math.ceil(waitMs / 1000) })];
    // A 5xx — above all a proxy's 502/504 — may come after the gateway already processed the request:
    // for a call that moves money that is not an error to retry but an outcome to find out first.
    if (status >= 500 && call.moneyMoving)
      return verdict({
        returnStatus,
        paymentStatus,
        classification: 'outcome-unknown',
        summary: [head, ...page, ': ', mainText('exchangeMayHaveProcessed')],
        suggestedAction: outcomeUnknownAdvice(call.operation),
      });
    return verdict({
      returnStatus,
      paymentStatus,
      classification: 'http-error',
      summary: [head, ...page, ...wait],
      suggestedAction: adviceForHttpStatus(status),
    });
  }
  if (!returnStatus) {
    return verdict({
      returnStatus,
      paymentStatus,
      classification: 'invalid-response',
      summary: [
        mainText('exchangeHttpBut', { status: 200 }),
        ' ',
        body === undefined ? unparsableBody(bodyText) : mainText('exchangeNoReturnStatus'),
      ],
      suggestedAction: mainText('adviceCheckRawBody'),
    });
  }
  if (returnStatus.statusCode === '000') {
    return verdict({
      returnStatus,
      paymentStatus,
      classification: 'ok',
      summary: [`statusCode 000${paymentStatus ? `, paymentStatus ${paymentStatus}` : ''}`],
      suggestedAction: null,
    });
  }
  if (returnStatus.statusCode === '999') {
    return verdict({
      returnStatus,
      paymentStatus,
      classification: 'retry-advised',
      summary: [`statusCode 999 ${returnStatus.statusMsg ?? 'Validation Request Failed'}`],
      suggestedAction: mainText('adviceTryAgainSoon'),
    });
  }
  const meaning = describeReturnStatusCode(returnStatus.statusCode) ?? returnStatus.statusDescription;
  return verdict({
    returnStatus,
    paymentStatus,
    classification: 'gateway-error',
    summary: [mainText('exchangeHttpWithError', { status: 200 }), codeText],
    // The code's meaning is worded by the renderer from the support desk's table (English here).
    suggestedAction:
      meaning === undefined
        ? mainText('adviceSeeStatusMsg')
        : [{ returnCode: returnStatus.statusCode, english: meaning }],
  });
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
export function classifyOversizedAnswer(status: number, salvaged: unknown, why: MainText, call: CallKind): Verdict {
  const returnStatus = readReturnStatus(salvaged);
  const record = asRecord(salvaged);
  const paymentStatus = text(record?.paymentStatus) ?? null;
  const ids = [
    returnStatus ? `statusCode ${returnStatus.statusCode}` : null,
    text(record?.transactionID) ? `transactionID ${text(record?.transactionID)}` : null,
    paymentStatus ? `paymentStatus ${paymentStatus}` : null,
  ].filter((part): part is string => part !== null);
  return verdict({
    returnStatus,
    paymentStatus,
    classification: 'invalid-response',
    summary: [
      mainText('exchangeHttpBut', { status }),
      ' ',
      why,
      ...(ids.length ? ['; ', mainText('exchangeItSays', { fields: ids.join(', ') })] : []),
    ],
    suggestedAction: call.moneyMoving
      ? [mainText('adviceOnlyFieldsShown'), ' ', outcomeUnknownAdvice(call.operation)]
      : mainText('adviceAnswerNotWhole'),
  });
}

/** What a transport failure means, knowing whether the request may already have reached the gateway. */
export function classifyFailure(
  kind: 'timeout' | 'network',
  detail: Detail,
  options: { moneyMoving: boolean; maybeDelivered: boolean; operation?: string },
): Verdict {
  const base = { returnStatus: null, paymentStatus: null };
  if (options.moneyMoving && options.maybeDelivered) {
    return verdict({
      ...base,
      classification: 'outcome-unknown',
      summary: [mainText('exchangeNoCompleteAnswer'), ' (', detail, '): ', mainText('exchangeMayHaveProcessed')],
      suggestedAction: outcomeUnknownAdvice(options.operation ?? ''),
    });
  }
  return verdict({
    ...base,
    classification: kind,
    summary: [mainText(kind === 'timeout' ? 'exchangeTimedOut' : 'exchangeNetworkError'), ': ', detail],
    suggestedAction: mainText(options.maybeDelivered ? 'adviceRetryCheckAvailability' : 'adviceCheckBaseUrl'),
  });
}
