import type { IncomingMessage, ServerResponse } from 'node:http';
import { httpError, type ReturnStatus, type SimError } from './errors';

const tooLarge = (maxBytes: number) =>
  httpError(413, `The request body is larger than ${maxBytes} bytes.`, { headers: { Connection: 'close' } });

/**
 * Reads the body up to `maxBytes`. A declared Content-Length over the limit is refused before a byte is
 * read; a chunked body (no declared length) is refused as soon as it passes the limit. Either way it is a
 * 413 without buffering the rest, so a hostile client cannot exhaust memory, and the connection is closed
 * after the answer rather than drained (SimulatorResponse).
 */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<string> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > maxBytes) return Promise.reject(tooLarge(maxBytes));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > maxBytes) {
        done = true;
        req.pause();
        reject(tooLarge(maxBytes));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!done) {
        done = true;
        // A small body nearly always comes in one chunk: read as it is, without copying it first.
        resolve(chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8'));
      }
    });
    req.on('error', (error) => {
      if (!done) {
        done = true;
        reject(error);
      }
    });
  });
}

/** JSON.parse with a 400 naming the problem; an empty body parses as `undefined`. */
/**
 * Resolves once the request's body has been read to its end (or the request is gone). An armed answer waits
 * for it, as a gateway reads a request before answering: answered before the body came, the connection is
 * closed (5xx) and a late body is lost — the capture would record the call without it, and only after the
 * shop's next call (a create resent at once after a 503 would then not be seen as resent).
 */
export function drainBody(req: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    if (req.complete || req.destroyed) return resolve();
    req.once('end', resolve);
    req.once('close', resolve);
    req.once('error', resolve);
    req.resume();
  });
}

export function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw httpError(
      400,
      `The request body is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers?: Record<string, string>): void {
  const text = JSON.stringify(body);
  const common = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  };
  // Most answers add no header: they skip the copy.
  res.writeHead(status, headers ? { ...common, ...headers } : common);
  res.end(text);
}

export const sendError = (res: ServerResponse, error: SimError): void =>
  sendJson(res, error.httpStatus, { returnStatus: error.returnStatus satisfies ReturnStatus }, error.headers);

/** Header value as one string (Node lower-cases names, which makes the client-id header case-insensitive). */
export const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};
