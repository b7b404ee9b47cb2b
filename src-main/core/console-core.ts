import type { AppMode } from '@shared/contract/app';
import type { CredentialStore } from '../credentials/credential-store';
import { openCredentialStore } from '../credentials/open-credential-store';
import { createDispatcher, type Dispatch, type Handlers } from './dispatcher';
import { EventBus } from './event-bus';
import { createAppHandlers } from './handlers/app-handlers';
import { logger } from './logger';
import { APP_VERSION } from './version';

export interface ConsoleCoreOptions {
  mode: AppMode;
  /** Folder for non-secret settings (profiles, window state). */
  userDataDir: string;
  electronVersion?: string | null;
  /** Injected in tests; otherwise the OS keychain, falling back to session memory. */
  credentials?: CredentialStore;
}

/** Everything that matters, free of Electron: both shells wrap this one object. */
export interface ConsoleCore {
  readonly dispatch: Dispatch;
  readonly events: EventBus;
  readonly credentials: CredentialStore;
  close(): Promise<void>;
}

export async function createConsoleCore(options: ConsoleCoreOptions): Promise<ConsoleCore> {
  const events = new EventBus();
  const credentials = options.credentials ?? (await openCredentialStore());
  // Services started below register how to stop them; close() runs these in reverse order.
  const closers: Array<() => Promise<void>> = [];
  const handlers: Handlers = {
    ...createAppHandlers({
      mode: options.mode,
      version: APP_VERSION,
      electronVersion: options.electronVersion ?? null,
      credentials,
      startedAt: new Date(),
    }),
  };
  const dispatch = createDispatcher(handlers, {
    onInternalError: (method, error) => logger.error(`handler ${method} failed`, error),
  });
  return {
    dispatch,
    events,
    credentials,
    close: async () => {
      for (const close of closers.reverse())
        await close().catch((error: unknown) => logger.warn('shutdown step failed', error));
    },
  };
}
