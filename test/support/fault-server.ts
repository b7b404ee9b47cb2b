import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** What the fault server does with the next request. */
export type Fault =
  | { kind: 'answer'; status: number; body: string | object; headers?: Record<string, string> }
  /** Reads the request, then never answers (response timeout). */
  | { kind: 'hang' }
  /** Reads the request, then drops the connection before any answer (reset before the response). */
  | { kind: 'reset' }
  /** Sends the headers and the start of a JSON body, then nothing more (body stalled). */
  | { kind: 'stall-body' }
  /** Sends the headers and the start of a JSON body, then drops the connection (reset mid-body). */
  | { kind: 'reset-mid-body' }
  /**
   * Sends a whole, valid answer one character every `everyMs` (a gateway or proxy that dribbles): each gap
   * is short, but the whole answer takes longer than any sane deadline.
   */
  | { kind: 'dribble'; body: string; everyMs: number };

const PARTIAL_BODY = '{"returnStatus":{"statusCode":"0';

function track(server: Server | ReturnType<typeof createServer>, sockets: Set<Socket>): void {
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
}

async function listen(server: Server | ReturnType<typeof createServer>): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function closeAll(server: Server | ReturnType<typeof createServer>, sockets: Set<Socket>): Promise<void> {
  for (const socket of sockets) socket.destroy();
  return new Promise((resolve) => server.close(() => resolve()));
}

/**
 * A loopback gateway that misbehaves on demand. It counts every request that arrived, which is how the
 * "money-moving calls are sent exactly once" rule is proven: the count is taken where the money would move.
 */
export async function startFaultServer() {
  const seen: SeenRequest[] = [];
  const script: Fault[] = [];
  let fallback: Fault = { kind: 'answer', status: 200, body: { returnStatus: { statusCode: '000' } } };
  const sockets = new Set<Socket>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      const fault = script.shift() ?? fallback;
      if (fault.kind === 'hang') return;
      if (fault.kind === 'reset') return void req.socket.destroy();
      if (fault.kind === 'stall-body' || fault.kind === 'reset-mid-body') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '400' });
        res.write(PARTIAL_BODY);
        // Let the partial body reach the client before the connection drops.
        if (fault.kind === 'reset-mid-body') setTimeout(() => req.socket.destroy(), 20);
        return;
      }
      if (fault.kind === 'dribble') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(fault.body.length) });
        let sent = 0;
        const timer = setInterval(() => {
          if (res.destroyed || sent >= fault.body.length) {
            clearInterval(timer);
            if (!res.destroyed) res.end();
            return;
          }
          res.write(fault.body[sent]);
          sent += 1;
        }, fault.everyMs);
        res.on('close', () => clearInterval(timer));
        return;
      }
      const text = typeof fault.body === 'string' ? fault.body : JSON.stringify(fault.body);
      res.writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers });
      res.end(text);
    });
  });
  track(server, sockets);
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    /** Queue behaviours for the next requests, in order. */
    next: (...faults: Fault[]) => script.push(...faults),
    /** Behaviour once the queue is empty. */
    always: (fault: Fault) => {
      fallback = fault;
    },
    reset: () => {
      seen.length = 0;
      script.length = 0;
    },
    close: () => closeAll(server, sockets),
  };
}

/**
 * A loopback TCP listener that accepts connections and never says a word. Reached with `https://`, the
 * TLS handshake never completes, so the client's *connect* timeout fires — a connect timeout on loopback,
 * without a non-routable address. Counts connections (each one is a connect attempt).
 */
export async function startSilentServer() {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createTcpServer((socket) => {
    connections += 1;
    socket.on('error', () => {});
  });
  track(server, sockets);
  const port = await listen(server);
  return {
    url: `https://127.0.0.1:${port}`,
    connections: () => connections,
    reset: () => {
      connections = 0;
    },
    close: () => closeAll(server, sockets),
  };
}

/** A loopback URL nothing listens on (the port was just released): connection refused. */
export async function refusedUrl(): Promise<string> {
  const server = createTcpServer();
  const port = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** RFC 2606 reserves `.invalid`: the lookup fails without any traffic leaving the machine's resolver. */
export const DNS_FAILURE_URL = 'http://gateway-console-fault.invalid';
