import type { KeychainStatus } from '@shared/contract/app';
import { ConsoleFailure } from '@shared/result';
import type { CredentialStore } from './credential-store';
import { englishOf, mainText } from '@shared/console-text';

/**
 * Stands in for the file vault the user chose when its file is gone (deleted, moved, a restored backup
 * without it). Every read and write is refused with `vault-missing` until the user decides in Settings
 * (a new vault, or session memory): a secret saved now must not silently land in memory and be lost at
 * the next quit while the user believes it is in the vault.
 */
export class MissingVaultStore implements CredentialStore {
  readonly status: KeychainStatus;

  constructor(private readonly path: string) {
    this.status = {
      backend: 'file-vault',
      available: false,
      vaultMissing: true,
      detail: englishOf(mainText('vaultMissing', { path })),
      text: mainText('vaultMissing', { path }),
    };
  }

  private refuse(): never {
    throw new ConsoleFailure('vault-missing', mainText('vaultMissing', { path: this.path }), { path: this.path });
  }

  async get(): Promise<string | null> {
    return this.refuse();
  }

  async set(): Promise<void> {
    this.refuse();
  }

  async delete(): Promise<boolean> {
    return this.refuse();
  }

  async list(): Promise<string[]> {
    return this.refuse();
  }
}
