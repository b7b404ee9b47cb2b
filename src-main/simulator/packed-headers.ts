/**
 * A request's headers kept as one string until someone reads them: a recorded call may be kept for a
 * long time, and Node's headers object with a string per value is a dozen small objects for the garbage
 * collector to move and mark where one string is one. Unpacked, they are what Node's `req.headers` gives.
 */
import type { IncomingHttpHeaders } from 'node:http';

/**
 * Node's `rawHeaders` (name, value, name, value…) as one string, or null when a name or value holds a
 * line break (Node's parser never lets one through; a lenient parser might) and so could not be split back.
 */
export function packHeaders(raw: readonly string[]): string | null {
  for (const part of raw) if (part.includes('\n')) return null;
  return raw.join('\n');
}

/**
 * Names whose repeats Node drops (the first is kept), as `IncomingMessage.headers` documents; `set-cookie`
 * is a list and `cookie` is joined with "; ". Any other repeat is joined with ", ".
 */
const FIRST_ONLY = new Set([
  'age',
  'authorization',
  'content-length',
  'content-type',
  'etag',
  'expires',
  'from',
  'host',
  'if-modified-since',
  'if-unmodified-since',
  'last-modified',
  'location',
  'max-forwards',
  'proxy-authorization',
  'referer',
  'retry-after',
  'server',
  'user-agent',
]);

/** The headers object Node would have made of the packed raw headers (names lower-case). */
export function unpackHeaders(packed: string): IncomingHttpHeaders {
  const headers: Record<string, string | string[]> = {};
  if (packed === '') return headers;
  const parts = packed.split('\n');
  for (let index = 0; index + 1 < parts.length; index += 2) {
    const name = parts[index]!.toLowerCase();
    const value = parts[index + 1]!;
    const seen = Object.hasOwn(headers, name) ? headers[name] : undefined;
    if (name === 'set-cookie') headers[name] = [...((seen as string[] | undefined) ?? []), value];
    else if (seen === undefined) headers[name] = value;
    else if (!FIRST_ONLY.has(name)) headers[name] = `${seen as string}${name === 'cookie' ? '; ' : ', '}${value}`;
  }
  return headers;
}
