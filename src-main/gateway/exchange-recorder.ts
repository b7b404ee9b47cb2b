import { randomUUID } from 'node:crypto';
import type { Exchange } from '@shared/exchange';
import { salvageAnswer } from './answer-salvage';
import { checkConformance, checkRequestConformance } from './conformance';
import type { Attempt, GatewayRequest, GatewayResponse } from './gateway-call';

/** How long the call took, across its attempts. */
export interface CallTimings {
  startedAt: string;
  durationMs: number;
  attempts: number;
}

function idText(value: unknown): string | null {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

/**
 * Builds the record of a call from what was sent and the last attempt's answer: every field that quotes the
 * call or the answer masked, so the Exchange is safe to emit, store, log and export.
 */
export function recordExchange(call: GatewayRequest, attempt: Attempt, timings: CallTimings): GatewayResponse {
  const { redactor } = call;
  // What the answer says: parsed, or read for its ids when it could not be parsed (cut off, too deep).
  const answer = (attempt.body ?? (attempt.status === null ? undefined : salvageAnswer(attempt.bodyText))) as
    | { transactionSignature?: unknown; transactionID?: unknown; merchant?: { merchantTransactionId?: unknown } }
    | null
    | undefined;
  // A signature (or action token) in the answer is a secret wherever else the answer echoes it.
  redactor.learn(answer?.transactionSignature);
  for (const token of actionTokensOf(answer)) redactor.learn(token);
  const { verdict } = attempt;
  const transactionID = idText(answer?.transactionID) ?? call.transactionID;
  const merchantTransactionId = idText(answer?.merchant?.merchantTransactionId) ?? call.merchantTransactionId;
  const notes =
    attempt.status !== null && attempt.body !== undefined && !attempt.salvaged
      ? checkConformance(call.operation, call.variant, attempt.status, attempt.body, attempt.headers['content-type'])
      : [];
  if (attempt.status !== null) for (const note of checkRequestConformance(call, attempt.headers)) notes.push(note);
  // Every field that quotes the call or the answer is masked: a gateway (or a proxy) may echo a credential
  // into any of them — paymentStatus, returnStatus texts, ids, and the conformance notes that quote values.
  // They are masked as one record (redaction.ts); the two bodies are JSON text, masked as such on their
  // own, and the parsed answer handed back is the masked answer text parsed again.
  const maskedBodyText = redactor.text(attempt.bodyText);
  const masked = redactor.mask({
    url: call.url,
    requestHeaders: redactor.credentialHeaders(call.headers),
    responseHeaders: redactor.credentialHeaders(attempt.headers),
    summary: verdict.summary,
    suggestedAction: verdict.suggestedAction,
    said: verdict.said,
    // Read into three strings (readReturnStatus): masked as text with the rest, nothing structural left.
    returnStatus: verdict.returnStatus,
    paymentStatus: verdict.paymentStatus,
    conformanceNotes: notes.map((note) => ({ path: note.path, message: note.message })),
    transactionID,
    merchantTransactionId,
  });
  const exchange: Exchange = {
    id: randomUUID(),
    profileId: call.profileId,
    operation: call.operation,
    method: call.method,
    url: masked.url,
    request: {
      headers: masked.requestHeaders,
      body: call.body === undefined ? null : redactor.text(call.body),
    },
    response:
      attempt.status === null
        ? null
        : {
            status: attempt.status,
            headers: masked.responseHeaders,
            bodyText: maskedBodyText,
            ...(attempt.truncated ? { bodyTruncated: true } : {}),
          },
    timings,
    size: {
      requestBytes: call.body === undefined ? 0 : Buffer.byteLength(call.body),
      responseBytes: attempt.bytes,
    },
    ...(attempt.clockOffsetMs === null ? {} : { gatewayClockOffsetMs: attempt.clockOffsetMs }),
    classification: verdict.classification,
    summary: masked.summary,
    suggestedAction: masked.suggestedAction,
    said: masked.said,
    returnStatus: masked.returnStatus,
    paymentStatus: masked.paymentStatus,
    conformanceNotes: masked.conformanceNotes,
    transactionID: masked.transactionID,
    merchantTransactionId: masked.merchantTransactionId,
  };
  const response = attempt.body === undefined ? null : redactor.answer(attempt.body, attempt.bodyText, maskedBodyText);
  return { exchange, response, rawBody: attempt.body, salvaged: attempt.salvaged };
}

/** One-time action tokens an answer carries (`actionResponse.data.params[{name:"actionToken"}]`). */
export function actionTokensOf(answer: unknown): string[] {
  const params = (answer as { actionResponse?: { data?: { params?: unknown } } } | null | undefined)?.actionResponse
    ?.data?.params;
  if (!Array.isArray(params)) return [];
  return params
    .filter(
      (param): param is { name: string; value: string } =>
        (param as { name?: unknown } | null)?.name === 'actionToken' &&
        typeof (param as { value?: unknown }).value === 'string',
    )
    .map((param) => param.value);
}
