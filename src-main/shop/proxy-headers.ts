/**
 * Which headers cross the recording proxy. Hop-by-hop headers (RFC 9110 §7.6.1) belong to one connection
 * and are never passed on, nor are the ones a client could use to make the upstream (or anything behind
 * it) believe the request came from elsewhere or was meant for another host: `Host` is the profile's,
 * set by the proxy; `Forwarded` / `X-Forwarded-*` / `X-Real-IP` from the shop are dropped, not trusted.
 */
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';

const HOP_BY_HOP: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** Request headers only the proxy decides: where the call goes and who it says sent it. */
const ROUTING: ReadonlySet<string> = new Set(['host', 'forwarded', 'x-real-ip', 'expect']);
const isRouting = (name: string): boolean => ROUTING.has(name) || name.startsWith('x-forwarded-');

/** The names a `Connection` header lists are hop-by-hop for this message too. */
const listedInConnection = (headers: IncomingHttpHeaders): Set<string> =>
  new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );

function passOn(headers: IncomingHttpHeaders, drop: (name: string) => boolean): OutgoingHttpHeaders {
  const connectionListed = listedInConnection(headers);
  // A header named `__proto__` is a header, not the object's prototype.
  const out = Object.create(null) as OutgoingHttpHeaders;
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || connectionListed.has(name) || drop(name)) continue;
    out[name] = value;
  }
  return out;
}

/** The shop's request headers as sent upstream (its own credentials included: the target is the profile's origin). */
export const upstreamRequestHeaders = (headers: IncomingHttpHeaders): OutgoingHttpHeaders => passOn(headers, isRouting);

/** The gateway's answer headers as returned to the shop. */
export const returnedResponseHeaders = (headers: IncomingHttpHeaders): OutgoingHttpHeaders =>
  passOn(headers, () => false);

/** Headers as one `name → value` map with lower-case names (repeated ones joined), for the record. */
export function flatHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out = Object.create(null) as Record<string, string>;
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}
