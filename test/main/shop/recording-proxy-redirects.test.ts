/**
 * The recording proxy forwards a shop's calls — with the shop's own bearer token and client id — to the
 * test profile's origin and nowhere else. Each test here is an attempt by the request itself to send the
 * call (and those credentials) elsewhere: a second loopback server plays "evil" and must see nothing.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { proxyTargetOf } from '../../../src-main/shop/proxy-target';
import {
  startRecordingProxy,
  type ProxiedExchange,
  type RunningRecordingProxy,
} from '../../../src-main/shop/recording-proxy';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A loopback server that answers 200 and keeps what it was sent. */
async function observer(answer: (seen: Seen) => { status: number; body: string; headers?: Record<string, string> }) {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const entry = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      seen.push(entry);
      const { status, body, headers } = answer(entry);
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    seen,
    port,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Sends bytes as written (no client library normalising the request line) and returns the status code. */
function raw(port: number, text: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('end', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0), text: received }));
    socket.on('error', reject);
  });
}

const TOKEN = 'Bearer shop-token-9f8e7d6c5b4a3210';
const CLIENT = 'shop-client-id-1234567890abcdef';

let gateway: Awaited<ReturnType<typeof observer>>;
let evil: Awaited<ReturnType<typeof observer>>;
let proxy: RunningRecordingProxy;
const exchanges: ProxiedExchange[] = [];

beforeAll(async () => {
  gateway = await observer((seen) => ({
    status: 200,
    body: '{"returnStatus":{"statusCode":"000"}}',
    // An answer with connection-scoped headers of its own: they end at the proxy.
    ...(seen.url.includes('/hop/')
      ? { headers: { connection: 'x-hop', 'x-hop': '1', 'proxy-authenticate': 'Basic', 'x-kept': 'yes' } }
      : {}),
  }));
  evil = await observer(() => ({ status: 200, body: '{}' }));
  proxy = await startRecordingProxy({
    target: proxyTargetOf({ baseUrl: gateway.url, pathPrefix: '/api', version: 'v2' }),
    onExchange: (exchange) => exchanges.push(exchange),
    maxBodyBytes: 4096,
    upstreamTimeoutMs: 1_500,
  });
});
afterAll(async () => {
  await proxy.close();
  await gateway.close();
  await evil.close();
});
afterEach(() => {
  // Whatever the attempt, the evil server never saw a request (so never the shop's credentials).
  expect(evil.seen).toEqual([]);
});

const request = (target: string, extra = '') =>
  `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${proxy.port}\r\nAuthorization: ${TOKEN}\r\nX-Platform-Client-Id: ${CLIENT}\r\n${extra}Connection: close\r\n\r\n`;

describe('recording proxy: the request cannot choose where it goes (issue 29 §4, hostile redirects)', () => {
  it('forwards an API path to the profile origin with the shop’s credentials, and the answer as received', async () => {
    const before = gateway.seen.length;
    const answer = await fetch(`${proxy.apiUrl}/payments/abc/status?x=1`, {
      headers: { authorization: TOKEN, 'x-platform-client-id': CLIENT },
    });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('{"returnStatus":{"statusCode":"000"}}');
    const seen = gateway.seen.slice(before);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/v2/payments/abc/status?x=1' });
    expect(seen[0]!.headers).toMatchObject({
      authorization: TOKEN,
      'x-platform-client-id': CLIENT,
      host: `127.0.0.1:${gateway.port}`,
    });
  });

  it('an absolute-form request line naming another host is refused (400), not forwarded there', async () => {
    const answer = await raw(proxy.port, request(`${evil.url}/api/v2/payments/abc/status`));
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('proxy-bad-target');
  });

  it('a network-path target //evil/… is refused, not read as a host', async () => {
    for (const target of [`//127.0.0.1:${evil.port}/api/v2/payments`, `/\\127.0.0.1:${evil.port}/api/v2/payments`]) {
      const answer = await raw(proxy.port, request(target));
      expect(answer.status).toBe(400);
    }
  });

  it('dot segments that climb out of the API base are refused, encoded or not', async () => {
    for (const target of [
      '/api/v2/../../admin',
      '/api/v2/%2e%2e/%2E%2E/admin',
      '/api/v2/./payments',
      '/api/v2//payments',
    ]) {
      const before = gateway.seen.length;
      const answer = await raw(proxy.port, request(target));
      expect(answer.status).toBe(400);
      expect(gateway.seen.length).toBe(before);
    }
  });

  it('a path outside the API base is answered 404 by the proxy and reaches no one', async () => {
    const before = gateway.seen.length;
    const answer = await raw(proxy.port, request('/admin/secrets'));
    expect(answer.status).toBe(404);
    expect(gateway.seen.length).toBe(before);
  });

  it('a userinfo-looking path (/api/v2@evil…) stays a path on the profile origin', async () => {
    const before = gateway.seen.length;
    const answer = await raw(proxy.port, request(`/api/v2/payments@127.0.0.1:${evil.port}/x`));
    // Forwarded as a path of the test environment (which answers as it likes), never to the evil host.
    expect(answer.status).toBe(200);
    expect(gateway.seen.slice(before).map((seen) => seen.url)).toEqual([`/api/v2/payments@127.0.0.1:${evil.port}/x`]);
  });

  it('a Host header naming another host does not move the request; the upstream sees the profile’s Host', async () => {
    const before = gateway.seen.length;
    const text = `GET /api/v2/payments/abc/status HTTP/1.1\r\nHost: 127.0.0.1:${evil.port}\r\nAuthorization: ${TOKEN}\r\nConnection: close\r\n\r\n`;
    expect((await raw(proxy.port, text)).status).toBe(200);
    const seen = gateway.seen.slice(before);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers.host).toBe(`127.0.0.1:${gateway.port}`);
  });

  it('X-Forwarded-* and Forwarded headers are dropped, not trusted nor passed on', async () => {
    const before = gateway.seen.length;
    const extra =
      `X-Forwarded-Host: 127.0.0.1:${evil.port}\r\nX-Forwarded-Proto: https\r\nX-Forwarded-For: 203.0.113.9\r\n` +
      `Forwarded: host=127.0.0.1:${evil.port};proto=http\r\nX-Real-IP: 203.0.113.9\r\n`;
    expect((await raw(proxy.port, request('/api/v2/payments/abc/status', extra))).status).toBe(200);
    const headers = gateway.seen.slice(before)[0]!.headers;
    for (const name of ['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-for', 'forwarded', 'x-real-ip'])
      expect(headers[name]).toBeUndefined();
  });

  it('hop-by-hop headers, and those the Connection header lists, are not forwarded', async () => {
    const before = gateway.seen.length;
    const extra =
      'Keep-Alive: timeout=99\r\nProxy-Authorization: Basic c2VjcmV0\r\nTE: trailers\r\nX-Hop: 1\r\nUpgrade: websocket\r\n';
    const text = `GET /api/v2/payments/abc/status HTTP/1.1\r\nHost: x\r\nAuthorization: ${TOKEN}\r\n${extra}Connection: close, X-Hop\r\n\r\n`;
    expect((await raw(proxy.port, text)).status).toBe(200);
    const headers = gateway.seen.slice(before)[0]!.headers;
    for (const name of ['keep-alive', 'proxy-authorization', 'te', 'x-hop', 'upgrade'])
      expect(headers[name]).toBeUndefined();
    expect(headers.authorization).toBe(TOKEN);
  });
  it('hop-by-hop headers of the answer end at the proxy; the others reach the shop', async () => {
    const answer = await fetch(`${proxy.apiUrl}/payments/hop/status`, { headers: { authorization: TOKEN } });
    expect(answer.headers.get('x-kept')).toBe('yes');
    expect(answer.headers.get('x-hop')).toBeNull();
    expect(answer.headers.get('proxy-authenticate')).toBeNull();
  });
});

