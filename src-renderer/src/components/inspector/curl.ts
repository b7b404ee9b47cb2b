/**
 * "Copy as cURL" for a recorded Exchange. Credentials are never written out, not even their masked last
 * four characters: they become shell variables the user sets themselves, so a pasted command is safe to
 * share and works once `GATEWAY_TOKEN`, `GATEWAY_CLIENT_ID` and `TRANSACTION_SIGNATURE` are exported.
 * Those three are the only variables it reads: every other value, masked or not, stays single-quoted data.
 */
import type { Exchange } from '@shared/exchange';
import { originOf } from '@shared/origin';
import { credentialOf } from '@shared/server-code/snippet-request';

export const CURL_PLACEHOLDERS = {
  token: '$GATEWAY_TOKEN',
  clientId: '$GATEWAY_CLIENT_ID',
  signature: '$TRANSACTION_SIGNATURE',
} as const;

/** Headers curl computes itself; copying them would make the command wrong once the body is edited. */
const SKIPPED_HEADERS = new Set(['content-length', 'host', 'connection', 'accept-encoding', 'transfer-encoding']);

/** Single-quoted shell word: nothing inside is expanded. */
export const shellQuote = (text: string): string => `'${text.replace(/'/g, `'"'"'`)}'`;

/** A header line as a shell word: literal text quoted, the placeholder left outside quotes to expand. */
const headerWord = (literal: string, variable?: string): string =>
  variable ? `${shellQuote(literal)}"${variable}"` : shellQuote(literal);

function headerArgument(name: string, value: string, readsCredentials: boolean): string | null {
  if (SKIPPED_HEADERS.has(name.toLowerCase())) return null;
  // Bearer (token) on create/status, Digest (transactionSignature) on the per-transaction calls, and the
  // client-id header: the same rule as "Your server's code".
  const credential = readsCredentials ? credentialOf(name, value) : undefined;
  if (credential?.env) return headerWord(`${name}: ${credential.text}`, `$${credential.env}`);
  // Every other value is data: a variable named after a header (an imported record's `Home: ••••`)
  // would read the user's environment and send it to the URL's host.
  return headerWord(`${name}: ${value}`);
}

/**
 * `credentialOrigin`: where the exchange's profile has its credentials (null: no profile of this console).
 * The command reads them only when it goes there; for any other host (an imported record's URL is data)
 * the recorded masked values stay as they are, so running it sends nothing of the user's.
 */
export function toCurl(
  exchange: Pick<Exchange, 'method' | 'url' | 'request'>,
  credentialOrigin: string | null,
): string {
  const readsCredentials = credentialOrigin !== null && originOf(exchange.url) === credentialOrigin;
  // An imported record's method is text too: bare only when it is letters, quoted otherwise. --globoff
  // keeps curl from expanding `[…]` and `{…}` in the URL into several requests.
  const method = exchange.method.toUpperCase();
  const methodWord = /^[A-Z]+$/.test(method) ? method : shellQuote(method);
  const lines = [`curl -X ${methodWord} --globoff ${shellQuote(exchange.url)}`];
  for (const [name, value] of Object.entries(exchange.request.headers)) {
    const argument = headerArgument(name, value, readsCredentials);
    if (argument) lines.push(`  -H ${argument}`);
  }
  if (exchange.request.body !== null && exchange.request.body !== '')
    lines.push(`  --data-raw ${shellQuote(exchange.request.body)}`);
  return lines.join(' \\\n');
}
