/**
 * The only place in the renderer that knows how it talks to main: `window.consoleApi` (Electron
 * preload) when present, otherwise the browser-mode host this page was served from.
 */
import type { ConsoleApi } from '@shared/contract';
import { createHostTransport, takeSessionToken, type HostConnection } from './host-transport';

export type { HostConnection } from './host-transport';

declare global {
  interface Window {
    consoleApi?: ConsoleApi;
  }
}

export type Transport = 'electron' | 'browser';

let cached: { api: ConsoleApi; transport: Transport } | null = null;

function connect(): { api: ConsoleApi; transport: Transport } {
  if (window.consoleApi) return { api: window.consoleApi, transport: 'electron' };
  const token = takeSessionToken(window.location, window.sessionStorage, window.history);
  const api = createHostTransport(window.location.origin, token, (state) => {
    lastConnection = state;
    for (const listener of connectionListeners) listener(state);
  });
  return { api, transport: 'browser' };
}

const connectionListeners = new Set<(state: HostConnection) => void>();
let lastConnection: HostConnection = 'connected';

/**
 * Tells the listener whenever the browser-mode host stops answering, comes back, or turns out to be a
 * new run that no longer knows this tab. The Electron window lives and dies with main: nothing to tell.
 */
export function onHostConnection(listener: (state: HostConnection) => void): () => void {
  connectionListeners.add(listener);
  if (lastConnection !== 'connected') listener(lastConnection);
  return () => connectionListeners.delete(listener);
}

export function useConsoleApi(): ConsoleApi {
  cached ??= connect();
  return cached.api;
}

export function currentTransport(): Transport {
  cached ??= connect();
  return cached.transport;
}
