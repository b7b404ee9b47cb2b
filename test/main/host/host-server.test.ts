import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleCore, type ConsoleCore } from '../../../src-main/core/console-core';
import { MemoryStore } from '../../../src-main/credentials/memory-store';
import { MAX_BODY_BYTES, startHost, type RunningHost } from '../../../src-main/host/host-server';
import { CONTENT_SECURITY_POLICY } from '../../../src-main/security/content-security-policy';
import { NodeEventSource } from '../../support/event-source';
import { callApi, rawExchange, rawRequest, type RawResponse } from '../../support/http';

const INDEX_HTML = '<!doctype html><title>console</title><div id="app"></div>';
const SECRET_NEXT_TO_RENDERER = 'top secret file outside the renderer folder';

let dir: string;
let core: ConsoleCore;
let host: RunningHost;
/** Every answer the host gave in this file: none may carry a CORS header. */
const answers: RawResponse[] = [];

const send = async (...args: Parameters<typeof rawRequest>): Promise<RawResponse> => {
  const response = await rawRequest(...args);
  answers.push(response);
  return response;
};
const call = async (...args: Parameters<typeof callApi>): Promise<RawResponse> => {
  const response = await callApi(...args);
  answers.push(response);
  return response;
};
/** app.info with a valid token and JSON body, plus the headers under test. */
const tokenCallWith = (headers: Record<string, string>) =>
  send(host.port, {
    method: 'POST',
    path: '/api/call/app.info',
    headers: { 'Content-Type': 'application/json', 'X-Console-Token': host.token, ...headers },
    body: '{}',
  });
const errorCode = (response: RawResponse) => (response.json() as { error?: { code?: string } }).error?.code;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'host-test-'));
  const rendererDir = join(dir, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), INDEX_HTML);
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log("app");');
  writeFileSync(join(dir, 'secret.txt'), SECRET_NEXT_TO_RENDERER);
  // The host is under test, not the services behind it: no embedded simulator.
  core = await createConsoleCore({
    mode: 'browser',
    userDataDir: join(dir, 'data'),
    credentials: new MemoryStore(),
    simulator: false,
  });
  host = await startHost({ core, rendererDir });
});

