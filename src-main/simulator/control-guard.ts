/**
 * Who may use the control API (/__simulator): it marks orders paid, moves the clock and forgets
 * everything, with no credential. Being on loopback is not enough, because a web page the user has open
 * runs on loopback too:
 * - a cross-site page can send "simple" requests (a form POST, `fetch` with `text/plain` or no body)
 *   without asking first: refused by requiring `Content-Type: application/json` on every request that
 *   changes something (a browser must ask with a preflight first, and the preflight is never granted:
 *   no Access-Control-Allow-* header is ever sent);
 * - any page's requests carry its Origin: only none (a CI script, curl) or this server's own is accepted;
 * - a page whose own name is re-pointed at 127.0.0.1 (DNS rebinding) is "same-origin" to the browser but
 *   still sends its own name as Host: only the names of this server are accepted.
 */
import type { IncomingMessage } from 'node:http';
import { httpError } from './errors';

/** `host:port` forms this server answers to on loopback (lower-case), for a listening port. */
export function controlHostNames(listenHost: string, port: number): Set<string> {
  const names = new Set(['localhost', '127.0.0.1', '[::1]']);
  const configured = listenHost.toLowerCase();
  // A wildcard address is not a name a client uses; a specific one (a hostname, 127.0.0.2) is.
  if (configured !== '0.0.0.0' && configured !== '::' && configured !== '')
    names.add(configured.includes(':') && !configured.startsWith('[') ? `[${configured}]` : configured);
  const withPort = new Set<string>();
  for (const name of names) {
    withPort.add(`${name}:${port}`);
    // Clients leave out the default port.
    if (port === 80) withPort.add(name);
  }
  return withPort;
}

const READ_ONLY = new Set(['GET', 'HEAD']);

const isJson = (contentType: string | undefined): boolean =>
  (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase() === 'application/json';

/** Throws the 403 / 415 that refuses a control request, or returns when it may proceed. */
export function checkControlRequest(req: IncomingMessage, hostNames: ReadonlySet<string>): void {
  const host = (req.headers.host ?? '').toLowerCase();
  if (!hostNames.has(host))
    throw httpError(
      403,
      'The control API answers only requests addressed to this simulator by a loopback name (Host: 127.0.0.1, localhost or [::1] with its port).',
    );
  const origin = req.headers.origin;
  if (origin !== undefined && !hostNames.has(hostOfOrigin(origin)))
    throw httpError(
      403,
      'The control API refuses requests made by a web page of another origin; call it from a script or from the simulator’s own origin.',
    );
  if (!READ_ONLY.has(req.method ?? 'GET') && !isJson(req.headers['content-type']))
    throw httpError(
      415,
      'Control requests that change the simulator must be sent with Content-Type: application/json.',
    );
}

/** `host:port` of an `http://` Origin, lower-case; '' for anything else (`null`, https, a path). */
function hostOfOrigin(origin: string): string {
  const lower = origin.toLowerCase();
  return lower.startsWith('http://') ? lower.slice('http://'.length) : '';
}
