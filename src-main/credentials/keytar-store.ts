// The only file that imports keytar (architecture rule 3). keytar is an optional native dependency:
// it may be missing or unable to reach a Secret Service, so loading is probed, never assumed.
import type * as KeytarModule from 'keytar';
import type { KeychainStatus } from '@shared/contract/app';
import { KEYCHAIN_SERVICE, type CredentialStore } from './credential-store';
import { englishOf, mainText } from '@shared/console-text';

type Keytar = typeof KeytarModule;

const OS_KEYCHAIN: KeychainStatus = {
  backend: 'os-keychain',
  available: true,
  detail: englishOf(mainText('keychainOs')),
  text: mainText('keychainOs'),
};

export class KeytarStore implements CredentialStore {
  readonly status = OS_KEYCHAIN;

  constructor(
    private readonly keytar: Keytar,
    private readonly service: string = KEYCHAIN_SERVICE,
  ) {}

  get(account: string): Promise<string | null> {
    return this.keytar.getPassword(this.service, account);
  }

  set(account: string, secret: string): Promise<void> {
    return this.keytar.setPassword(this.service, account, secret);
  }

  delete(account: string): Promise<boolean> {
    return this.keytar.deletePassword(this.service, account);
  }

  async list(): Promise<string[]> {
    const found = await this.keytar.findCredentials(this.service);
    return found.map((entry) => entry.account);
  }
}

export type KeytarLoadResult = { ok: true; store: KeytarStore } | { ok: false; reason: string };

const withTimeout = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });

/**
 * Loads keytar and proves the Secret Service answers (a D-Bus session without a keyring makes every
 * call fail or hang). `load` is injectable so tests can simulate keytar being absent.
 */
export async function loadKeytarStore(
  service: string = KEYCHAIN_SERVICE,
  load: () => Promise<Keytar> = async () => {
    const imported = (await import('keytar')) as Keytar & { default?: Keytar };
    return imported.default ?? imported;
  },
): Promise<KeytarLoadResult> {
  let keytar: Keytar;
  try {
    keytar = await load();
  } catch (error) {
    return { ok: false, reason: `keytar is not installed or could not load: ${(error as Error).message}` };
  }
  try {
    await withTimeout(keytar.findCredentials(service), 3000, 'The OS keychain');
  } catch (error) {
    return { ok: false, reason: `the OS keychain did not answer: ${(error as Error).message}` };
  }
  return { ok: true, store: new KeytarStore(keytar, service) };
}
