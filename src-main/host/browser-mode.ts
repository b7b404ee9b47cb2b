import { createConsoleCore, type ConsoleCore } from '../core/console-core';
import { defaultRendererDir, defaultUserDataDir } from '../core/paths';
import type { CredentialStore } from '../credentials/credential-store';
import { startHost, type RunningHost } from './host-server';

export interface BrowserModeOptions {
  port?: number;
  userDataDir?: string;
  rendererDir?: string;
  credentials?: CredentialStore;
  token?: string;
}

export interface RunningBrowserMode {
  core: ConsoleCore;
  host: RunningHost;
  close(): Promise<void>;
}

/** Core + loopback host: the whole console without Electron. */
export async function startBrowserMode(options: BrowserModeOptions = {}): Promise<RunningBrowserMode> {
  const core = await createConsoleCore({
    mode: 'browser',
    userDataDir: options.userDataDir ?? defaultUserDataDir(),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
  try {
    const host = await startHost({
      core,
      rendererDir: options.rendererDir ?? defaultRendererDir(),
      ...(options.port === undefined ? {} : { port: options.port }),
      ...(options.token === undefined ? {} : { token: options.token }),
    });
    return {
      core,
      host,
      close: async () => {
        await host.close();
        await core.close();
      },
    };
  } catch (error) {
    await core.close();
    throw error;
  }
}
