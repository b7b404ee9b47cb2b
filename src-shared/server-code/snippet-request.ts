/**
 * The request a snippet sends, taken from a recorded Exchange. The Exchange may come from a gateway
 * answer, a form, an imported History file or a scenario, so everything in it is data. Only the three
 * credentials the console itself inserts — the bearer token, the client id and the transaction
 * signature — become environment reads, chosen by which header carries them, never by anything written
 * in a value. A request that no HTTP client could send as recorded (a control character in a header, a
 * URL that is not http(s)) is refused with the reason, rather than written approximately.
 */
import type { Exchange } from '../exchange';
import { originOf } from '../origin';
import { fail, ok, type Result } from '../result';
import { wellFormed } from './code-literals';

/** The environment variables a snippet reads: these names and no other (the names "Copy as cURL" uses). */
export const SNIPPET_ENV = {
  token: 'GATEWAY_TOKEN',
  clientId: 'GATEWAY_CLIENT_ID',
  signature: 'TRANSACTION_SIGNATURE',
} as const;
export type SnippetEnvName = (typeof SNIPPET_ENV)[keyof typeof SNIPPET_ENV];

/** A header value: literal text, then at most one credential read from the environment. */
export interface HeaderValue {
  text: string;
  env?: SnippetEnvName;
}

export interface SnippetRequest {
  method: string;
  url: string;
  headers: Array<{ name: string; value: HeaderValue }>;
  /** The body text exactly as sent (lone surrogates as U+FFFD, as they went out), or null. */
  body: string | null;
}

export type SnippetRefusal = 'method' | 'url' | 'header-name' | 'header-value' | 'credential-origin';

/** Headers the HTTP client computes itself (several clients refuse to be given them). */
const CLIENT_HEADERS = new Set([
  'content-length',
  'host',
  'connection',
  'accept-encoding',
  'transfer-encoding',
  'expect',
  'upgrade',
]);
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Printable ASCII, tab inside; clients trim (or reject) surrounding whitespace, so none there. */
const HEADER_VALUE = /^(?:[\x21-\x7e](?:[\t\x20-\x7e]*[\x21-\x7e])?)?$/;
const isClientIdHeader = (name: string) => /client-?id/i.test(name);
/** A value the SDK masked whole (`••••last4`). */
const WHOLLY_MASKED = /^••••[^\s•]{0,4}$/;

const DOT_SEGMENT = /[/\\](?:\.|%2e){1,2}(?=[/\\]|$)/i;
/** RFC 3986's unreserved characters: the same whether percent-encoded or not. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * The URL as every client sends it unchanged. WHATWG serialisation leaves some characters raw that
 * requests re-encodes, java.net.URI rejects and curl treats as globs (`[`, `{`, `|`, `^`, a stray `%`):
 * everything in the path and query outside RFC 3986's unreserved and sub-delimiter characters is
 * percent-encoded. requests decodes percent-encoded unreserved characters, so they are decoded here
 * for every language alike. The fragment is never sent. The result is printable ASCII and means the same
 * to the server.
 */
function sendableUrl(url: URL): string {
  const target = (url.pathname + url.search)
    .replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
      const char = String.fromCharCode(parseInt(hex, 16));
      return UNRESERVED.test(char) ? char : escape;
    })
    .replace(/%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~!$&'()*+,/:;=?@%]/g, (char) =>
      [...new TextEncoder().encode(char)]
        .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
        .join(''),
    );
  return `${url.origin}${target}`;
}

const refuse = (reason: SnippetRefusal, name?: string): Result<never> =>
  fail(
    `server-code.${reason}`,
    `No code can be written for this request: its ${reason.replace('-', ' ')}${name ? ` (${name})` : ''} cannot be sent as recorded.`,
    name === undefined ? { reason } : { reason, name },
  );

/**
 * The credential a header carries, by where the console puts it; its recorded (masked) value is never
 * used. Shared with "Copy as cURL", so both read the same three variables for the same headers.
 */
export function credentialOf(name: string, value: string): HeaderValue | undefined {
  if (name.toLowerCase() === 'authorization') {
    const scheme = /^\s*(\S+)/.exec(value)?.[1] ?? 'Bearer';
    return { text: `${scheme} `, env: /^digest$/i.test(scheme) ? SNIPPET_ENV.signature : SNIPPET_ENV.token };
  }
  // The console sends Content-Type, Accept, Authorization and the profile's client-id header, whatever
  // its name: besides Authorization, that is the one it masks whole.
  if (isClientIdHeader(name) || WHOLLY_MASKED.test(value)) return { text: '', env: SNIPPET_ENV.clientId };
  return undefined;
}

/**
 * `credentialOrigin`: the origin the exchange's profile has its credentials for (null when the exchange
 * names no profile this console has). A snippet that reads the user's credentials must send them only
 * there: an imported record's URL is data, and pointing it at another host would make the snippet post
 * GATEWAY_TOKEN to that host when run.
 */
export function snippetRequestOf(
  exchange: Pick<Exchange, 'method' | 'url' | 'request'>,
  credentialOrigin: string | null,
): Result<SnippetRequest> {
  const method = exchange.method.toUpperCase();
  if (!/^[A-Z]{1,16}$/.test(method)) return refuse('method');
  let url: URL;
  try {
    url = new URL(exchange.url);
  } catch {
    return refuse('url');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return refuse('url');
  // A `.` or `..` segment (raw or percent-encoded) is resolved away by URL parsing: the snippet would
  // call another path than the one the record shows.
  if (DOT_SEGMENT.test(exchange.url.split(/[?#]/)[0]!)) return refuse('url');
  const headers: SnippetRequest['headers'] = [];
  for (const [name, value] of Object.entries(exchange.request.headers)) {
    if (!HEADER_NAME.test(name)) return refuse('header-name', JSON.stringify(name));
    if (CLIENT_HEADERS.has(name.toLowerCase())) continue;
    const credential = credentialOf(name, value);
    if (credential && !HEADER_VALUE.test(credential.text.trim())) return refuse('header-value', name);
    if (!credential && !HEADER_VALUE.test(value)) return refuse('header-value', name);
    headers.push({ name, value: credential ?? { text: value } });
  }
  const readsCredentials = headers.some((header) => header.value.env);
  const origin = originOf(url.href);
  if (readsCredentials && (credentialOrigin === null || origin !== credentialOrigin))
    return refuse('credential-origin', origin ?? url.host);
  const body = exchange.request.body;
  return ok({ method, url: sendableUrl(url), headers, body: body === null || body === '' ? null : wellFormed(body) });
}
