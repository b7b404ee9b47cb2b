import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fail, type Result } from '@shared/result';
import type { ConsoleCore } from '../core/console-core';
import { attachEventStream } from './event-stream';
import { checkRequestOrigin, hasDotSegment, TOKEN_HEADER, tokenMatches } from './request-guard';
import { serveStatic } from './static-files';
import { mainText } from '@shared/console-text';

export const API_CALL_PREFIX = '/api/call/';
export const API_EVENTS_PATH = '/api/events';
/** Largest request body the host reads; contract inputs are far smaller. */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface HostOptions {
  core: Pick<ConsoleCore, 'dispatch' | 'events'>;
  /** Built renderer (out/renderer). */
  rendererDir: string;
  /** 0 picks a free port. */
  port?: number;
  /** Injected by tests; otherwise 32 random bytes. */
  token?: string;
  /** Slow-client guards; tests shorten them. */
  timeouts?: { headersMs?: number; requestMs?: number };
}

export interface RunningHost {
  /** Opens the console: carries the session token as `?token=`. */
  readonly url: string;
  readonly origin: string;
  readonly port: number;
  readonly token: string;
  close(): Promise<void>;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const sendJson = (res: ServerResponse, status: number, body: Result<unknown>, close = false): void => {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    // After refusing a body half-way, the rest of it is still on the wire: end the connection.
    ...(close ? { Connection: 'close' } : {}),
  });
  res.end(text);
};

async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES)
    throw new HttpError(413, 'body-too-large', `Request bodies are limited to ${MAX_BODY_BYTES} bytes.`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES)
      throw new HttpError(413, 'body-too-large', `Request bodies are limited to ${MAX_BODY_BYTES} bytes.`);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'invalid-json', 'The request body is not valid JSON.');
  }
}

/**
 * Why a call is refused, or null when its token is this run's. A token that is present but not ours is
 * almost always a tab left open from an earlier run (each run draws a new token): saying so lets that tab
 * tell its user to open the new address instead of failing every click with a bare "unauthorized".
 * Either way nothing runs, and the refusal reveals nothing about the current token.
 */
function refuseToken(expected: string, presented: string | null | undefined) {
  if (tokenMatches(expected, presented)) return null;
  return presented
    ? fail('session-ended', mainText('hostSessionEnded'))
    : fail('unauthorized', mainText('hostTokenRequired'));
}

/**
 * Browser mode: the same ConsoleApi handlers over HTTP on 127.0.0.1 (design: "browser-mode host").
 * API calls need the session token header and a JSON body (so a cross-site form cannot post), every
 * request needs a loopback Host and, when present, a loopback Origin; no CORS headers are ever sent.
 */
export async function startHost(options: HostOptions): Promise<RunningHost> {
  const token = options.token ?? randomBytes(32).toString('base64url');
  let port = 0;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const verdict = checkRequestOrigin(req, port);
    if (!verdict.ok) return sendJson(res, verdict.status, fail('forbidden-origin', verdict.reason));
    // URL parsing below would quietly resolve `..`; a path that tries to climb (or cannot be decoded)
    // is refused outright.
    if (hasDotSegment(req.url ?? '/')) return sendJson(res, 400, fail('bad-path', mainText('hostBadPath')));
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';

    if (url.pathname.startsWith('/api/')) {
      if (method === 'OPTIONS') return sendJson(res, 405, fail('method-not-allowed', mainText('hostNoCrossOrigin')));
      if (url.pathname === API_EVENTS_PATH && method === 'GET') {
        const refusal = refuseToken(token, url.searchParams.get('token'));
        if (refusal) return sendJson(res, 401, refusal);
        attachEventStream(res, options.core.events);
        return;
      }
      if (url.pathname.startsWith(API_CALL_PREFIX)) {
        if (method !== 'POST') return sendJson(res, 405, fail('method-not-allowed', mainText('hostPostOnly')));
        const refusal = refuseToken(token, req.headers[TOKEN_HEADER] as string | undefined);
        if (refusal) return sendJson(res, 401, refusal);
        if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
          return sendJson(res, 415, fail('unsupported-media-type', mainText('hostJsonOnly')));
        }
        const body = (await readJsonBody(req)) as { input?: unknown };
        // Safe to decode: hasDotSegment above already refused malformed percent-encoding.
        const name = decodeURIComponent(url.pathname.slice(API_CALL_PREFIX.length));
        const input = typeof body === 'object' && body !== null ? body.input : undefined;
        return sendJson(res, 200, await options.core.dispatch(name, input));
      }
      return sendJson(res, 404, fail('not-found', mainText('hostNoRoute', { path: url.pathname })));
    }

    if (method !== 'GET' && method !== 'HEAD') {
      return sendJson(res, 405, fail('method-not-allowed', mainText('hostGetOnly')));
    }
    await serveStatic(options.rendererDir, url.pathname, res, method);
  };

  const headersTimeout = options.timeouts?.headersMs ?? 10_000;
  const server = createServer(
    {
      // Slow-loris guard: a client must send its headers and body promptly (SSE responses are not
      // affected: these limits cover receiving the request only).
      headersTimeout,
      requestTimeout: Math.max(options.timeouts?.requestMs ?? 30_000, headersTimeout),
      connectionsCheckingInterval: Math.min(1000, headersTimeout),
    },
    (req, res) => {
      handle(req, res).catch((error: unknown) => {
        if (res.headersSent) return res.destroy();
        if (error instanceof HttpError) return sendJson(res, error.status, fail(error.code, error.message), true);
        sendJson(res, 500, fail('internal', mainText('hostFailed')));
      });
    },
  );

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}/?token=${token}`,
    origin,
    port,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
