import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { app, BrowserWindow, screen, type BrowserWindowConstructorOptions, type WebContents } from 'electron';
import { methodNames, PRELOAD_METHODS_ARG } from '@shared/contract';
import { logger } from '../common/logger';
import { isRendererUrl, RENDERER_ORIGIN } from './renderer-protocol';
import { safeOpenExternal } from './safe-open-external';
import { keepOnScreen, loadWindowBounds, MIN_SIZE, saveWindowBounds, type WindowBounds } from './window-state';

// Paths are relative to the built main bundle (out/main/index.js).
export const preloadPath = (): string => join(__dirname, '../preload/index.cjs');
export const iconPath = (): string => join(__dirname, '../../resources/icon.png');

/** The hardened options every window of the console is created with (pinned by test/main/shell). */
export function mainWindowOptions(bounds: WindowBounds, preload: string): BrowserWindowConstructorOptions {
  return {
    ...(bounds.x === undefined ? {} : { x: bounds.x, y: bounds.y }),
    width: bounds.width,
    height: bounds.height,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
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

/**
 * Navigation and new-window guards: a window only ever shows our own renderer. Installed on every
 * WebContents the app creates (index.ts, `web-contents-created`), not just the main window's.
 */
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

export async function createMainWindow(): Promise<BrowserWindow> {
  const userData = app.getPath('userData');
  const workAreas = screen.getAllDisplays().map((display) => display.workArea);
  const bounds = keepOnScreen(loadWindowBounds(userData), workAreas);
  const options = mainWindowOptions(bounds, preloadPath());
  // The three flags that matter most are spelled out at the construction site (same values as
  // mainWindowOptions) so that Electronegativity, which reads only this expression, can verify them.
  const window = new BrowserWindow({
    ...options,
    webPreferences: { ...options.webPreferences, contextIsolation: true, sandbox: true, nodeIntegration: false },
  });
  if (bounds.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  window.on('close', () => {
    try {
      saveWindowBounds(userData, { ...window.getNormalBounds(), maximized: window.isMaximized() });
    } catch (error) {
      // Losing the remembered size is not worth blocking the window from closing.
      logger.warn('could not remember the window size', error);
    }
  });
  await window.loadURL(`${RENDERER_ORIGIN}/index.html`);
  return window;
}
