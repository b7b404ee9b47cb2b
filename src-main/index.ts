/**
 * Electron composition root: app lifecycle, the core, the window and IPC. The only Electron entry;
 * everything that matters lives in the Electron-free core so browser mode and tests share it.
 */
import { app, BrowserWindow, dialog } from 'electron';
import { createConsoleCore, type ConsoleCore } from './core/console-core';
import { logger } from './common/logger';
import { registerIpcHandlers } from './ipc/register-ipc-handlers';
import { registerRendererProtocol, registerRendererSchemePrivileges } from './window/renderer-protocol';
import { createMainWindow, guardWebContents } from './window/create-main-window';
import { installAppMenu } from './window/app-menu';
import { hardenSessions } from './window/session-guards';

let core: ConsoleCore | null = null;
let closed = false;

app.enableSandbox();
registerRendererSchemePrivileges();
// Every WebContents (windows, DevTools, anything a bug might create) gets the navigation and
// window-open guards before it can load anything.
app.on('web-contents-created', (_event, contents) => guardWebContents(contents));

async function start(): Promise<void> {
  hardenSessions();
  registerRendererProtocol();
  core = await createConsoleCore({
    mode: 'electron',
    userDataDir: app.getPath('userData'),
    electronVersion: process.versions.electron ?? null,
  });
  registerIpcHandlers(core);
  installAppMenu();
  await createMainWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) void createMainWindow();
  });
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows();
    if (window) {
      if (window.isMinimized()) window.restore();
      window.focus();
    }
  });

  // One catch for whenReady and every startup step: a failure shows why instead of leaving a
  // process with no window.
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      logger.error('Gateway Console failed to start', error);
      dialog.showErrorBox('Gateway Console could not start', error instanceof Error ? error.message : String(error));
      app.exit(1);
    });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  // The core's services (servers, stores) get to finish closing before the process ends.
  app.on('before-quit', (event) => {
    if (closed || !core) return;
    event.preventDefault();
    closed = true;
    void core.close().finally(() => app.quit());
  });
}
