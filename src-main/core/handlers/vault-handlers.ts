import type { CredentialBackend } from '../credential-backend';
import type { Handlers } from '../dispatcher';

type VaultMethod = 'vault.status' | 'vault.create' | 'vault.unlock' | 'vault.lock' | 'vault.useSessionMemory';

/** `vault.*`: the Settings screen's choice of where real profiles' secrets live without a keychain. */
export function createVaultHandlers(backend: CredentialBackend): Pick<Handlers, VaultMethod> {
  return {
    'vault.status': () => backend.status(),
    'vault.create': ({ passphrase }) => backend.create(passphrase),
    'vault.unlock': ({ passphrase }) => backend.unlock(passphrase),
    'vault.lock': () => backend.lock(),
    'vault.useSessionMemory': () => backend.useSessionMemory(),
  };
}
