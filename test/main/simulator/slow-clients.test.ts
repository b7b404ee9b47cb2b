/**
 * The simulator as a server other people's CI points at (issue 25, §6): a client that trickles its
 * headers, drips its body or streams a chunked body without end must not hold a connection. Real
 * sockets on loopback, a few connections, short timeouts configured for the test.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../src-main/simulator';
import { validOrderA } from './harness';

const HEADERS_TIMEOUT_MS = 1_500;
const REQUEST_TIMEOUT_MS = 3_000;
/** Node's check runs once a second; a little more for a loaded machine. */
const SLACK_MS = 2_000;

let sim: RunningSimulator;
let port: number;
beforeAll(async () => {
  sim = await startSimulator({
    seed: 7,
    headersTimeoutMs: HEADERS_TIMEOUT_MS,
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    maxBodyBytes: 64 * 1024,
  });
  port = Number(new URL(sim.url).port);
});
afterAll(() => sim.close());

interface Outcome {
  /** Milliseconds from connecting until the server closed the connection, or null if it never did. */
  closedAfterMs: number | null;
  received: string;
}

/**
 * Opens a connection, writes `head`, then `drip()` every `everyMs` until the server closes it or
 * `giveUpMs` passes (then the test closes it and reports null).
 */
function hold(head: string, drip: () => string, everyMs: number, giveUpMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const started = Date.now();
    let received = '';
    let gaveUp = false;
    const socket: Socket = connect(port, '127.0.0.1', () => socket.write(head));
    const timer = setInterval(() => {
      if (!socket.destroyed && socket.writable) socket.write(drip());
    }, everyMs);
    const giveUp = setTimeout(() => {
      gaveUp = true;
      socket.destroy();
    }, giveUpMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ closedAfterMs: gaveUp ? null : Date.now() - started, received });
    });
  });
}

const status = (outcome: Outcome): number => Number(/^HTTP\/1\.1 (\d{3})/.exec(outcome.received)?.[1] ?? 0);

const gatewayPath = () => `${sim.basePath}/${sim.version}/payments`;
const authHeaders = () =>
  `Authorization: Bearer ${sim.terminals[0]!.token}\r\n${sim.clientIdHeader}: ${sim.clientId}\r\n` +
  'Content-Type: application/json\r\n';

