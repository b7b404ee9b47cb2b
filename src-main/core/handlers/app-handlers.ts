import type { AppInfo, AppMode } from '@shared/contract/app';
import type { CredentialStore } from '../../credentials/credential-store';
import type { Handlers } from '../dispatcher';
import type { Notices } from '../../common/notices';

export interface AppHandlerDeps {
  mode: AppMode;
  version: string;
  electronVersion: string | null;
  credentials: CredentialStore;
  startedAt: Date;
  notices: Notices;
}

export function createAppHandlers(deps: AppHandlerDeps): Pick<Handlers, 'app.info' | 'app.notices' | 'app.ping'> {
  return {
    'app.info': (): AppInfo => ({
      name: 'Gateway Console',
      version: deps.version,
      mode: deps.mode,
      platform: `${process.platform}-${process.arch}`,
      nodeVersion: process.versions.node,
      electronVersion: deps.electronVersion,
      keychain: deps.credentials.status,
      startedAt: deps.startedAt.toISOString(),
    }),
    'app.notices': () => ({ notices: deps.notices.all() }),
    'app.ping': ({ text }) => ({ text, receivedAt: new Date().toISOString() }),
  };
}
