import type { KeychainStatus } from '@shared/contract/app';
import type { CredentialStore } from './credential-store';
import { englishOf, mainText } from '@shared/console-text';

const SESSION_ONLY: KeychainStatus = {
  backend: 'session-memory',
  available: false,
  detail: englishOf(mainText('keychainSessionOnly')),
  text: mainText('keychainSessionOnly'),
};

/** Secrets kept in this process only: the fallback without a keychain, and the store unit tests use. */
export class MemoryStore implements CredentialStore {
  private readonly secrets = new Map<string, string>();

  constructor(readonly status: KeychainStatus = SESSION_ONLY) {}

  async get(account: string): Promise<string | null> {
    return this.secrets.get(account) ?? null;
  }

  async set(account: string, secret: string): Promise<void> {
    this.secrets.set(account, secret);
  }

  async delete(account: string): Promise<boolean> {
    return this.secrets.delete(account);
  }

  async list(): Promise<string[]> {
    return [...this.secrets.keys()];
  }
}

/** A memory store explaining why the keychain could not be used. */
export const sessionOnlyStore = (reason: string): MemoryStore =>
  new MemoryStore({
    ...SESSION_ONLY,
    detail: englishOf(mainText('keychainSessionOnlyWhy', { reason })),
    text: mainText('keychainSessionOnlyWhy', { reason }),
  });
