import { request, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';

export interface RawRequest {
  method?: string;
  /** Sent as is: unlike fetch, node:http does not normalise `/../` away. */
  path?: string;
  headers?: Record<string, string | number>;
  body?: string | Buffer;
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  json(): unknown;
}

/** One HTTP request to 127.0.0.1:port with full control over Host, Origin and the raw path. */
export function rawRequest(port: number, options: RawRequest = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path ?? '/', headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A ConsoleApi call the way the renderer makes it: POST /api/call/<method> with the token header. */
export const callApi = (port: number, token: string | null, method: string, input?: unknown): Promise<RawResponse> =>
  rawRequest(port, {
    method: 'POST',
    path: `/api/call/${method}`,
    headers: {
      'Content-Type': 'application/json',
      ...(token === null ? {} : { 'X-Console-Token': token }),
    },
    body: JSON.stringify({ input }),
  });

/**
 * Writes raw bytes on a fresh TCP connection and collects everything the server sends until it closes
 * the connection. For what no well-behaved client does: half-sent headers, lying Content-Length.
 */
export function rawExchange(port: number, text: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The server may hang up while we are still writing: what it answered before that is the result.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') return;
      reject(error);
    });
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.write(text);
  });
}
