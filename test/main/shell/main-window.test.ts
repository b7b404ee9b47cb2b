import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { methodNames, PRELOAD_METHODS_ARG } from '@shared/contract';
import { createMainWindow, iconPath, mainWindowOptions } from '../../../src-main/window/create-main-window';
import { DEFAULT_BOUNDS } from '../../../src-main/window/window-state';
import { electronFake } from '../../stubs/electron';
import { HARDENED_WEB_PREFERENCES } from './hardened-web-preferences';

let userData: string;

beforeEach(() => {
  electronFake.reset();
  userData = mkdtempSync(join(tmpdir(), 'main-window-'));
  electronFake.state.userDataDir = userData;
});

afterEach(() => rmSync(userData, { recursive: true, force: true }));

describe('main window options', () => {
  it('are hardened: sandboxed, isolated, no Node, web security on, no webview', () => {
    const { webPreferences } = mainWindowOptions({ ...DEFAULT_BOUNDS }, '/app/out/preload/index.cjs');
    expect(webPreferences).toMatchObject({ ...HARDENED_WEB_PREFERENCES, preload: '/app/out/preload/index.cjs' });
    expect(webPreferences?.additionalArguments).toEqual([`${PRELOAD_METHODS_ARG}${methodNames.join(',')}`]);
  });
});

describe('createMainWindow', () => {
  it('opens one hidden window on app://console with the preload and the icon, shown when ready', async () => {
    const window = await createMainWindow();
    const [recorded] = electronFake.windows;
    expect(recorded).toBe(window);
    expect(recorded?.options.webPreferences.preload).toMatch(/[\\/]preload[\\/]index\.cjs$/);
    expect(recorded?.options.icon).toBe(iconPath());
    expect(existsSync(iconPath())).toBe(true);
    expect(recorded?.loadedUrls).toEqual(['app://console/index.html']);
    expect(recorded?.shown).toBe(false);
    recorded?.emit('ready-to-show');
    expect(recorded?.shown).toBe(true);
  });

  it('remembers size, position and maximized state across launches', async () => {
    const first = await createMainWindow();
    first.setBounds({ x: 40, y: 30, width: 1000, height: 700 });
    first.maximize();
    first.emit('close');
    expect(JSON.parse(readFileSync(join(userData, 'window-state.json'), 'utf8'))).toEqual({
      x: 40,
      y: 30,
      width: 1000,
      height: 700,
      maximized: true,
    });

    await createMainWindow();
    const second = electronFake.windows[1];
    expect(second?.options).toMatchObject({ x: 40, y: 30, width: 1000, height: 700 });
    expect(second?.isMaximized()).toBe(true);
  });

  it('forgets a position that is off every current display (monitor unplugged)', async () => {
    writeFileSync(join(userData, 'window-state.json'), JSON.stringify({ x: 3000, y: 200, width: 1000, height: 700 }));
    await createMainWindow();
    const options = electronFake.windows[0]?.options;
    expect(options).toMatchObject({ width: 1000, height: 700 });
    expect(options).not.toHaveProperty('x');
    expect(options).not.toHaveProperty('y');
  });
});
