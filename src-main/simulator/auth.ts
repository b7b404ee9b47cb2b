/**
 * Authentication exactly as the spec's table: credential headers missing → 400; client id invalid → 403; Bearer
 * token tied to a terminal (create, status) → 401 otherwise; `Digest <transactionSignature>` on the
 * per-transaction payment calls, where a Bearer token is refused with 401.
 */
import type { IncomingMessage } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { httpError } from './errors';
import { header } from './http-io';
import type { ResolvedOptions, SimulatorTerminal } from './options';

/** The configured secrets' bytes (client id, terminal tokens), made once: every call compares against them. */
const configuredBytes = new Map<string, Buffer>();
const bytesOfConfigured = (secret: string): Buffer => {
  let bytes = configuredBytes.get(secret);
  if (!bytes) {
    bytes = Buffer.from(secret);
    // A handful per simulator; the bound only guards against a caller that reconfigures forever.
    if (configuredBytes.size < 256) configuredBytes.set(secret, bytes);
  }
  return bytes;
};

/** Constant-time comparison of what a caller sent (its bytes) with a secret the simulator holds. */
const sameBytes = (given: Buffer, held: Buffer): boolean =>
  given.length === held.length && timingSafeEqual(given, held);
const sameSecret = (given: string, held: Buffer): boolean => sameBytes(Buffer.from(given), held);

const JSON_MEDIA_TYPE = /^application\/([a-z0-9.+-]+\+)?json\s*(;|$)/i;

/** A GET (or HEAD) that carries no body: Content-Type describes a body, so such a call may omit it. */
export const isBodilessRead = (req: IncomingMessage): boolean =>
  (req.method === 'GET' || req.method === 'HEAD') &&
  req.headers['transfer-encoding'] === undefined &&
  (req.headers['content-length'] === undefined || req.headers['content-length'] === '0');

/**
 * The credential headers every call needs: Authorization and the client-id header (400 when missing).
 * Content-Type is a body rule, checked later by checkContentType, so a client that omits it on a call
 * with bad credentials learns about the credentials first (the gateway's documented order).
 */
export function checkHeaders(
  req: IncomingMessage,
  options: ResolvedOptions,
): { authorization: string; clientId: string } {
  const authorization = header(req, 'authorization');
  const clientId = header(req, options.clientIdHeader);
  // Every well-formed call has both: it returns here without building the list of missing names.
  if (authorization && clientId && authorization.trim() !== '' && clientId.trim() !== '')
    return { authorization, clientId };
  const missing = [
    authorization === undefined || authorization.trim() === '' ? 'Authorization' : null,
    clientId === undefined || clientId.trim() === '' ? options.clientIdHeader : null,
  ].filter((name): name is string => name !== null);
  if (missing.length) throw httpError(400, `Mandatory HTTP header missing: ${missing.join(', ')}.`);
  return { authorization: authorization ?? '', clientId: clientId ?? '' };
}

/** Why a lenient answer was lenient: sent back in this header so integrators learn the spec's letter. */
export const CONFORMANCE_HEADER = 'X-Simulator-Conformance';
export const MISSING_CONTENT_TYPE_NOTE =
  'Content-Type missing: accepted on a GET without a body, but the spec says every call sends Content-Type: application/json.';

/**
 * Content-Type must be the JSON media type. Deployed clients send a bodiless status GET without it and
 * the gateway answers them, so that one case is accepted (returned note: see CONFORMANCE_HEADER); a wrong
 * Content-Type is refused everywhere, and a missing one on a call with a body too.
 */
export function checkContentType(req: IncomingMessage): string | null {
  const contentType = header(req, 'content-type');
  if (contentType === undefined) {
    if (isBodilessRead(req)) return MISSING_CONTENT_TYPE_NOTE;
    throw httpError(400, 'Mandatory HTTP header missing: Content-Type.');
  }
  if (!JSON_MEDIA_TYPE.test(contentType))
    throw httpError(400, `Content-Type must be the JSON media type (application/json), got "${contentType}".`);
  return null;
}

export function checkClientId(clientId: string, options: ResolvedOptions): void {
  if (!sameSecret(clientId.trim(), bytesOfConfigured(options.clientId)))
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
  // Encoded once, compared with every terminal's token (each comparison constant-time).
  const given = Buffer.from(parsed.value);
  const terminal = options.terminals.find((candidate) => sameBytes(given, bytesOfConfigured(candidate.token)));
  if (!terminal) throw httpError(401, 'The bearer token is invalid, expired or not tied to the terminal used.');
  return terminal;
}

/** Follow-up calls: `Digest <transactionSignature>` of this transaction; anything else is 401. */
export function checkDigest(authorization: string, signature: string): void {
  const parsed = scheme(authorization);
  if (parsed.scheme === 'bearer')
    throw httpError(401, 'This call is authorised with "Authorization: Digest <transactionSignature>", not Bearer.');
  if (parsed.scheme !== 'digest' || !sameSecret(parsed.value, Buffer.from(signature)))
    throw httpError(401, 'The transaction signature is invalid for this transaction.');
}