afterAll(async () => {
  await NodeEventSource.closeAll();
  await host?.close();
  await core?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('browser-mode host: where it listens', () => {
  it('prints a 127.0.0.1 URL carrying the session token', () => {
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/?token=${host.token}`);
    expect(host.token.length).toBeGreaterThanOrEqual(32);
  });

  it('is not reachable on any other address of this machine', async () => {
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((address) => address && !address.internal && address.family === 'IPv4')
      .map((address) => address!.address);
    for (const address of ['::1', ...others]) {
      const outcome = await new Promise<string>((resolve) => {
        const socket = connect({ host: address, port: host.port });
        socket.on('connect', () => (socket.destroy(), resolve('connected')));
        socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      });
      expect(outcome, `connecting via ${address}`).not.toBe('connected');
    }
  });
});

describe('browser-mode host: who may call', () => {
  it('answers a call that carries the token', async () => {
    const response = await call(host.port, host.token, 'app.ping', { text: 'hello' });
    expect(response.status).toBe(200);
    expect(response.json()).toMatchObject({ ok: true, value: { text: 'hello' } });
  });

  it('refuses a call without the token, or with a wrong one, before running anything', async () => {
    for (const token of [null, '']) {
      const response = await call(host.port, token, 'app.ping', { text: 'hello' });
      expect(response.status, `token ${JSON.stringify(token)}`).toBe(401);
      expect(errorCode(response)).toBe('unauthorized');
    }
    for (const token of ['x', host.token.slice(0, -1) + (host.token.endsWith('A') ? 'B' : 'A')]) {
      const response = await call(host.port, token, 'app.ping', { text: 'hello' });
      expect(response.status, `token ${JSON.stringify(token)}`).toBe(401);
      expect(errorCode(response)).toBe('session-ended');
    }
  });

  it('stale tab after a restart: a token from an earlier run is told the console restarted, not just "unauthorized"', async () => {
    const response = await call(host.port, 'token-of-the-previous-run', 'app.ping', { text: 'hello' });
    expect(response.status).toBe(401);
    expect(errorCode(response)).toBe('session-ended');
    expect(JSON.stringify(response.json())).toContain('open the new address');
    expect(JSON.stringify(response.json())).not.toContain(host.token);
  });

  it('refuses a foreign Host header (DNS rebinding), even with the right token', async () => {
    for (const hostHeader of [
      'evil.example',
      `evil.example:${host.port}`,
      `127.0.0.1.evil.example:${host.port}`,
      '127.0.0.1:1',
    ]) {
      const response = await tokenCallWith({ Host: hostHeader });
      expect(response.status, hostHeader).toBe(421);
      expect(errorCode(response)).toBe('forbidden-origin');
    }
    const page = await send(host.port, { path: '/', headers: { Host: `evil.example:${host.port}` } });
    expect(page.status).toBe(421);
    expect(page.text).not.toContain('console</title>');
  });

  it('accepts the loopback names of its own port', async () => {
    for (const hostHeader of [`127.0.0.1:${host.port}`, `localhost:${host.port}`]) {
      const response = await send(host.port, { path: '/', headers: { Host: hostHeader } });
      expect(response.status, hostHeader).toBe(200);
    }
  });

  it('refuses a foreign Origin with 403, even with the right token', async () => {
    for (const origin of [
      'http://evil.example',
      'null',
      `http://127.0.0.1:${host.port + 1}`,
      `https://127.0.0.1:${host.port}`,
    ]) {
      const response = await tokenCallWith({ Origin: origin });
      expect(response.status, origin).toBe(403);
      expect(errorCode(response)).toBe('forbidden-origin');
    }
    const own = await tokenCallWith({ Origin: host.origin });
    expect(own.status).toBe(200);
  });

  it('refuses CORS preflights from anywhere', async () => {
    const preflight = (origin: string) =>
      send(host.port, {
        method: 'OPTIONS',
        path: '/api/call/app.info',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type,x-console-token',
        },
      });
    expect((await preflight('http://evil.example')).status).toBe(403);
    expect((await preflight(host.origin)).status).toBe(405);
  });

  it('never sends an Access-Control-* header', () => {
    expect(answers.length).toBeGreaterThan(10);
    for (const answer of answers) {
      expect(Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    }
  });
});

describe('browser-mode host: what a call may carry', () => {
  it('refuses a body larger than the limit, declared or streamed', async () => {
    const declared = await rawExchange(
      host.port,
      `POST /api/call/app.ping HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nContent-Type: application/json\r\n` +
        `X-Console-Token: ${host.token}\r\nContent-Length: ${MAX_BODY_BYTES + 1}\r\n\r\n`,
    );
    expect(declared).toMatch(/^HTTP\/1\.1 413 /);
    expect(declared).toContain('"body-too-large"');

    const chunk = Buffer.alloc(64 * 1024, 'a');
    const chunks = Math.ceil((MAX_BODY_BYTES + 1) / chunk.length) + 1;
    const body = Buffer.concat(
      Array.from({ length: chunks }, () =>
        Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]),
      ),
    );
    const streamed = await rawExchange(
      host.port,
      Buffer.concat([
        Buffer.from(
          `POST /api/call/app.ping HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nContent-Type: application/json\r\n` +
            `X-Console-Token: ${host.token}\r\nTransfer-Encoding: chunked\r\n\r\n`,
        ),
        body,
      ]),
    );
    expect(streamed).toMatch(/^HTTP\/1\.1 413 /);
  });

  it('refuses a body that is not declared as JSON (no cross-site form posts)', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '']) {
      const response = await send(host.port, {
        method: 'POST',
        path: '/api/call/app.ping',
        headers: { 'Content-Type': type, 'X-Console-Token': host.token },
        body: JSON.stringify({ input: { text: 'hi' } }),
      });
      expect(response.status, type).toBe(415);
      expect(errorCode(response)).toBe('unsupported-media-type');
    }
  });

  it('says which part is wrong: broken JSON, unknown method, invalid input', async () => {
    const broken = await send(host.port, {
      method: 'POST',
      path: '/api/call/app.ping',
      headers: { 'Content-Type': 'application/json', 'X-Console-Token': host.token },
      body: '{"input": ',
    });
    expect(broken.status).toBe(400);
    expect(errorCode(broken)).toBe('invalid-json');

    for (const name of ['app.nope', 'constructor', '__proto__', 'app.ping.x']) {
      const unknown = await call(host.port, host.token, name, {});
      expect(unknown.json(), name).toMatchObject({ ok: false, error: { code: 'unknown-method' } });
    }

    const garbled = await call(host.port, host.token, '%E0%A4%A', {});
    expect(garbled.status).toBe(400);
    expect(errorCode(garbled)).toBe('bad-path');

    const invalid = await call(host.port, host.token, 'app.ping', { text: 5 });
    expect(invalid.json()).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect((invalid.json() as { error: { message: string } }).error.message).toContain('text');
  });

  it('answers only POST on calls and nothing on unknown API routes', async () => {
    expect((await send(host.port, { path: '/api/call/app.info' })).status).toBe(405);
    expect((await send(host.port, { path: '/api/nothing' })).status).toBe(404);
  });
});

