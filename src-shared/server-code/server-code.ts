/**
 * "Your server's code": the request of a recorded Exchange as a complete program in each language a
 * merchant's server is written in (demo, Inspector). Credentials never appear, not even masked: the
 * snippet reads GATEWAY_TOKEN, GATEWAY_CLIENT_ID and TRANSACTION_SIGNATURE from the environment, and
 * nothing else; every other value is a string literal (see snippet-request.ts and code-literals.ts).
 */
import type { Exchange } from '../exchange';
import { ok, type Result } from '../result';
import { snippetRequestOf } from './snippet-request';
import { SNIPPET_WRITERS, type SnippetLanguage } from './snippet-writers';

export { SNIPPET_ENV } from './snippet-request';
export type { SnippetLanguage } from './snippet-writers';

export interface Snippet {
  language: SnippetLanguage;
  label: string;
  code: string;
}

/**
 * Every language's snippet for one exchange, or why none can be written. `credentialOrigin` is where the
 * exchange's profile has its credentials (see snippetRequestOf): credentials are read only for that origin.
 */
export function snippetsFor(
  exchange: Pick<Exchange, 'method' | 'url' | 'request'>,
  credentialOrigin: string | null,
): Result<Snippet[]> {
  const request = snippetRequestOf(exchange, credentialOrigin);
  if (!request.ok) return request;
  return ok(SNIPPET_WRITERS.map(({ language, label, write }) => ({ language, label, code: write(request.value) })));
}
