/**
 * The last check before a shop's traffic enters main's record (architecture rules 5 and 14): the world
 * masks at capture, and main — where the Sandbox's credentials are known — masks again what a capture
 * could have missed: a credential header kept in clear, a token or client id echoed in a body or a path.
 * Idempotent: an entry already masked comes out the same.
 */
import type { ShopTrafficEntry } from '@shared/shop/traffic';
import { maskHeaderValue, SECRET_MASK } from '@shared/secret-mask';
import { CLEAR_HEADERS, looksLikeCredentialHeader } from '../common/credential-headers';
import { redactText } from '../common/redact-text';

/** Header names the gateway interface uses for credentials, whatever their value looks like. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'x-ibm-client-id', 'cookie', 'set-cookie']);

function maskHeaders(headers: Record<string, string>, secrets: readonly string[]): Record<string, string> {
  // A Map-built copy: a header named `__proto__` stays a plain own property, never the prototype.
  const masked = Object.create(null) as Record<string, string>;
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    const credential =
      CREDENTIAL_HEADERS.has(lower) || (!CLEAR_HEADERS.has(lower) && looksLikeCredentialHeader(lower, value));
    const alreadyMasked = value.includes(SECRET_MASK) && !secrets.some((secret) => value.includes(secret));
    masked[name] = credential && !alreadyMasked ? maskHeaderValue(value) : redactText(value, secrets);
  }
  return { ...masked };
}

export function maskShopEntry(entry: ShopTrafficEntry, secrets: readonly string[]): ShopTrafficEntry {
  const text = (value: string): string => redactText(value, secrets);
  if (entry.kind === 'notification')
    return {
      ...entry,
      url: text(entry.url),
      answer: entry.answer ? { ...entry.answer, body: text(entry.answer.body) } : null,
    };
  return {
    ...entry,
    path: text(entry.path),
    request: {
      ...entry.request,
      headers: maskHeaders(entry.request.headers, secrets),
      body: entry.request.body === null ? null : text(entry.request.body),
    },
    response: entry.response
      ? { ...entry.response, headers: maskHeaders(entry.response.headers, secrets), body: text(entry.response.body) }
      : null,
  };
}
