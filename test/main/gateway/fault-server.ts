import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** What the server does with the next request: answer, hang, or drop the connection. */
export type Behaviour =
  | { kind: 'answer'; status: number; body: string | object; headers?: Record<string, string> }
  | { kind: 'hang' }
  /** Sends the headers and the start of a body, then nothing more. */
  | { kind: 'trickle' }
  | { kind: 'reset' };

/**
 * A loopback server for failures the simulator cannot produce on demand (resets, hangs) and for
 * counting exactly how many requests arrived — the never-retry rule is proven by that count.
 */
export async function startFaultServer() {
  const seen: SeenRequest[] = [];
  const script: Behaviour[] = [];
  let fallback: Behaviour = { kind: 'answer', status: 200, body: { returnStatus: { statusCode: '000' } } };
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
      const behaviour = script.shift() ?? fallback;
      if (behaviour.kind === 'hang') return;
      if (behaviour.kind === 'reset') return req.socket.destroy();
      if (behaviour.kind === 'trickle') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return void res.write('{"returnStatus":');
      }
      const text = typeof behaviour.body === 'string' ? behaviour.body : JSON.stringify(behaviour.body);
      res.writeHead(behaviour.status, { 'content-type': 'application/json', ...behaviour.headers });
      res.end(text);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    next: (...behaviours: Behaviour[]) => script.push(...behaviours),
    always: (behaviour: Behaviour) => {
      fallback = behaviour;
    },
    reset: () => {
      seen.length = 0;
      script.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
