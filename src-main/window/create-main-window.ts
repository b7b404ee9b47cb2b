import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { app, BrowserWindow, type BrowserWindowConstructorOptions, type WebContents } from 'electron';
import { methodNames, PRELOAD_METHODS_ARG } from '@shared/contract';
import type { ConsoleCore } from '../core/console-core';
import { isRendererUrl, RENDERER_ORIGIN } from './renderer-protocol';
import { safeOpenExternal } from './safe-open-external';
import { loadWindowBounds, saveWindowBounds, type WindowBounds } from './window-state';

export const preloadPath = (): string => join(__dirname, '../preload/index.cjs');
const iconPath = (): string => join(__dirname, '../../resources/icon.png');

/** The hardened options every window of the console is created with (pinned by test/main/shell). */
export function mainWindowOptions(bounds: WindowBounds, preload: string): BrowserWindowConstructorOptions {
  return {
    ...(bounds.x === undefined ? {} : { x: bounds.x, y: bounds.y }),
    width: bounds.width,
    height: bounds.height,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Gateway Console',
    ...(existsSync(iconPath()) ? { icon: iconPath() } : {}),
    webPreferences: {
      preload,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      additionalArguments: [`${PRELOAD_METHODS_ARG}${methodNames.join(',')}`],
    },
  };
}

/** Navigation and new-window guards: the window only ever shows our own renderer. */
export function guardWebContents(contents: WebContents): void {
  contents.on('will-navigate', (event, url) => {
    if (!isRendererUrl(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isRendererUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    void safeOpenExternal(url);
    return { action: 'deny' };
  });
}

export async function createMainWindow(_core: ConsoleCore): Promise<BrowserWindow> {
  const userData = app.getPath('userData');
  const bounds = loadWindowBounds(userData);
  const window = new BrowserWindow(mainWindowOptions(bounds, preloadPath()));
  guardWebContents(window.webContents);
  if (bounds.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  window.on('close', () => {
    saveWindowBounds(userData, { ...window.getNormalBounds(), maximized: window.isMaximized() });
  });
  await window.loadURL(`${RENDERER_ORIGIN}/index.html`);
  return window;
}
