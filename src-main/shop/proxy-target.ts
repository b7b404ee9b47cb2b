/**
 * Where the recording proxy may send a shop's call: the test profile's origin, and only the API paths
 * below its base. The request line the shop sends is data: an absolute-form target
 * (`GET http://evil.example/…`), a path that a URL parser would read as another host (`//evil.example/…`,
 * `/\evil.example`), dot segments climbing out of the API base, or a `Host` / `X-Forwarded-*` header never
 * choose the destination — it is the profile's origin joined with a path checked here, and checked again
 * after parsing.
 */
import { apiRoot } from '../gateway';

export interface ProxyTarget {
  /** `https://gw.test.example:443`-style origin of the profile's base URL (scheme, host, port). */
  origin: string;
  protocol: 'http:' | 'https:';
  hostname: string;
  port: number;
  /** The path the shop's base URL ends in, e.g. `/api/v2` (the profile's base URL path + prefix + version). */
  apiBasePath: string;
}

/** Why a request target is not forwarded (the proxy answers it itself, 400 or 404). */
export type TargetRefusal = 'absolute-form' | 'not-a-path' | 'outside-api' | 'dot-segment';

const DEFAULT_PORT = { 'http:': 80, 'https:': 443 } as const;

/** The proxy's target for a profile's base URL settings. */
export function proxyTargetOf(settings: { baseUrl: string; pathPrefix: string; version: string }): ProxyTarget {
  const base = new URL(apiRoot(settings));
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new Error('base URL must be http(s)');
  const protocol = base.protocol;
  const port = base.port ? Number(base.port) : DEFAULT_PORT[protocol];
  return {
    origin: `${protocol}//${base.host}`,
    protocol,
    hostname: base.hostname.replace(/^\[|\]$/g, ''),
    port,
    apiBasePath: base.pathname.replace(/\/+$/, ''),
  };
}

/** Characters a path may hold as sent on the request line (RFC 3986 pchar, `/`, `?` and the query's). */
const PATH_CHARACTERS = /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@%/?]*$/;
/** `.`/`..` segments, also percent-encoded (`%2e`), which servers may undo after we checked the prefix. */
const DOT_SEGMENT = /(^|\/)(\.|%2e){1,2}(\/|\?|$)/i;

/**
 * The upstream URL for a request target, or why it is refused. Only origin-form targets (`/api/v2/…`)
 * below the API base are forwarded.
 */
export function upstreamUrlFor(
  target: ProxyTarget,
  requestTarget: string,
): { url: URL; path: string } | { refused: TargetRefusal } {
  if (!requestTarget.startsWith('/'))
    return { refused: /^[a-z][a-z0-9+.-]*:/i.test(requestTarget) ? 'absolute-form' : 'not-a-path' };
  // `//host/…` is a network-path reference: joined or parsed, it names another host.
  if (requestTarget.startsWith('//') || !PATH_CHARACTERS.test(requestTarget)) return { refused: 'not-a-path' };
  const queryAt = requestTarget.indexOf('?');
  const pathname = queryAt < 0 ? requestTarget : requestTarget.slice(0, queryAt);
  if (DOT_SEGMENT.test(pathname) || pathname.includes('//')) return { refused: 'dot-segment' };
  const base = target.apiBasePath;
  if (!(pathname === base || pathname.startsWith(`${base}/`))) return { refused: 'outside-api' };
  const url = new URL(`${target.origin}${requestTarget}`);
  // Belt and braces: whatever the parser made of it, it must still be the profile's origin and this path.
  if (url.origin !== new URL(target.origin).origin || url.pathname !== pathname) return { refused: 'not-a-path' };
  return { url, path: requestTarget };
}
