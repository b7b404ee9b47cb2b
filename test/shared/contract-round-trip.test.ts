/**
 * One test body, both transports (issue: "a contract round trip through both transports"):
 * (a) browser mode — the renderer's own host transport over HTTP + SSE against a real loopback host;
 * (b) Electron — the real preload module over a fake ipcRenderer wired to `registerIpcHandlers` on a
 *     fake ipcMain, the call arriving as our trusted top frame would send it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BrowserWindow, contextBridge, ipcRenderer } from 'electron';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { methodNames, PRELOAD_METHODS_ARG, type ConsoleApi, type EventName, type EventPayload } from '@shared/contract';
import packageJson from '../../package.json';
import { createHostTransport } from '../../src-renderer/src/api/host-transport';
import { createConsoleCore, type ConsoleCore } from '../../src-main/core/console-core';
import { MemoryStore } from '../../src-main/credentials/memory-store';
import { startBrowserMode } from '../../src-main/host/browser-mode';
import { registerIpcHandlers } from '../../src-main/ipc/register-ipc-handlers';
import { NodeEventSource } from '../support/event-source';

interface TransportUnderTest {
  api: ConsoleApi;
  core: ConsoleCore;
  mode: 'browser' | 'electron';
  /** Resolves once events emitted on the core reach `api.on` listeners. */
  eventsReady(): Promise<void>;
  close(): Promise<void>;
}

const tempDir = () => mkdtempSync(join(tmpdir(), 'round-trip-'));

async function overHost(): Promise<TransportUnderTest> {
  const dir = tempDir();
  const running = await startBrowserMode({
    port: 0,
    userDataDir: dir,
    rendererDir: dir,
    credentials: new MemoryStore(),
    simulator: false,
  });
  vi.stubGlobal('EventSource', NodeEventSource);
  return {
    api: createHostTransport(running.host.origin, running.host.token),
    core: running.core,
    mode: 'browser',
    eventsReady: async () => {
      await Promise.all(NodeEventSource.instances.map((source) => source.opened));
    },
    close: async () => {
      await NodeEventSource.closeAll();
      vi.unstubAllGlobals();
      await running.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function overIpc(): Promise<TransportUnderTest> {
  const dir = tempDir();
  const core = await createConsoleCore({
    mode: 'electron',
    userDataDir: dir,
    electronVersion: '45.4.0',
    credentials: new MemoryStore(),
    simulator: false,
  });
  // Main side: the real wrapper on a fake ipcMain that is just a channel → handler map.
  const handlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>();
  const fakeIpcMain = {
    handle: (channel: string, handler: (event: unknown, ...args: unknown[]) => unknown) =>
      void handlers.set(channel, handler),
    removeHandler: (channel: string) => void handlers.delete(channel),
  };
  const unregister = registerIpcHandlers(core, fakeIpcMain as unknown as Parameters<typeof registerIpcHandlers>[1]);
  // What Electron attaches to an invoke from our own window's top frame.
  const topFrame = { url: 'app://console/index.html' };
  const trustedEvent = { sender: { mainFrame: topFrame }, senderFrame: topFrame };
  vi.spyOn(ipcRenderer, 'invoke').mockImplementation(async (channel: string, ...args: unknown[]) => {
    const handler = handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    return handler(trustedEvent, ...args);
  });
  // Main → renderer pushes: the window's webContents.send lands on the preload's ipcRenderer.
  const window = {
    webContents: {
      isDestroyed: () => false,
      getURL: () => topFrame.url,
      send: (channel: string, ...args: unknown[]) => ipcRenderer.emit(channel, {}, ...args),
    },
  };
  vi.spyOn(BrowserWindow, 'getAllWindows').mockReturnValue([window as unknown as BrowserWindow]);
  // Renderer side: the real preload module, given the method list the way main passes it.
  let exposed: unknown = null;
  vi.spyOn(contextBridge, 'exposeInMainWorld').mockImplementation((key: string, value: unknown) => {
    if (key === 'consoleApi') exposed = value;
  });
  const argv = process.argv;
  process.argv = [...argv, `${PRELOAD_METHODS_ARG}${methodNames.join(',')}`];
  try {
    // Evaluated once per test file (Vitest isolates modules per file), like a preload once per page.
    await import('../../src-main/preload/index');
  } finally {
    process.argv = argv;
  }
  if (!exposed) throw new Error('The preload did not expose consoleApi');
  return {
    api: exposed as ConsoleApi,
    core,
    mode: 'electron',
    eventsReady: async () => {},
    close: async () => {
      unregister();
      vi.restoreAllMocks();
      await core.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const nextEvent = <E extends EventName>(api: ConsoleApi, name: E) =>
  new Promise<EventPayload<E>>((resolve) => {
    const off = api.on(name, (payload) => {
      off();
      resolve(payload);
    });
  });

describe.each([
  { transport: 'browser mode (HTTP + SSE)', start: overHost },
  { transport: 'Electron (preload + IPC)', start: overIpc },
])('ConsoleApi round trip over $transport', ({ start }) => {
  let t: TransportUnderTest;
  beforeAll(async () => {
    t = await start();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('echoes app.ping', async () => {
    const result = await t.api['app.ping']({ text: 'héllo ✓ "quoted"' });
    expect(result).toEqual({ ok: true, value: { text: 'héllo ✓ "quoted"', receivedAt: expect.any(String) } });
    if (result.ok) expect(Number.isNaN(Date.parse(result.value.receivedAt))).toBe(false);
  });

  it('answers app.info with the facts of this run', async () => {
    const result = await t.api['app.info']();
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value).toMatchObject({
      name: 'Gateway Console',
      version: packageJson.version,
      mode: t.mode,
      nodeVersion: process.versions.node,
      electronVersion: t.mode === 'electron' ? '45.4.0' : null,
      keychain: { backend: 'session-memory', available: false },
    });
  });

  it('returns invalid input as a specific error, not a throw', async () => {
    const result = await t.api['app.ping']({ text: 42 } as unknown as { text: string });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('invalid-input');
    expect(result.error.message).toContain('text');
  });

  it('delivers core events to on() listeners until they unsubscribe', async () => {
    const seen: string[] = [];
    const unsubscribe = t.api.on('app.notice', (payload) => seen.push(payload.message));
    const first = nextEvent(t.api, 'app.notice');
    await t.eventsReady();

    t.core.events.emit('app.notice', { level: 'info', message: 'one' });
    expect(await first).toEqual({ level: 'info', message: 'one' });
    expect(seen).toEqual(['one']);

    unsubscribe();
    // A listener still subscribed proves the second event arrived; the unsubscribed one must not see it.
    const second = nextEvent(t.api, 'app.notice');
    t.core.events.emit('app.notice', { level: 'error', message: 'two' });
    expect(await second).toEqual({ level: 'error', message: 'two' });
    expect(seen).toEqual(['one']);
  });
});
