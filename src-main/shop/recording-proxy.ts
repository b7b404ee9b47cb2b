/**
 * The recording proxy (issue 29 §4): a loopback HTTP server a shop points at instead of the gateway's test
 * environment. Each call is forwarded once — method, path below the API base, headers, body, streamed both
 * ways — to the target's origin only (proxy-target.ts), and the answer is returned as received. Nothing is
 * retried: a create that reached the gateway may have made a payment, so a failed or timed-out call is
 * answered to the shop as what it is (502 / 504) and the shop decides. Each exchange is handed, raw, to
 * `onExchange`, which masks it at capture before anything keeps it.
 */
import {
  createServer,
  request as httpRequest,
  Agent as HttpAgent,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { request as httpsRequest, Agent as HttpsAgent } from 'node:https';
import type { AddressInfo } from 'node:net';
import { flatHeaders, returnedResponseHeaders, upstreamRequestHeaders } from './proxy-headers';
import { upstreamUrlFor, type ProxyTarget, type TargetRefusal } from './proxy-target';

/** How much of each body the record keeps (the traffic model's cut). */
export const RECORDED_BODY_BYTES = 64 * 1024;

/** What the proxy answered itself instead of the gateway (the record's `fault`). */
export type ProxyFault =
  | 'proxy-bad-target'
  | 'proxy-outside-api'
  | 'proxy-body-too-large'
  | 'proxy-upstream-unreachable'
  | 'proxy-upstream-timeout'
  | 'proxy-client-gone';

/** One call as it passed the proxy, before masking (only `onExchange` sees it). */
export interface ProxiedExchange {
  receivedAt: Date;
  method: string;
  /** The request target as the shop sent it (path and query). */
  path: string;
  /** Lower-case names, as received: credentials in clear, to be masked by the capture. */
  headers: Record<string, string>;
  body: string | null;
  bodyTruncated: boolean;
  /** The answer the shop got (the gateway's, or the proxy's own when `fault` is set); null when none was sent. */
  response: { status: number; headers: Record<string, string>; body: string; bodyTruncated: boolean } | null;
  fault: ProxyFault | null;
  durationMs: number;
}

export interface RecordingProxyOptions {
  target: ProxyTarget;
  /** Loopback only by default: the shop runs on this machine (or is pointed at it through a tunnel it owns). */
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Largest request body forwarded. Default 1 MiB (the gateway's own orders are a few KiB). */
  maxBodyBytes?: number;
  /** Deadline for the whole upstream call (connect, answer, body), in ms. Default 30 s. */
  upstreamTimeoutMs?: number;
  onExchange: (exchange: ProxiedExchange) => void;
}

export interface RunningRecordingProxy {
  /** `http://127.0.0.1:PORT` */
  url: string;
  /** What the shop uses as its gateway base: `url` + the target's API base path. */
  apiUrl: string;
  port: number;
  close(): Promise<void>;
}

const REFUSAL: Record<TargetRefusal, { status: number; fault: ProxyFault; message: string }> = {
  'absolute-form': {
    status: 400,
    fault: 'proxy-bad-target',
    message: 'The request line names a host; the proxy only forwards paths to its test environment.',
  },
  'not-a-path': { status: 400, fault: 'proxy-bad-target', message: 'The request path is malformed.' },
  'dot-segment': {
    status: 400,
    fault: 'proxy-bad-target',
    message: 'The request path has empty or dot segments; send the plain API path.',
  },
  'outside-api': {
    status: 404,
    fault: 'proxy-outside-api',
    message: 'Only paths below the gateway API base are forwarded.',
  },
};

/** Keeps the first `limit` bytes of a stream of chunks, and whether more came. */
class BodyKeeper {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  truncated = false;
  constructor(private readonly limit: number) {}
  add(chunk: Buffer): void {
    if (this.kept >= this.limit) {
      this.truncated = true;
      return;
    }
    const part = chunk.length > this.limit - this.kept ? chunk.subarray(0, this.limit - this.kept) : chunk;
    if (part.length < chunk.length) this.truncated = true;
    this.chunks.push(part);
    this.kept += part.length;
  }
  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
  get size(): number {
    return this.kept;
  }
}

const proxyAnswer = (res: ServerResponse, status: number, code: ProxyFault, message: string): string => {
  const body = JSON.stringify({ proxyError: { code, message } });
  if (!res.headersSent)
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    });
  res.end(body);
  return body;
};

