/**
 * The only place in the renderer that knows how it talks to main: `window.consoleApi` (Electron
 * preload) when present, otherwise the browser-mode host this page was served from.
 */
import type { ConsoleApi } from '@shared/contract';
import { createHostTransport, takeSessionToken } from './host-transport';

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
  return { api: createHostTransport(window.location.origin, token), transport: 'browser' };
}

export function useConsoleApi(): ConsoleApi {
  cached ??= connect();
  return cached.api;
}

export function currentTransport(): Transport {
  cached ??= connect();
  return cached.transport;
}