describe('browser-mode host: the renderer files', () => {
  it('serves the document and assets with the CSP header', async () => {
    const page = await send(host.port, { path: '/' });
    expect(page.status).toBe(200);
    expect(page.text).toBe(INDEX_HTML);
    expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');

    const script = await send(host.port, { path: '/assets/app.js' });
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  });

  it('falls back to the document for client-side routes, but not for missing assets', async () => {
    const route = await send(host.port, { path: '/orders/123' });
    expect(route.status).toBe(200);
    expect(route.text).toBe(INDEX_HTML);
    expect((await send(host.port, { path: '/assets/missing.js' })).status).toBe(404);
  });

  it('refuses paths that climb out of the renderer folder, however they are spelled', async () => {
    for (const path of [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/%2E%2E/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      '/%252e%252e/secret.txt',
    ]) {
      const response = await send(host.port, { path });
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.text, path).not.toContain(SECRET_NEXT_TO_RENDERER);
    }
  });
});

describe('browser-mode host: push events', () => {
  it('streams core events to a client holding the token', async () => {
    const source = new NodeEventSource(`${host.origin}/api/events?token=${encodeURIComponent(host.token)}`);
    const received = new Promise<unknown>((resolve) =>
      source.addEventListener('app.notice', (event) => resolve(JSON.parse((event as MessageEvent).data as string))),
    );
    await source.opened;
    core.events.emit('app.notice', { level: 'warning', message: 'keychain locked' });
    expect(await received).toEqual({ level: 'warning', message: 'keychain locked' });
    source.close();
  });

  it('refuses the stream without the token or with a wrong one', async () => {
    for (const query of ['', '?token=', '?token=wrong']) {
      const response = await send(host.port, { path: `/api/events${query}` });
      expect(response.status, query).toBe(401);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
  });
});

describe('browser-mode host: slow clients', () => {
  it('drops an event stream whose client stopped reading instead of buffering without bound', async () => {
    const socket = connect({ host: '127.0.0.1', port: host.port });
    await new Promise((ready) => socket.once('connect', ready));
    socket.write(`GET /api/events?token=${host.token} HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\n\r\n`);
    const accepted = new Promise<string>((got) => socket.once('data', (chunk: Buffer) => got(chunk.toString())));
    expect(await accepted).toMatch(/^HTTP\/1\.1 200 /);
    socket.pause(); // from here on the client reads nothing
    const closed = new Promise((done) => socket.once('close', done));
    socket.on('error', () => {});
    const message = 'x'.repeat(64 * 1024);
    for (let sent = 0; sent < 400 && !socket.destroyed && socket.readyState !== 'closed'; sent++) {
      core.events.emit('app.notice', { level: 'info', message });
      await new Promise((tick) => setImmediate(tick));
    }
    socket.resume(); // drain what was buffered so the close reaches us
    await closed;
  });

  it('drops a client that never finishes its headers, and keeps serving others', async () => {
    const guarded = await startHost({ core, rendererDir: join(dir, 'renderer'), timeouts: { headersMs: 300 } });
    try {
      // Half a request, then silence: the host must hang up on its own (the test timeout is the guard).
      const answer = await rawExchange(guarded.port, `GET / HTTP/1.1\r\nHost: 127.0.0.1:${guarded.port}\r\nX-Slow: `);
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect((await rawRequest(guarded.port, { path: '/' })).status).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});
