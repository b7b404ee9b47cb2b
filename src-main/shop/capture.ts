/**
 * Turns what a shop sent and was answered (as a simulator world or the recording proxy saw it) into the
 * shared `ShopCall` / `ShopNotification` records, masked at capture: the credential headers keep only
 * their scheme and `••••last4`, bodies go through the SDK's redaction (card data, secret fields, every
 * known credential in any spelling) and are cut at MAX_CAPTURED_BODY, so a hostile shop can neither leak
 * a secret into the record nor make it hold a huge body. One builder for both capture points.
 */
import type { ShopCall, ShopNotification } from '@shared/shop/traffic';
import { CallRedactor } from '../gateway/redaction';

/** A captured body is cut here (and flagged `bodyTruncated`): the record must stay small whatever a shop sends. */
export const MAX_CAPTURED_BODY = 64 * 1024;
/** A shop's acknowledgement is cut shorter: a valid one is under 200 characters. */
export const MAX_CAPTURED_ACK = 2_000;

export type ShopOperation = NonNullable<ShopCall['operation']>;

/** What a capture point knows of one call before masking. Header names lower-case, as Node gives them. */
export interface RawShopCall {
  seq: number;
  worldId: string;
  via: ShopCall['via'];
  receivedAt: number;
  worldTime: string;
  method: string;
  /** The path below the world's base URL, query kept. */
  path: string;
  /** Where `/payments` starts for this world (`/api/v2`), to name the operation. */
  apiPath: string;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  clientIdHeader: string;
  body: string | null;
  bodyTruncated: boolean;
  response: { status: number; headers: Record<string, unknown>; body: string; fault: string | null } | null;
  durationMs: number;
  /** The long-lived credentials the body or headers could carry (token, client id): registered with the log scrubber. */
  credentials: Array<string | null | undefined>;
  /**
   * Per-transaction secrets (the signatures involved): masked in this record only, never registered
   * process-wide (one per call would grow the scrubber's list for ever).
   */
  signatures?: Array<string | null | undefined>;
  /** For a Digest follow-up: did it carry the addressed transaction's signature, or whose it was. */
  signature?: { matched: boolean; belongsTo: string | null } | null;
}

const OPERATIONS: Array<[RegExp, string, ShopOperation]> = [
  [/^\/payments\/?$/, 'POST', 'createOrder'],
  [/^\/payments\/([^/]+)\/status\/?$/, 'GET', 'getStatus'],
  [/^\/payments\/([^/]+)\/service-reference\/generate\/?$/, 'POST', 'generateReference'],
  [/^\/payments\/([^/]+)\/mbway-id\/purchase\/?$/, 'POST', 'mbwayPurchase'],
  [/^\/payments\/([^/]+)\/action\/?$/, 'POST', 'performAction'],
];

const decode = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** The interface operation a path addresses (and the transaction id in it), or null operation for anything else. */
export function operationOf(
  method: string,
  path: string,
  apiPath: string,
): { operation: ShopOperation | null; transactionID: string | null } {
  const query = path.indexOf('?');
  const pathname = query < 0 ? path : path.slice(0, query);
  if (!pathname.startsWith(apiPath)) return { operation: null, transactionID: null };
  const rest = pathname.slice(apiPath.length);
  for (const [pattern, verb, operation] of OPERATIONS) {
    const match = pattern.exec(rest);
    if (match && verb === method) return { operation, transactionID: match[1] ? decode(match[1]) : null };
  }
  return { operation: null, transactionID: null };
}

/** Cuts a text to `max` characters; the flag says whether anything was cut. */
export function cutText(text: string, max: number): { text: string; truncated: boolean } {
  return text.length > max ? { text: text.slice(0, max), truncated: true } : { text, truncated: false };
}

const parseObject = (text: string | null | undefined): Record<string, unknown> | null => {
  if (!text || text[0] !== '{') return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
};

const stringAt = (value: unknown, ...path: string[]): string | null => {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, key)) return null;
    current = (current as Record<string, unknown>)[key];
  }
  return typeof current === 'string' || typeof current === 'number' ? String(current) : null;
};

const oneValue = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value.join(', ') : value;

/** The auth scheme a shop used, as it spelled it (`Bearer`, `Digest`, `Basic`…), null when there is none. */
export function authSchemeOf(authorization: string | undefined): string | null {
  if (authorization === undefined || authorization.trim() === '') return null;
  const match = /^\s*(\S+)(\s|$)/.exec(authorization);
  return match?.[1]?.slice(0, 40) ?? null;
}

