import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IPC_INVOKE_PREFIX, methodNames, PRELOAD_METHODS_ARG } from '@shared/contract';
import { CONTENT_SECURITY_POLICY } from '../../../src-main/security/content-security-policy';
import { createElectronFake, FakeEvent } from '../../stubs/electron';
import { loadBuiltMain, OUT_DIR } from './built-output';
import { HARDENED_WEB_PREFERENCES } from './hardened-web-preferences';

const electron = createElectronFake();
const savedEnv = { ...process.env };
let userData: string;

/**
 * No D-Bus session is reachable, so the core's keychain probe fails fast and falls back to session
 * memory, exactly as on a desktop without a Secret Service (and the real keychain is never touched).
 */
beforeAll(async () => {
  userData = mkdtempSync(join(tmpdir(), 'built-main-'));
  electron.state.userDataDir = userData;
  delete process.env.DBUS_SESSION_BUS_ADDRESS;
  delete process.env.DISPLAY;
  process.env.XDG_RUNTIME_DIR = join(userData, 'no-runtime-dir');
  process.env.GATEWAY_CONSOLE_QUIET = '1';
  loadBuiltMain(electron.module);
  await vi.waitFor(() => expect(electron.windows[0]?.loadedUrls).toHaveLength(1), { timeout: 10_000 });
});

afterAll(() => {
  process.env = savedEnv;
  rmSync(userData, { recursive: true, force: true });
});

const mainWindow = () => {
  const [window] = electron.windows;
  if (!window) throw new Error('out/main did not create a window');
  return window;
};

describe('built main (out/main/index.js) on ready', () => {
  it('starts without errors, sandboxing every renderer', () => {
    expect(electron.state.exitCodes).toEqual([]);
    expect(electron.state.errorBoxes).toEqual([]);
    expect(electron.state.sandboxEnabled).toBe(true);
  });

  it('creates one window with the hardened options and a preload that exists on disk', () => {
    expect(electron.windows).toHaveLength(1);
    const { webPreferences, icon } = mainWindow().options;
    expect(webPreferences).toMatchObject(HARDENED_WEB_PREFERENCES);
    expect(webPreferences.preload).toBe(join(OUT_DIR, 'preload', 'index.cjs'));
    expect(existsSync(webPreferences.preload)).toBe(true);
    expect(webPreferences.additionalArguments).toEqual([`${PRELOAD_METHODS_ARG}${methodNames.join(',')}`]);
    expect(existsSync(icon)).toBe(true);
  });

  it('loads app://console/index.html', () => {
    expect(mainWindow().loadedUrls).toEqual(['app://console/index.html']);
  });

  it('serves the built renderer over app:// with the CSP header', async () => {
    expect(electron.state.privilegedSchemes).toEqual([
      { scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) },
    ]);
    const handler = electron.state.protocolHandlers.get('app');
    const response = await handler?.({ url: 'app://console/index.html' } as Request);
    expect(response?.status).toBe(200);
    expect(response?.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(await response?.text()).toBe(readFileSync(join(OUT_DIR, 'renderer', 'index.html'), 'utf8'));
  });

  it('guards the window: foreign navigation blocked, new windows denied, permissions denied', () => {
    const contents = mainWindow().webContents;
    expect(contents.attemptNavigation('https://evil.example/')).toBe(false);
    expect(contents.windowOpenHandler?.({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(electron.state.openedExternal).toEqual([]);
    const answers: boolean[] = [];
    electron.module.session.defaultSession.permissionRequestHandler?.({}, 'media', (ok: boolean) => answers.push(ok));
    expect(answers).toEqual([false]);
  });

  it('answers the renderer over IPC from the core, and refuses a foreign frame', async () => {
    const contents = mainWindow().webContents;
    const appInfo = electron.state.ipcHandlers.get(`${IPC_INVOKE_PREFIX}app.info`);
    expect(await appInfo?.({ sender: contents, senderFrame: contents.mainFrame }, undefined)).toMatchObject({
      ok: true,
      value: { mode: 'electron', keychain: { backend: 'session-memory', available: false } },
    });
    expect(await appInfo?.({ sender: contents, senderFrame: null }, undefined)).toMatchObject({
      ok: false,
      error: { code: 'forbidden-sender' },
    });
  });

  it('installs the application menu', () => {
    expect(electron.state.menuTemplate).not.toBeNull();
  });

  it('lets the core finish closing before it quits', async () => {
    const event = new FakeEvent();
    electron.module.app.emit('before-quit', event);
    expect(event.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(electron.state.quitCalls).toBe(1));
    const again = new FakeEvent();
    electron.module.app.emit('before-quit', again);
    expect(again.defaultPrevented).toBe(false);
  });
});

describe('built main when startup fails', () => {
  it('tells the user why in an error box and exits with code 1 instead of hanging windowless', async () => {
    const broken = createElectronFake();
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    // userData is left unset: the fake's app.getPath throws, as a broken profile folder would.
    loadBuiltMain(broken.module);
    await vi.waitFor(() => expect(broken.state.exitCodes).toEqual([1]));
    expect(stderr).toHaveBeenCalledWith(expect.stringContaining('[error] Gateway Console failed to start'));
    stderr.mockRestore();
    expect(broken.state.errorBoxes).toEqual([
      { title: 'Gateway Console could not start', content: expect.stringContaining('app.getPath(userData)') },
    ]);
    expect(broken.windows).toEqual([]);
  });
});
