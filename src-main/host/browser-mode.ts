import { createConsoleCore, type ConsoleCore, type ConsoleCoreOptions } from '../core/console-core';
import { defaultRendererDir, defaultUserDataDir } from '../core/paths';
import { logger } from '../common/logger';
import { startHost, type HostOptions, type RunningHost } from './host-server';
import { RememberedPort } from './remembered-port';

/** Core options (everything but the mode, which is `browser` here) plus where and how the host listens. */
export interface BrowserModeOptions
  extends Partial<Omit<ConsoleCoreOptions, 'mode'>>, Pick<HostOptions, 'port' | 'token' | 'timeouts'> {
  rendererDir?: string;
}

export interface RunningBrowserMode {
  core: ConsoleCore;
  host: RunningHost;
  /** The remembered port when it was taken and the host listens elsewhere (else null): the start line says so. */
  rememberedPortTaken: number | null;
  close(): Promise<void>;
}

const portTaken = (error: unknown): boolean => (error as NodeJS.ErrnoException | null)?.code === 'EADDRINUSE';

/**
 * Core + loopback host: the whole console without Electron. Without a `port` the host listens where it
 * did last time for this user-data folder (same origin, so the page keeps its browser storage), and on
 * a free port only when that one is taken; a given `port` (`--port`) always wins.
 */
export async function startBrowserMode(options: BrowserModeOptions = {}): Promise<RunningBrowserMode> {
  const { port, token, timeouts, rendererDir, ...coreOptions } = options;
  const userDataDir = coreOptions.userDataDir ?? defaultUserDataDir();
  const core = await createConsoleCore({ ...coreOptions, mode: 'browser', userDataDir });
  const remembered = new RememberedPort(userDataDir);
  try {
    const lastPort = port === undefined ? await remembered.read() : null;
    for (const problem of remembered.problems) logger.warn(problem.message);
    const listen = (on: number | undefined) =>
      startHost({
        core,
        rendererDir: rendererDir ?? defaultRendererDir(),
        ...(on === undefined ? {} : { port: on }),
        ...(token === undefined ? {} : { token }),
        ...(timeouts === undefined ? {} : { timeouts }),
      });
    let host: RunningHost;
    let rememberedPortTaken: number | null = null;
    try {
      host = await listen(port ?? lastPort ?? 0);
    } catch (error) {
      if (port !== undefined || lastPort === null || !portTaken(error)) throw error;
      rememberedPortTaken = lastPort;
      host = await listen(0);
    }
    await remembered.remember(host.port).catch((error: unknown) => logger.warn('could not remember the port', error));
    return {
      core,
      host,
      rememberedPortTaken,
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

/** What `serve` / `npm start` print once the console is listening. */
export function startLines(running: Pick<RunningBrowserMode, 'host' | 'rememberedPortTaken'>): string[] {
  const lines = [`Gateway Console (browser mode) is ready: ${running.host.url}`];
  if (running.rememberedPortTaken !== null)
    lines.push(
      `Port ${running.rememberedPortTaken}, used last time with this user-data folder, is taken: listening on ${running.host.port} instead. ` +
        'The page there is a new browser origin; History is rebuilt from main and settings, test sessions, templates and case notes come from main, so nothing is lost.',
    );
  return lines;
}
