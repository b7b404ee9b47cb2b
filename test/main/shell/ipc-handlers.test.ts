import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IpcMain } from 'electron';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { IPC_EVENT_CHANNEL, IPC_INVOKE_PREFIX, methodNames } from '@shared/contract';
import { createConsoleCore, type ConsoleCore } from '../../../src-main/core/console-core';
import { MemoryStore } from '../../../src-main/credentials/memory-store';
import { registerIpcHandlers } from '../../../src-main/ipc/register-ipc-handlers';
import { BrowserWindow, electronFake, FakeWebContents, FakeWebFrame, ipcMain } from '../../stubs/electron';

let userData: string;
let core: ConsoleCore;
let dispatch: ReturnType<typeof vi.fn<ConsoleCore['dispatch']>>;
let dispose: () => void;

const rendererContents = (url = 'app://console/index.html'): FakeWebContents => {
  const contents = new FakeWebContents();
  contents.mainFrame.url = url;
  return contents;
};
const call = (method: string, event: unknown, input: unknown): Promise<unknown> => {
  const handler = electronFake.state.ipcHandlers.get(IPC_INVOKE_PREFIX + method);
  if (!handler) throw new Error(`no IPC handler for ${method}`);
  return Promise.resolve(handler(event, input));
};
const fromTopFrame = (contents: FakeWebContents) => ({ sender: contents, senderFrame: contents.mainFrame });

beforeAll(async () => {
  userData = mkdtempSync(join(tmpdir(), 'ipc-'));
  core = await createConsoleCore({ mode: 'electron', userDataDir: userData, credentials: new MemoryStore() });
});
afterAll(async () => {
  await core.close();
  rmSync(userData, { recursive: true, force: true });
});
beforeEach(() => {
  electronFake.reset();
  dispatch = vi.fn(core.dispatch);
  dispose = registerIpcHandlers({ dispatch, events: core.events }, ipcMain as unknown as IpcMain);
});
afterEach(() => dispose());

describe('IPC wrapper', () => {
  it('registers exactly one handler per contract method', () => {
    expect([...electronFake.state.ipcHandlers.keys()].sort()).toEqual(
      methodNames.map((name) => IPC_INVOKE_PREFIX + name).sort(),
    );
  });

  it('answers our own top frame through the core', async () => {
    const result = await call('app.ping', fromTopFrame(rendererContents()), { text: 'hello' });
    expect(result).toMatchObject({ ok: true, value: { text: 'hello' } });
  });

  it.each([
    [
      'a sub-frame of our window',
      () => ({ sender: rendererContents(), senderFrame: new FakeWebFrame('app://console/index.html') }),
    ],
    ['a page from another origin', () => fromTopFrame(rendererContents('https://evil.example/'))],
    ['another app:// host', () => fromTopFrame(rendererContents('app://evil/index.html'))],
    ['a frame that is gone', () => ({ sender: rendererContents(), senderFrame: null })],
  ])('refuses %s without reaching the core', async (_label, makeEvent) => {
    const result = await call('app.ping', makeEvent(), { text: 'hello' });
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'forbidden-sender',
        message: 'This caller is not the Gateway Console window.',
        text: { id: 'forbiddenSender', params: {} },
      },
    });
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('returns the dispatcher’s invalid-input naming the bad field for a payload that breaks the contract', async () => {
    const result = await call('app.ping', fromTopFrame(rendererContents()), { text: 42, extra: true });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect((result as { error: { message: string } }).error.message).toMatch(/app\.ping.*text/);
  });

  it('pushes core events only to windows showing our renderer, and stops after dispose', () => {
    const ours = new BrowserWindow({});
    ours.webContents.mainFrame.url = 'app://console/index.html';
    const foreign = new BrowserWindow({});
    foreign.webContents.mainFrame.url = 'https://evil.example/';
    core.events.emit('app.notice', { level: 'info', message: 'hi' });
    expect(ours.webContents.sent).toEqual([
      { channel: IPC_EVENT_CHANNEL, args: ['app.notice', { level: 'info', message: 'hi' }] },
    ]);
    expect(foreign.webContents.sent).toEqual([]);

    dispose();
    core.events.emit('app.notice', { level: 'info', message: 'again' });
    expect(ours.webContents.sent).toHaveLength(1);
    expect(electronFake.state.ipcHandlers.size).toBe(0);
  });
});
