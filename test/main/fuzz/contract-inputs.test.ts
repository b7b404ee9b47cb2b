/**
 * Hostile inputs to every ConsoleApi method through both transports main exposes: the browser-mode host
 * (HTTP on loopback) and the Electron IPC wrapper (a fake ipcMain, our own top frame as the sender —
 * the most trusted caller there is). Whatever a compromised renderer sends, main must refuse it with a
 * schema error that names the method, run no handler, and keep answering afterwards.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IpcMain } from 'electron';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IPC_INVOKE_PREFIX, methodNames, methods } from '@shared/contract';
import { createConsoleCore, type ConsoleCore } from '../../../src-main/core/console-core';
import { MemoryStore } from '../../../src-main/credentials/memory-store';
import { startHost, type RunningHost } from '../../../src-main/host/host-server';
import { registerIpcHandlers } from '../../../src-main/ipc/register-ipc-handlers';
import { DEEP, fuzzSeed, scaled } from '../../support/deep';
import { callApi } from '../../support/http';
import { electronFake, FakeWebContents, ipcMain } from '../../stubs/electron';

const RUNS_PER_METHOD = scaled(25);
const SEED = fuzzSeed('contract inputs', 31_337);

/** What a compromised renderer might send: wrong types, prototype pollution, huge and deep values. */
const hostile = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(
    JSON.parse('{"__proto__":{"polluted":true}}') as unknown,
    JSON.parse('{"constructor":{"prototype":{"polluted":true}}}') as unknown,
    { id: { $gt: '' } },
    { id: 'x'.repeat(200_000) },
    { text: 42 },
    { profileId: ['sandbox-a'] },
    { profileId: 'sandbox-a', order: 'DROP TABLE', extra: true },
    JSON.parse(`${'['.repeat(2_000)}${']'.repeat(2_000)}`) as unknown,
    'app.info',
    -1,
    true,
    null,
  ),
  fc.dictionary(
    fc.constantFrom('id', 'profileId', 'transactionId', 'text', 'settings', 'secrets', 'url', '__proto__'),
    fc.jsonValue({ maxDepth: 2 }),
    { maxKeys: 4 },
  ),
);

let dir: string;
let core: ConsoleCore;
let host: RunningHost;
let disposeIpc: () => void;
const handled: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fuzz-contract-'));
  mkdirSync(join(dir, 'renderer'));
  writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html>');
  core = await createConsoleCore({ mode: 'browser', userDataDir: join(dir, 'data'), credentials: new MemoryStore() });
  // Counts the calls that got past the schema into a handler: for hostile input there must be none.
  const dispatch: ConsoleCore['dispatch'] = async (method, input) => {
    const result = await core.dispatch(method, input);
    if (result.ok || result.error.code !== 'invalid-input') handled.push(String(method));
    return result;
  };
  host = await startHost({ core: { dispatch, events: core.events }, rendererDir: join(dir, 'renderer') });
  electronFake.reset();
  disposeIpc = registerIpcHandlers({ dispatch, events: core.events }, ipcMain as unknown as IpcMain);
});
afterAll(async () => {
  disposeIpc?.();
  await host?.close();
  await core?.close();
  rmSync(dir, { recursive: true, force: true });
});

const contents = new FakeWebContents();
contents.mainFrame.url = 'app://console/index.html';
const transports = {
  'browser-mode host (HTTP)': async (method: string, input: unknown) => {
    const response = await callApi(host.port, host.token, method, input);
    expect(response.status).toBe(200);
    return response.json();
  },
  'IPC wrapper (fake ipcMain)': async (method: string, input: unknown) => {
    const handler = electronFake.state.ipcHandlers.get(IPC_INVOKE_PREFIX + method)!;
    return handler({ sender: contents, senderFrame: contents.mainFrame }, input);
  },
};

describe.each(Object.entries(transports))('fuzz: hostile inputs through the %s', (_name, send) => {
  it(
    `refuses ${RUNS_PER_METHOD} hostile inputs per method (${methodNames.length} methods) with a schema error, and keeps running`,
    async () => {
      let cases = 0;
      for (const method of methodNames) {
        const schema = methods[method].input;
        // As the host receives it (JSON round trip), and only inputs the contract really refuses.
        const invalid = hostile
          .map((value) => JSON.parse(JSON.stringify({ input: value })).input as unknown)
          .filter((value) => !schema.safeParse(value).success);
        await fc.assert(
          fc.asyncProperty(invalid, async (input) => {
            cases += 1;
            const result = (await send(method, input)) as { ok: boolean; error?: { code: string; message: string } };
            expect(result.ok).toBe(false);
            expect(result.error?.code).toBe('invalid-input');
            expect(result.error?.message).toContain(`Invalid input for ${method}`);
          }),
          { seed: SEED, numRuns: RUNS_PER_METHOD },
        );
      }
      console.info(`[fuzz] contract inputs via ${_name}: ${cases} cases`);
      expect(handled).toEqual([]);
      expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
      // Main still answers normally afterwards.
      expect(await send('app.ping', { text: 'still here' })).toMatchObject({ ok: true, value: { text: 'still here' } });
      handled.length = 0;
    },
    DEEP ? 600_000 : 60_000,
  );
});