/** The shared ShopCall for one call, every secret masked and every body cut. */
export function captureCall(raw: RawShopCall): ShopCall {
  const redactor = new CallRedactor(
    { credentials: raw.credentials, signatures: raw.signatures ?? [] },
    raw.clientIdHeader,
  );
  const headers: Record<string, string> = {};
  for (const name of Object.keys(raw.headers)) {
    const value = oneValue(raw.headers[name]);
    if (value !== undefined) headers[name.toLowerCase()] = value;
  }
  // Names and values: a shop or a gateway may echo a credential as a header name too.
  const maskHeaders = (map: Record<string, string>): Record<string, string> =>
    redactor.keys(
      Object.fromEntries(
        Object.entries(redactor.credentialHeaders(map)).map(([name, value]) => [name, redactor.text(value)]),
      ),
    );
  const { operation, transactionID: pathTransaction } = operationOf(raw.method, raw.path, raw.apiPath);
  const requestBody = raw.body === null ? null : cutText(raw.body, MAX_CAPTURED_BODY);
  const requestJson = operation === 'createOrder' ? parseObject(requestBody?.text) : null;
  const answer = raw.response;
  const answerJson = answer ? parseObject(answer.body) : null;
  const responseHeaders: Record<string, string> = {};
  if (answer)
    for (const name of Object.keys(answer.headers)) {
      const value = answer.headers[name];
      if (value !== undefined)
        responseHeaders[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    }
  const answerBody = answer ? cutText(answer.body, MAX_CAPTURED_BODY) : null;
  return {
    kind: 'call',
    seq: raw.seq,
    worldId: raw.worldId,
    via: raw.via,
    receivedAt: new Date(raw.receivedAt).toISOString(),
    worldTime: raw.worldTime,
    method: raw.method.slice(0, 16),
    path: redactor.text(cutText(raw.path, 2_000).text),
    operation,
    request: {
      headers: maskHeaders(headers),
      authScheme: authSchemeOf(headers.authorization),
      body: requestBody ? redactor.text(requestBody.text) : null,
      bodyTruncated: raw.bodyTruncated || (requestBody?.truncated ?? false),
    },
    response: answer
      ? {
          status: answer.status,
          headers: maskHeaders(responseHeaders),
          body: redactor.text(answerBody!.text),
          fault: answer.fault,
        }
      : null,
    durationMs: Math.max(0, raw.durationMs),
    transactionID: pathTransaction ?? stringAt(answerJson, 'transactionID'),
    merchantTransactionId:
      stringAt(requestJson, 'merchant', 'merchantTransactionId') ??
      stringAt(answerJson, 'merchant', 'merchantTransactionId'),
    statusCode: stringAt(answerJson, 'returnStatus', 'statusCode'),
    paymentStatus: stringAt(answerJson, 'paymentStatus'),
    ...(raw.signature !== undefined ? { signature: raw.signature } : {}),
  };
}

/** What a capture point knows of one notification attempt. */
export interface RawShopNotification {
  seq: number;
  worldId: string;
  via: ShopNotification['via'];
  sentAt: number;
  worldTime: string;
  notificationID: string;
  transactionID: string;
  paymentStatus: string;
  attempt: number;
  copy: boolean;
  url: string;
  answer: { status: number; body: string } | null;
  durationMs: number;
  acknowledged: boolean;
  ackProblem: string | null;
  /** The chaos armed on this attempt (`failAck`, `delay`…), when one was. */
  fault: string | null;
  /** The webhook secret: masked wherever a shop echoes it (in this record only). */
  secrets: Array<string | null | undefined>;
}

/** A webhook URL without a password in it (a receiver URL is configuration, but `user:pass@` is a credential). */
const withoutPassword = (url: string): string => {
  try {
    const parsed = new URL(url);
    if (!parsed.password && !parsed.username) return url;
    parsed.username = parsed.username ? '••••' : '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return url.slice(0, 2_000);
  }
};

export function captureNotification(raw: RawShopNotification): ShopNotification {
  const redactor = new CallRedactor({ credentials: [], signatures: raw.secrets }, 'x-platform-client-id');
  const answer = raw.answer ? cutText(raw.answer.body, MAX_CAPTURED_ACK) : null;
  return {
    kind: 'notification',
    seq: raw.seq,
    worldId: raw.worldId,
    via: raw.via,
    sentAt: new Date(raw.sentAt).toISOString(),
    worldTime: raw.worldTime,
    notificationID: raw.notificationID,
    transactionID: raw.transactionID,
    paymentStatus: raw.paymentStatus,
    attempt: Math.max(1, raw.attempt),
    copy: raw.copy,
    url: redactor.text(withoutPassword(raw.url)),
    answer:
      raw.answer && answer
        ? { status: raw.answer.status, body: redactor.text(answer.text), bodyTruncated: answer.truncated }
        : null,
    durationMs: Math.max(0, raw.durationMs),
    acknowledged: raw.acknowledged,
    ackProblem: raw.ackProblem,
    ...(raw.fault ? { fault: raw.fault } : {}),
  };
}
