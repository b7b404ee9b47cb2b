/**
 * Who may use the control API (/__simulator): it marks orders paid, moves the clock and forgets
 * everything, with no credential. Answering loopback callers only is not enough: any web page the user has
 * open can send requests to 127.0.0.1 too:
 * - a cross-site page can send "simple" requests (a form POST, `fetch` with `text/plain` or no body)
 *   without asking first: refused by requiring `Content-Type: application/json` on every request that
 *   changes something (a browser must ask with a preflight first, and the preflight is never granted:
 *   no Access-Control-Allow-* header is ever sent);
 * - any page's requests carry its Origin: only none (a CI script, curl) or this server's own is accepted;
 * - a page whose own name is re-pointed at 127.0.0.1 (DNS rebinding) is "same-origin" to the browser but
 *   still sends its own name as Host: only the names of this server are accepted.
 */
import type { IncomingMessage } from 'node:http';
import { isAllowedOrigin, isLoopbackHost } from '../common/loopback-origin';
import { httpError } from './errors';

const READ_ONLY = new Set(['GET', 'HEAD']);

const isJson = (contentType: string | undefined): boolean =>
  (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase() === 'application/json';

/** Throws the 403 / 415 that refuses a control request to the simulator on `port`, or returns. */
export function checkControlRequest(req: IncomingMessage, port: number): void {
  if (!isLoopbackHost(req.headers.host, port))
    throw httpError(
      403,
      'The control API answers only requests addressed to this simulator by a loopback name (Host: 127.0.0.1, localhost or [::1] with its port).',
    );
  if (!isAllowedOrigin(req.headers.origin, port))
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