describe('recording proxy: limits, failures and no retry (issue 29 §4)', () => {
  it('a body over the limit is refused with 413 before anything is sent upstream', async () => {
    const before = gateway.seen.length;
    const answer = await fetch(`${proxy.apiUrl}/payments`, {
      method: 'POST',
      headers: { authorization: TOKEN, 'content-type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(10_000) }),
    });
    expect(answer.status).toBe(413);
    expect(gateway.seen.length).toBe(before);
  });

  it('a chunked body growing past the limit is cut (413) and the upstream never gets a whole body', async () => {
    const before = gateway.seen.length;
    const chunk = 'x'.repeat(3000);
    const body = `${(3000).toString(16)}\r\n${chunk}\r\n`.repeat(3) + '0\r\n\r\n';
    const text = `POST /api/v2/payments HTTP/1.1\r\nHost: x\r\nAuthorization: ${TOKEN}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${body}`;
    expect((await raw(proxy.port, text)).status).toBe(413);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The observer only records a request it read to its end: a cut one is not a call it could act on.
    expect(gateway.seen.length).toBe(before);
  });

  it('an upstream that never answers gets 504 after the deadline, sent once and never retried', async () => {
    let hits = 0;
    const silent = createServer(() => {
      hits++; // never answers
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    const recorded: ProxiedExchange[] = [];
    const slow = await startRecordingProxy({
      target: proxyTargetOf({ baseUrl: `http://127.0.0.1:${port}`, pathPrefix: '/api', version: 'v2' }),
      onExchange: (exchange) => recorded.push(exchange),
      upstreamTimeoutMs: 300,
    });
    try {
      const answer = await fetch(`${slow.apiUrl}/payments`, {
        method: 'POST',
        headers: { authorization: TOKEN, 'content-type': 'application/json' },
        body: '{"merchant":{}}',
      });
      expect(answer.status).toBe(504);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(hits).toBe(1);
      expect(recorded).toHaveLength(1);
      expect(recorded[0]).toMatchObject({ fault: 'proxy-upstream-timeout', response: { status: 504 } });
    } finally {
      await slow.close();
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('an unreachable test environment is answered 502 and recorded, not retried', async () => {
    const closed = await observer(() => ({ status: 200, body: '{}' }));
    await closed.close();
    const recorded: ProxiedExchange[] = [];
    const dead = await startRecordingProxy({
      target: proxyTargetOf({ baseUrl: closed.url, pathPrefix: '/api', version: 'v2' }),
      onExchange: (exchange) => recorded.push(exchange),
    });
    try {
      const answer = await fetch(`${dead.apiUrl}/payments/x/status`, { headers: { authorization: TOKEN } });
      expect(answer.status).toBe(502);
      expect(recorded).toHaveLength(1);
      expect(recorded[0]!.fault).toBe('proxy-upstream-unreachable');
    } finally {
      await dead.close();
    }
  });
});
