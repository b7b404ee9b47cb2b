/**
 * Browser-mode host hardening not already pinned by test/main/host/host-server.test.ts (which covers no
 * token, wrong token, foreign Host, foreign Origin, CORS preflight, oversized bodies, half-sent headers and
 * loopback-only binding): a slow-loris client that sends complete headers and then trickles its body.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleCore, type ConsoleCore } from '../../../src-main/core/console-core';
import { MemoryStore } from '../../../src-main/credentials/memory-store';
import { startHost, type RunningHost } from '../../../src-main/host/host-server';
import { callApi, rawExchange } from '../../support/http';

let dir: string;
let core: ConsoleCore;
let host: RunningHost;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'host-slow-'));
  mkdirSync(join(dir, 'renderer'));
  writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html>');
  core = await createConsoleCore({
    mode: 'browser',
    userDataDir: join(dir, 'data'),
    credentials: new MemoryStore(),
    simulator: false,
  });
  host = await startHost({ core, rendererDir: join(dir, 'renderer'), timeouts: { headersMs: 300, requestMs: 600 } });
});
afterAll(async () => {
  await host?.close();
  await core?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('browser-mode host: slow-loris bodies', () => {
  it('drops a call whose body never finishes, and keeps serving others', async () => {
    // Valid token, declared length 1000, ten bytes sent, then silence: the host must hang up on its own.
    const answer = await rawExchange(
      host.port,
      `POST /api/call/app.info HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nX-Console-Token: ${host.token}\r\n` +
        `Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"input":`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect((await callApi(host.port, host.token, 'app.info')).status).toBe(200);
  });
});
