/**
 * "Copy as cURL" for a recorded Exchange. Credentials are never written out, not even their masked last
 * four characters: they become shell variables the user sets themselves, so a pasted command is safe to
 * share and works once `GATEWAY_TOKEN`, `GATEWAY_CLIENT_ID` and `TRANSACTION_SIGNATURE` are exported.
 */
import type { Exchange } from '@shared/exchange';

export const CURL_PLACEHOLDERS = {
  token: '$GATEWAY_TOKEN',
  clientId: '$GATEWAY_CLIENT_ID',
  signature: '$TRANSACTION_SIGNATURE',
} as const;

/** Headers curl computes itself; copying them would make the command wrong once the body is edited. */
const SKIPPED_HEADERS = new Set(['content-length', 'host', 'connection', 'accept-encoding', 'transfer-encoding']);
/** The SDK masks secrets as `••••last4`. */
const MASK = '••••';

/** Single-quoted shell word: nothing inside is expanded. */
export const shellQuote = (text: string): string => `'${text.replace(/'/g, `'"'"'`)}'`;

/** A header line as a shell word: literal text quoted, the placeholder left outside quotes to expand. */
const headerWord = (literal: string, variable?: string): string =>
  variable ? `${shellQuote(literal)}"${variable}"` : shellQuote(literal);

const isClientIdHeader = (name: string): boolean => /client-?id/i.test(name);

function headerArgument(name: string, value: string): string | null {
  const lower = name.toLowerCase();
  if (SKIPPED_HEADERS.has(lower)) return null;
  if (lower === 'authorization') {
    // Bearer (token) on create/status; Digest (transactionSignature) on the per-transaction calls.
    const scheme = /^\s*(\S+)/.exec(value)?.[1] ?? 'Bearer';
    const variable = /^digest$/i.test(scheme) ? CURL_PLACEHOLDERS.signature : CURL_PLACEHOLDERS.token;
    return headerWord(`${name}: ${scheme} `, variable);
  }
  if (isClientIdHeader(name)) return headerWord(`${name}: `, CURL_PLACEHOLDERS.clientId);
  // Any other value the SDK masked is a secret too: name it rather than leak its last four characters.
  if (value.includes(MASK)) return headerWord(`${name}: `, `$${name.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`);
  return headerWord(`${name}: ${value}`);
}

/** A JSON field whose value the SDK masked (an actionToken in an action step's body). */
const MASKED_FIELD = /"([A-Za-z][A-Za-z0-9_]*)":"••••[^"]*"/g;
const shellVariable = (name: string): string => `$${name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}`;

/** The body as a quoted shell word; a masked field becomes a shell variable expanded inside the JSON string. */
const bodyWord = (body: string): string =>
  shellQuote(body).replace(MASKED_FIELD, (_match, name: string) => `"${name}":"'"${shellVariable(name)}"'"`);

export function toCurl(exchange: Pick<Exchange, 'method' | 'url' | 'request'>): string {
  const lines = [`curl -X ${exchange.method.toUpperCase()} ${shellQuote(exchange.url)}`];
  for (const [name, value] of Object.entries(exchange.request.headers)) {
    const argument = headerArgument(name, value);
    if (argument) lines.push(`  -H ${argument}`);
  }
  if (exchange.request.body !== null && exchange.request.body !== '')
    lines.push(`  --data-raw ${bodyWord(exchange.request.body)}`);
  return lines.join(' \\\n');
}
