/**
 * Where a URL sends what it carries: its origin, `scheme://host:port`, normalised the way the URL parser
 * reads it (lower-case scheme and host, IDNs in punycode, IPv6 in brackets) with the port always written
 * (`https://gw.example` and `https://GW.example:443/api` are one origin). Secrets are bound to one: main
 * checks it, and the profile form uses the same function to say before saving what main will do.
 */
const DEFAULT_PORTS: Readonly<Record<string, string>> = { 'http:': '80', 'https:': '443' };

/** The origin of an absolute http(s) URL, or null for anything else (a relative path, another scheme, not a URL). */
export function originOf(url: string): string | null {
  const parsed = parsedUrl(url);
  return parsed === null ? null : originOfParsed(parsed);
}

/** `url` parsed, or null when it is not an absolute URL. */
export function parsedUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** originOf for a URL already parsed: a caller that parses it for other reasons too does so once. */
export function originOfParsed(parsed: URL): string | null {
  const defaultPort = DEFAULT_PORTS[parsed.protocol];
  if (defaultPort === undefined) return null;
  return `${parsed.protocol}//${parsed.hostname}:${parsed.port || defaultPort}`;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost|::ffff:127\.\d+\.\d+\.\d+)$/i;

/** True for a host name or address that never leaves this machine (brackets around IPv6 allowed). */
export const isLoopbackHost = (host: string): boolean => LOOPBACK.test(host.replace(/^\[|\]$/g, ''));
