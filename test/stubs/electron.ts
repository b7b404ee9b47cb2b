// Tests never load the real Electron: vitest aliases `electron` to this file. It is a small in-memory
// stand-in that records what the shell asks of Electron (windows and their options, protocol handlers,
// session guards, IPC handlers, external opens, what a preload exposes) so tests can assert the
// security posture and drive the recorded handlers. `createElectronFake()` gives a fresh instance
// (the built-output tests hand one to `out/main` and `out/preload`); the named exports are one shared
// instance for source-level tests, cleared with `electronFake.reset()`.
/* eslint-disable @typescript-eslint/no-explicit-any -- a loose stand-in for Electron's typed API */

type Listener = (...args: any[]) => unknown;

class Emitter {
  private readonly listeners = new Map<string, Listener[]>();

  on(name: string, listener: Listener): this {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
    return this;
  }

  once(name: string, listener: Listener): this {
    const wrapped: Listener = (...args) => {
      this.removeListener(name, wrapped);
      return listener(...args);
    };
    return this.on(name, wrapped);
  }

  removeListener(name: string, listener: Listener): this {
    this.listeners.set(
      name,
      (this.listeners.get(name) ?? []).filter((entry) => entry !== listener),
    );
    return this;
  }

  emit(name: string, ...args: unknown[]): boolean {
    const current = this.listeners.get(name) ?? [];
    for (const listener of current) listener(...args);
    return current.length > 0;
  }

  listenerCount(name: string): number {
    return this.listeners.get(name)?.length ?? 0;
  }

  removeAllListeners(): void {
    this.listeners.clear();
  }
}

/** An Electron-like event whose default action a guard may prevent. */
export class FakeEvent {
  defaultPrevented = false;
  preventDefault(): void {
    this.defaultPrevented = true;
  }
}

export class FakeWebFrame {
  constructor(public url: string) {}
}

export class FakeWebContents extends Emitter {
  readonly mainFrame = new FakeWebFrame('');
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  readonly sent: Array<{ channel: string; args: unknown[] }> = [];
  destroyed = false;

  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }

  getURL(): string {
    return this.mainFrame.url;
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  send(channel: string, ...args: unknown[]): void {
    this.sent.push({ channel, args });
  }

  /** What Electron does when the page tries to navigate: emits the event, then navigates unless prevented. */
  attemptNavigation(url: string, eventName: 'will-navigate' | 'will-redirect' = 'will-navigate'): boolean {
    const event = new FakeEvent();
    this.emit(eventName, event, url);
    if (!event.defaultPrevented) this.mainFrame.url = url;
    return !event.defaultPrevented;
  }
}

export interface FakeSession {
  permissionRequestHandler: Listener | null;
  permissionCheckHandler: Listener | null;
  devicePermissionHandler: Listener | null;
  beforeRequest: Listener | null;
  setPermissionRequestHandler(handler: Listener): void;
  setPermissionCheckHandler(handler: Listener): void;
  setDevicePermissionHandler(handler: Listener): void;
  webRequest: { onBeforeRequest(handler: Listener): void };
}

const createSession = (): FakeSession => {
  const target: FakeSession = {
    permissionRequestHandler: null,
    permissionCheckHandler: null,
    devicePermissionHandler: null,
    beforeRequest: null,
    setPermissionRequestHandler: (handler) => void (target.permissionRequestHandler = handler),
    setPermissionCheckHandler: (handler) => void (target.permissionCheckHandler = handler),
    setDevicePermissionHandler: (handler) => void (target.devicePermissionHandler = handler),
    webRequest: { onBeforeRequest: (handler) => void (target.beforeRequest = handler) },
  };
  return target;
};