export async function startRecordingProxy(options: RecordingProxyOptions): Promise<RunningRecordingProxy> {
  const { target, onExchange } = options;
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  const upstreamTimeoutMs = options.upstreamTimeoutMs ?? 30_000;
  const secure = target.protocol === 'https:';
  // Kept-alive connections to the one upstream: the proxy must add little to each call (bench).
  const agent = secure
    ? new HttpsAgent({ keepAlive: true, maxSockets: 64 })
    : new HttpAgent({ keepAlive: true, maxSockets: 64 });
  const send = secure ? httpsRequest : httpRequest;

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const started = performance.now();
    const receivedAt = new Date();
    const requestTarget = req.url ?? '/';
    const headers = flatHeaders(req.headers);
    const requestBody = new BodyKeeper(RECORDED_BODY_BYTES);
    let done = false;
    const finish = (response: ProxiedExchange['response'], fault: ProxyFault | null): void => {
      if (done) return;
      done = true;
      clearTimeout(timer.deadline);
      onExchange({
        receivedAt,
        method: req.method ?? 'GET',
        path: requestTarget,
        headers,
        body: requestBody.size > 0 || requestBody.truncated ? requestBody.text() : null,
        bodyTruncated: requestBody.truncated,
        response,
        fault,
        durationMs: Math.max(0, performance.now() - started),
      });
    };
    const answerItself = (status: number, fault: ProxyFault, message: string): void => {
      const body = proxyAnswer(res, status, fault, message);
      finish({ status, headers: { 'content-type': 'application/json' }, body, bodyTruncated: false }, fault);
    };
    const timer: { deadline?: NodeJS.Timeout } = {};

    const resolved = upstreamUrlFor(target, requestTarget);
    if ('refused' in resolved) {
      const refusal = REFUSAL[resolved.refused];
      req.resume();
      answerItself(refusal.status, refusal.fault, refusal.message);
      return;
    }
    const declared = Number(req.headers['content-length'] ?? 0);
    if (Number.isFinite(declared) && declared > maxBodyBytes) {
      req.resume();
      answerItself(413, 'proxy-body-too-large', `The request body is larger than ${maxBodyBytes} bytes.`);
      return;
    }

    const upstream = send({
      protocol: target.protocol,
      hostname: target.hostname,
      port: target.port,
      method: req.method,
      path: resolved.url.pathname + resolved.url.search,
      headers: upstreamRequestHeaders(req.headers),
      agent,
    });
    // One deadline for the whole call: the gateway may have acted on it, so it is not tried again.
    timer.deadline = setTimeout(() => {
      upstream.destroy();
      if (!res.headersSent)
        answerItself(
          504,
          'proxy-upstream-timeout',
          `The test environment did not answer within ${upstreamTimeoutMs} ms; the call may have been processed.`,
        );
      else {
        res.destroy();
        finish(null, 'proxy-upstream-timeout');
      }
    }, upstreamTimeoutMs);

    upstream.on('error', () => {
      if (done) return;
      if (!res.headersSent)
        answerItself(
          502,
          'proxy-upstream-unreachable',
          'The test environment could not be reached, or it closed the connection; the call may have been processed.',
        );
      else {
        res.destroy();
        finish(null, 'proxy-upstream-unreachable');
      }
    });

    upstream.on('response', (answer) => {
      const responseBody = new BodyKeeper(RECORDED_BODY_BYTES);
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, returnedResponseHeaders(answer.headers));
      answer.on('data', (chunk: Buffer) => {
        responseBody.add(chunk);
        if (!res.write(chunk)) {
          answer.pause();
          res.once('drain', () => answer.resume());
        }
      });
      answer.on('end', () => {
        res.end();
        finish(
          {
            status: answer.statusCode ?? 0,
            headers: flatHeaders(answer.headers),
            body: responseBody.text(),
            bodyTruncated: responseBody.truncated,
          },
          null,
        );
      });
      answer.on('error', () => {
        res.destroy();
        finish(null, 'proxy-upstream-unreachable');
      });
    });

    let received = 0;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      received += chunk.length;
      if (received > maxBodyBytes) {
        // Cut before the gateway has a whole body: an incomplete JSON body is not an order.
        upstream.destroy();
        req.resume();
        answerItself(413, 'proxy-body-too-large', `The request body is larger than ${maxBodyBytes} bytes.`);
        return;
      }
      requestBody.add(chunk);
      if (!upstream.write(chunk)) {
        req.pause();
        upstream.once('drain', () => req.resume());
      }
    });
    req.on('end', () => {
      if (!done) upstream.end();
    });
    // The shop hung up before its answer: the call still went (or goes) on upstream; that is recorded.
    res.on('close', () => {
      if (!res.writableFinished && !done) {
        upstream.destroy();
        finish(null, 'proxy-client-gone');
      }
    });
  };

  const server = createServer({ headersTimeout: 10_000, requestTimeout: 30_000 }, handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port, address } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  const url = `http://${host}:${port}`;
  return {
    url,
    apiUrl: `${url}${target.apiBasePath}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}