describe('slow clients (issue 25 §6 defect: slow headers not closed after the headers timeout, a slow body held 40 s)', () => {
  it('connections sending one header line per second are closed once the headers timeout passes', async () => {
    let line = 0;
    const outcomes = await Promise.all(
      [0, 1, 2].map(() =>
        hold(
          `GET ${gatewayPath()}/x/status HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`,
          () => `X-Trickle-${(line += 1)}: still-coming\r\n`,
          1_000,
          HEADERS_TIMEOUT_MS + SLACK_MS + 2_000,
        ),
      ),
    );
    for (const outcome of outcomes) {
      expect(outcome.closedAfterMs, 'the server never closed the connection').not.toBeNull();
      expect(outcome.closedAfterMs!).toBeLessThanOrEqual(HEADERS_TIMEOUT_MS + SLACK_MS);
      expect(status(outcome)).toBe(408);
    }
  });

  it('a connection that never sends a byte is closed once the headers timeout passes', async () => {
    const outcomes = await Promise.all(
      [0, 1, 2].map(() => hold('', () => '', 60_000, HEADERS_TIMEOUT_MS + SLACK_MS + 2_000)),
    );
    for (const outcome of outcomes) {
      expect(outcome.closedAfterMs, 'the server never closed the idle connection').not.toBeNull();
      expect(outcome.closedAfterMs!).toBeLessThanOrEqual(HEADERS_TIMEOUT_MS + SLACK_MS);
    }
  });

  it('a request the simulator takes long to answer is not cut off as idle', async () => {
    // A webhook that answers after the idle limit: paying the order waits for that notification attempt.
    const slowWebhook = createServer((_req, res) => {
      setTimeout(() => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}'), HEADERS_TIMEOUT_MS + 700);
    });
    await new Promise<void>((resolve) => slowWebhook.listen(0, '127.0.0.1', resolve));
    sim.setWebhook({
      url: `http://127.0.0.1:${(slowWebhook.address() as AddressInfo).port}/hook`,
      secret: randomBytes(32).toString('base64'),
    });
    try {
      const created = await fetch(`${sim.apiUrl}/payments`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${sim.terminals[0]!.token}`,
          [sim.clientIdHeader]: sim.clientId,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(validOrderA()),
      });
      const { transactionID } = (await created.json()) as { transactionID: string };
      const started = Date.now();
      const paid = await fetch(`${sim.url}/__simulator/transactions/${transactionID}/complete`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ paymentStatus: 'Success' }),
      });
      expect(paid.status).toBe(200);
      expect(Date.now() - started).toBeGreaterThan(HEADERS_TIMEOUT_MS);
    } finally {
      sim.setWebhook(null);
      slowWebhook.closeAllConnections();
      await new Promise((resolve) => slowWebhook.close(resolve));
    }
  });

  it('a body dripped a byte at a time is cut off by the request timeout', async () => {
    const outcome = await hold(
      `POST ${gatewayPath()} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${authHeaders()}Content-Length: 1000\r\n\r\n{`,
      () => ' ',
      250,
      REQUEST_TIMEOUT_MS + SLACK_MS + 3_000,
    );
    expect(outcome.closedAfterMs, 'the server never closed the connection').not.toBeNull();
    expect(outcome.closedAfterMs!).toBeLessThanOrEqual(REQUEST_TIMEOUT_MS + SLACK_MS);
  });
});

describe('body limits (issue 25 §6 defect: chunked bodies not capped like sized ones)', () => {
  const chunk = 'x'.repeat(16 * 1024);
  const endlessChunks = () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`;

  it('an endless chunked body to a call that reads it gets 413 and the connection closes', async () => {
    const outcome = await hold(
      `POST ${gatewayPath()} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${authHeaders()}Transfer-Encoding: chunked\r\n\r\n`,
      endlessChunks,
      5,
      4_000,
    );
    expect(status(outcome)).toBe(413);
    expect(outcome.received).toMatch(/larger than 65536 bytes/);
    expect(outcome.closedAfterMs, 'the server kept reading the chunked body').not.toBeNull();
  });

  it('an endless chunked body to a call that does not read it is not drained: the connection closes', async () => {
    // No credentials: refused before the body is looked at, which used to leave Node reading it forever.
    const outcome = await hold(
      `POST ${gatewayPath()} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nTransfer-Encoding: chunked\r\n\r\n`,
      endlessChunks,
      5,
      4_000,
    );
    expect(status(outcome)).toBeGreaterThanOrEqual(400);
    expect(status(outcome)).toBeLessThan(500);
    expect(outcome.closedAfterMs, 'the server kept draining the chunked body').not.toBeNull();
  });

  it('a declared Content-Length over the limit is answered 413 before any of the body is sent', async () => {
    const outcome = await hold(
      `POST ${gatewayPath()} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${authHeaders()}Content-Length: ${10 * 1024 * 1024}\r\n\r\n`,
      () => '',
      1_000,
      4_000,
    );
    expect(status(outcome)).toBe(413);
    expect(outcome.closedAfterMs).not.toBeNull();
  });

  it('calls within the limits keep their connection alive (a body read whole does not close it)', async () => {
    const headers = { Authorization: `Bearer ${sim.terminals[0]!.token}`, [sim.clientIdHeader]: sim.clientId };
    const read = await fetch(`${sim.apiUrl}/payments/s2nope/status`, { headers });
    expect(read.status).toBe(404);
    expect(read.headers.get('connection')).not.toBe('close');
    const created = await fetch(`${sim.apiUrl}/payments`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(validOrderA()),
    });
    expect(created.status).toBe(200);
    expect(created.headers.get('connection')).not.toBe('close');
  });
});