export function createElectronFake() {
  const state = {
    userDataDir: '',
    isPackaged: false,
    sandboxEnabled: false,
    quitCalls: 0,
    exitCodes: [] as number[],
    errorBoxes: [] as Array<{ title: string; content: string }>,
    privilegedSchemes: [] as Array<{ scheme: string; privileges: Record<string, boolean> }>,
    protocolHandlers: new Map<string, (request: Request) => Promise<Response>>(),
    ipcHandlers: new Map<string, Listener>(),
    openedExternal: [] as string[],
    exposedInMainWorld: new Map<string, unknown>(),
    invoked: [] as Array<{ channel: string; args: unknown[] }>,
    menuTemplate: null as unknown[] | null,
    displays: [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
  };

  const app = Object.assign(new Emitter(), {
    isPackaged: false,
    enableSandbox: () => void (state.sandboxEnabled = true),
    requestSingleInstanceLock: () => true,
    whenReady: () => Promise.resolve(),
    getPath: (name: string) => {
      if (name !== 'userData' || !state.userDataDir) throw new Error(`fake app.getPath(${name}) is not set up`);
      return state.userDataDir;
    },
    quit: () => void state.quitCalls++,
    exit: (code = 0) => void state.exitCodes.push(code),
  });
  // Read live from state so a test can flip it (Object.assign would have copied a getter's value).
  Object.defineProperty(app, 'isPackaged', { get: () => state.isPackaged });

  const windows: FakeBrowserWindow[] = [];

  class FakeBrowserWindow extends Emitter {
    static getAllWindows = (): FakeBrowserWindow[] => windows.filter((window) => !window.closed);
    readonly webContents = new FakeWebContents();
    readonly loadedUrls: string[] = [];
    maximized = false;
    shown = false;
    closed = false;

    constructor(readonly options: Record<string, any>) {
      super();
      windows.push(this);
      // Real Electron announces every new WebContents on `app` before the constructor returns.
      app.emit('web-contents-created', new FakeEvent(), this.webContents);
    }

    loadURL(url: string): Promise<void> {
      this.loadedUrls.push(url);
      this.webContents.mainFrame.url = url;
      return Promise.resolve();
    }

    maximize(): void {
      this.maximized = true;
    }
    isMaximized(): boolean {
      return this.maximized;
    }
    isMinimized(): boolean {
      return false;
    }
    show(): void {
      this.shown = true;
    }
    restore(): void {}
    focus(): void {}
    /** What a user's resize or move does: the bounds Electron reports from now on. */
    setBounds(bounds: { x: number; y: number; width: number; height: number }): void {
      Object.assign(this.options, bounds);
    }
    getNormalBounds() {
      const { x = 0, y = 0, width, height } = this.options;
      return { x, y, width, height };
    }
  }

  const defaultSession = createSession();

  const module = {
    app,
    BrowserWindow: FakeBrowserWindow,
    session: { defaultSession },
    protocol: {
      registerSchemesAsPrivileged: (schemes: typeof state.privilegedSchemes) =>
        state.privilegedSchemes.push(...schemes),
      handle: (scheme: string, handler: (request: Request) => Promise<Response>) =>
        void state.protocolHandlers.set(scheme, handler),
    },
    ipcMain: {
      handle: (channel: string, handler: Listener) => void state.ipcHandlers.set(channel, handler),
      removeHandler: (channel: string) => void state.ipcHandlers.delete(channel),
    },
    ipcRenderer: Object.assign(new Emitter(), {
      invoke: (channel: string, ...args: unknown[]) => {
        state.invoked.push({ channel, args });
        return Promise.resolve({ ok: true, value: null });
      },
    }),
    contextBridge: {
      exposeInMainWorld: (key: string, value: unknown) => void state.exposedInMainWorld.set(key, value),
    },
    shell: {
      openExternal: (url: string) => {
        state.openedExternal.push(url);
        return Promise.resolve();
      },
    },
    Menu: {
      buildFromTemplate: (template: unknown[]) => ({ template }),
      setApplicationMenu: (menu: { template: unknown[] } | null) => void (state.menuTemplate = menu?.template ?? null),
    },
    screen: { getAllDisplays: () => state.displays },
    dialog: {
      showErrorBox: (title: string, content: string) => void state.errorBoxes.push({ title, content }),
    },
  };

  const reset = (): void => {
    const fresh = createElectronFake().state;
    Object.assign(state, fresh);
    windows.length = 0;
    app.removeAllListeners();
    module.ipcRenderer.removeAllListeners();
    defaultSession.permissionRequestHandler = null;
    defaultSession.permissionCheckHandler = null;
    defaultSession.devicePermissionHandler = null;
    defaultSession.beforeRequest = null;
  };

  return { module, state, windows, reset };
}

export type ElectronFake = ReturnType<typeof createElectronFake>;

/** The shared instance behind the `electron` alias. */
export const electronFake = createElectronFake();
export const {
  app,
  BrowserWindow,
  session,
  protocol,
  ipcMain,
  ipcRenderer,
  contextBridge,
  shell,
  Menu,
  screen,
  dialog,
} = electronFake.module;
export default electronFake.module;
