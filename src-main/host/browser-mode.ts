import { createConsoleCore, type ConsoleCore, type ConsoleCoreOptions } from '../core/console-core';
import { defaultRendererDir, defaultUserDataDir } from '../core/paths';
import { startHost, type HostOptions, type RunningHost } from './host-server';

/** Core options (everything but the mode, which is `browser` here) plus where and how the host listens. */
export interface BrowserModeOptions
  extends Partial<Omit<ConsoleCoreOptions, 'mode'>>, Pick<HostOptions, 'port' | 'token' | 'timeouts'> {
  rendererDir?: string;
}

export interface RunningBrowserMode {
  core: ConsoleCore;
  host: RunningHost;
  close(): Promise<void>;
}

/** Core + loopback host: the whole console without Electron. */
export async function startBrowserMode(options: BrowserModeOptions = {}): Promise<RunningBrowserMode> {
  const { port, token, timeouts, rendererDir, ...coreOptions } = options;
  const core = await createConsoleCore({
    ...coreOptions,
    mode: 'browser',
    userDataDir: coreOptions.userDataDir ?? defaultUserDataDir(),
  });
  try {
    const host = await startHost({
      core,
      rendererDir: rendererDir ?? defaultRendererDir(),
      ...(port === undefined ? {} : { port }),
      ...(token === undefined ? {} : { token }),
      ...(timeouts === undefined ? {} : { timeouts }),
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
