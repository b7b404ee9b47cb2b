/**
 * Electron composition root: app lifecycle, the core, the window and IPC. The only Electron entry;
 * everything that matters lives in the Electron-free core so browser mode and tests share it.
 */
import { app, BrowserWindow } from 'electron';
import { createConsoleCore, type ConsoleCore } from './core/console-core';
import { logger } from './core/logger';
import { registerIpcHandlers } from './ipc/register-ipc-handlers';
import { registerRendererProtocol, registerRendererSchemePrivileges } from './window/renderer-protocol';
import { createMainWindow } from './window/create-main-window';
import { installAppMenu } from './window/app-menu';
import { hardenSessions } from './window/session-guards';

let core: ConsoleCore | null = null;

app.enableSandbox();
registerRendererSchemePrivileges();

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

  app.whenReady().then(
    async () => {
      hardenSessions();
      registerRendererProtocol();
      core = await createConsoleCore({
        mode: 'electron',
        userDataDir: app.getPath('userData'),
        electronVersion: process.versions.electron ?? null,
      });
      registerIpcHandlers(core);
      installAppMenu();
      await createMainWindow(core);
      app.on('activate', () => {
        if (BrowserWindow.getAllWindows().length === 0 && core) void createMainWindow(core);
      });
    },
    (error: unknown) => {
      logger.error('Gateway Console failed to start', error);
      app.exit(1);
    },
  );

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  app.on('will-quit', () => {
    void core?.close();
  });
}
