/**
 * Host and Origin checks for servers that answer on loopback only (the browser-mode host, the
 * simulator's control API): being reachable on 127.0.0.1 does not make a caller local, since any web page
 * the user has open can send requests there.
 */

const LOOPBACK_HOSTNAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** `Host: 127.0.0.1:4321` style check: a DNS-rebinding page sends its own hostname here. */
export function isLoopbackHost(hostHeader: string | undefined, port: number): boolean {
  if (!hostHeader) return false;
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(hostHeader.trim().toLowerCase());
  if (!match) return false;
  return LOOPBACK_HOSTNAMES.has(match[1]!) && Number(match[2] ?? 80) === port;
}

/** A cross-site page's fetch carries its own Origin; ours is the host itself (or none for navigations). */
export function isAllowedOrigin(originHeader: string | undefined, port: number): boolean {
  if (originHeader === undefined) return true;
  try {
    const origin = new URL(originHeader);
    return origin.protocol === 'http:' && isLoopbackHost(origin.host, port) && origin.pathname === '/';
  } catch {
    return false;
  }
}
