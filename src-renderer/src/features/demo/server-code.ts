/**
 * "Your server's code": the same request as a recorded Exchange, written by @readme/httpsnippet for the
 * languages merchants' servers are written in. Credentials never appear, not even masked: the HAR
 * handed to the generator carries markers that are then turned into each language's way of reading an
 * environment variable, so a copied snippet runs once GATEWAY_TOKEN, GATEWAY_CLIENT_ID and
 * TRANSACTION_SIGNATURE are set (the names "Copy as cURL" uses too).
 */
import { HTTPSnippet, type HarRequest } from '@readme/httpsnippet';
import type { Exchange } from '@shared/exchange';
import { CURL_PLACEHOLDERS } from '../inspector/curl';

export const SNIPPET_ENV = {
  token: CURL_PLACEHOLDERS.token.slice(1),
  clientId: CURL_PLACEHOLDERS.clientId.slice(1),
  signature: CURL_PLACEHOLDERS.signature.slice(1),
} as const;

export type SnippetLanguage = 'curl' | 'node' | 'python' | 'php' | 'java' | 'csharp';

interface Language {
  id: SnippetLanguage;
  label: string;
  target: string;
  client: string;
  /** The quote the generator writes string literals with. */
  quote: "'" | '"';
  /** How this language reads an environment variable, spliced into a string literal. */
  read: (name: string) => string;
  /** Lines the snippet needs first for `read` to work. */
  preamble?: string;
}

export const SNIPPET_LANGUAGES: readonly Language[] = [
  { id: 'curl', label: 'cURL', target: 'shell', client: 'curl', quote: "'", read: (name) => `"$${name}"` },
  { id: 'node', label: 'Node (fetch)', target: 'node', client: 'fetch', quote: "'", read: (n) => `process.env.${n}` },
  {
    id: 'python',
    label: 'Python (requests)',
    target: 'python',
    client: 'requests',
    quote: '"',
    read: (name) => `os.environ["${name}"]`,
    preamble: 'import os',
  },
  { id: 'php', label: 'PHP (Guzzle)', target: 'php', client: 'guzzle', quote: "'", read: (n) => `getenv('${n}')` },
  {
    id: 'java',
    label: 'Java (HttpClient)',
    target: 'java',
    client: 'nethttp',
    quote: '"',
    read: (name) => `System.getenv("${name}")`,
  },
  {
    id: 'csharp',
    label: 'C# (HttpClient)',
    target: 'csharp',
    client: 'httpclient',
    quote: '"',
    read: (name) => `Environment.GetEnvironmentVariable("${name}")`,
  },
];

/** Markers that survive every generator's escaping untouched (letters and underscores only). */
const MARKER = (name: string) => `__ENV_${name}__`;
const MARKER_PATTERN = /__ENV_([A-Z_]+?)__/g;

/** Headers the HTTP client computes itself. */
const SKIPPED = new Set(['content-length', 'host', 'connection', 'accept-encoding', 'transfer-encoding']);
const MASK = '••••';
const isClientIdHeader = (name: string) => /client-?id/i.test(name);

/** The exchange's request as HAR, with credentials replaced by markers. */
export function harOf(exchange: Pick<Exchange, 'method' | 'url' | 'request'>): HarRequest {
  const headers: Array<{ name: string; value: string }> = [];
  for (const [name, value] of Object.entries(exchange.request.headers)) {
    const lower = name.toLowerCase();
    if (SKIPPED.has(lower)) continue;
    if (lower === 'authorization') {
      const scheme = /^\s*(\S+)/.exec(value)?.[1] ?? 'Bearer';
      const env = /^digest$/i.test(scheme) ? SNIPPET_ENV.signature : SNIPPET_ENV.token;
      headers.push({ name, value: `${scheme} ${MARKER(env)}` });
    } else if (isClientIdHeader(name)) headers.push({ name, value: MARKER(SNIPPET_ENV.clientId) });
    else if (value.includes(MASK)) headers.push({ name, value: MARKER(name.toUpperCase().replace(/[^A-Z]+/g, '_')) });
    else headers.push({ name, value });
  }
  const body = exchange.request.body;
  return {
    method: exchange.method.toUpperCase(),
    url: exchange.url,
    httpVersion: 'HTTP/1.1',
    headers,
    queryString: [],
    cookies: [],
    headersSize: -1,
    bodySize: -1,
    ...(body ? { postData: { mimeType: 'application/json', text: body } } : {}),
  } as HarRequest;
}

/**
 * Splices the environment reads into the string literals the markers sit in. The empty literal a splice
 * leaves at the start or end of a string (`'Bearer ' + x + ''`) is dropped, only right beside the read.
 */
function fillPlaceholders(code: string, language: Language): string {
  const q = language.quote;
  const joiner = language.id === 'php' ? ' . ' : language.id === 'curl' ? '' : ' + ';
  const empty = `${q}${q}`;
  const out = code.replace(MARKER_PATTERN, (_, name: string) => `${q}${joiner}${language.read(name)}${joiner}${q}`);
  let tidy = out;
  for (const name of new Set([...code.matchAll(MARKER_PATTERN)].map((match) => match[1]!))) {
    const read = language.read(name);
    tidy = tidy.split(`${empty}${joiner}${read}`).join(read).split(`${read}${joiner}${empty}`).join(read);
  }
  return language.preamble ? `${language.preamble}\n${tidy}` : tidy;
}

export interface Snippet {
  language: SnippetLanguage;
  label: string;
  code: string;
}

/** Every language's snippet for one exchange. */
export function snippetsFor(exchange: Pick<Exchange, 'method' | 'url' | 'request'>): Snippet[] {
  const snippet = new HTTPSnippet(harOf(exchange));
  return SNIPPET_LANGUAGES.map((language) => {
    const generated = snippet.convert(language.target as never, language.client);
    const code = Array.isArray(generated) ? generated.join('\n') : String(generated || '');
    return { language: language.id, label: language.label, code: fillPlaceholders(code, language) };
  });
}
