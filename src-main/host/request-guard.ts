import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isAllowedOrigin, isLoopbackHost } from '../common/loopback-origin';

/** Header the renderer sends its session token in (browser mode only). */
export const TOKEN_HEADER = 'x-console-token';

export function tokenMatches(expected: string, presented: string | null | undefined): boolean {
  if (!presented) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** True when the raw request path has a `.` or `..` segment, literal or percent-encoded (`%2e%2e`, `..%2f`). */
export function hasDotSegment(rawUrl: string): boolean {
  const path = rawUrl.split(/[?#]/, 1)[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return true;
  }
  return decoded.split(/[/\\]/).some((segment) => segment === '.' || segment === '..');
}

export type GuardVerdict = { ok: true } | { ok: false; status: number; reason: string };

/** Host and Origin checks that apply to every request, static or API. */
export function checkRequestOrigin(req: IncomingMessage, port: number): GuardVerdict {
  if (!isLoopbackHost(req.headers.host, port)) {
    return { ok: false, status: 421, reason: 'This console only answers on its loopback address.' };
  }
  if (!isAllowedOrigin(req.headers.origin, port)) {
    return { ok: false, status: 403, reason: 'Requests from other origins are refused.' };
  }
  return { ok: true };
}
