/**
 * Sandboxed preload: exposes exactly `window.consoleApi` — one function per contract method plus
 * `on(event, listener)` returning an unsubscribe. It imports nothing from npm (a sandboxed preload
 * can only require `electron`); the method list arrives from main as a command-line argument.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';

// Kept literal (not imported from the contract, which would bundle zod): pinned by test/main/shell.
const INVOKE_PREFIX = 'console-api:';
const EVENT_CHANNEL = 'console-api:event';
const METHODS_ARG = '--console-api-methods=';

const methodNames = (process.argv.find((arg) => arg.startsWith(METHODS_ARG)) ?? METHODS_ARG)
  .slice(METHODS_ARG.length)
  .split(',')
  // Only `area.verb` names: the flag can never smuggle `on` or a prototype key into the exposed API.
  .filter((name) => /^[a-z][a-zA-Z0-9]*\.[a-z][a-zA-Z0-9]*$/.test(name));

const api: Record<string, unknown> = {};
for (const name of methodNames) {
  api[name] = (input?: unknown) => ipcRenderer.invoke(INVOKE_PREFIX + name, input);
}
api.on = (event: string, listener: (payload: unknown) => void) => {
  if (typeof event !== 'string' || typeof listener !== 'function') throw new TypeError('on(event, listener)');
  const relay = (_: IpcRendererEvent, name: unknown, payload: unknown) => {
    if (name === event) listener(payload);
  };
  ipcRenderer.on(EVENT_CHANNEL, relay);
  return () => {
    ipcRenderer.removeListener(EVENT_CHANNEL, relay);
  };
};

contextBridge.exposeInMainWorld('consoleApi', Object.freeze(api));
