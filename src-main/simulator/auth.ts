/**
 * Authentication exactly as the spec's table: headers missing → 400; client id invalid → 403; Bearer
 * token tied to a terminal (create, status) → 401 otherwise; `Digest <transactionSignature>` on the
 * per-transaction payment calls, where a Bearer token is refused with 401.
 */
import type { IncomingMessage } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { httpError } from './errors';
import { header } from './http-io';
import type { ResolvedOptions, SimulatorTerminal } from './options';

const sameSecret = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

const JSON_MEDIA_TYPE = /^application\/([a-z0-9.+-]+\+)?json\s*(;|$)/i;

/** Mandatory headers of every call: Content-Type (JSON), Authorization and the client-id header. */
export function checkHeaders(
  req: IncomingMessage,
  options: ResolvedOptions,
): { authorization: string; clientId: string } {
  const contentType = header(req, 'content-type');
  const authorization = header(req, 'authorization');
  const clientId = header(req, options.clientIdHeader);
  const missing = [
    contentType === undefined ? 'Content-Type' : null,
    authorization === undefined || authorization.trim() === '' ? 'Authorization' : null,
    clientId === undefined || clientId.trim() === '' ? options.clientIdHeader : null,
  ].filter((name): name is string => name !== null);
  if (missing.length) throw httpError(400, `Mandatory HTTP header missing: ${missing.join(', ')}.`);
  if (!JSON_MEDIA_TYPE.test(contentType ?? ''))
    throw httpError(400, `Content-Type must be the JSON media type (application/json), got "${contentType}".`);
  return { authorization: authorization ?? '', clientId: clientId ?? '' };
}

export function checkClientId(clientId: string, options: ResolvedOptions): void {
  if (!sameSecret(clientId.trim(), options.clientId))
    throw httpError(403, `The ${options.clientIdHeader} header is invalid or has no valid subscription to the API.`);
}

const scheme = (authorization: string): { scheme: string; value: string } => {
  const match = /^(\S+)\s+(.+)$/.exec(authorization.trim());
  return { scheme: match?.[1]?.toLowerCase() ?? '', value: match?.[2]?.trim() ?? '' };
};

/** The terminal a Bearer token belongs to; 401 when the header is not a known Bearer token. */
export function bearerTerminal(authorization: string, options: ResolvedOptions): SimulatorTerminal {
  const parsed = scheme(authorization);
  if (parsed.scheme !== 'bearer') throw httpError(401, 'This call is authorised with "Authorization: Bearer <token>".');
  const terminal = options.terminals.find((candidate) => sameSecret(candidate.token, parsed.value));
  if (!terminal) throw httpError(401, 'The bearer token is invalid, expired or not tied to the terminal used.');
  return terminal;
}

/** Follow-up calls: `Digest <transactionSignature>` of this transaction; anything else is 401. */
export function checkDigest(authorization: string, signature: string): void {
  const parsed = scheme(authorization);
  if (parsed.scheme === 'bearer')
    throw httpError(401, 'This call is authorised with "Authorization: Digest <transactionSignature>", not Bearer.');
  if (parsed.scheme !== 'digest' || !sameSecret(parsed.value, signature))
    throw httpError(401, 'The transaction signature is invalid for this transaction.');
}
