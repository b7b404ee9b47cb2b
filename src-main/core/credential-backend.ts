/**
 * Where real profiles' secrets live: the OS keychain when it answers, else session memory — unless the
 * user chose the encrypted file vault in Settings, which then holds them and is unlocked with a
 * passphrase after each start. The choice is remembered in the user-data folder, so a restart never
 * silently falls back to forgetting.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { VaultStatus } from '@shared/contract/vault';
import { ConsoleFailure } from '@shared/result';
import type { CredentialStore } from '../credentials/credential-store';
import { openCredentialStore } from '../credentials/open-credential-store';
import { VaultStore } from '../credentials/vault-store';
import { writeFileAtomic } from './atomic-file';
import { registerSecret } from './redact-text';

export const VAULT_FILE = 'credential-vault.json';
export const CREDENTIAL_CHOICE_FILE = 'credential-backend.json';

const chosenBackend = (userDataDir: string): string | null => {
  try {
    const parsed = JSON.parse(readFileSync(join(userDataDir, CREDENTIAL_CHOICE_FILE), 'utf8')) as { backend?: unknown };
    return typeof parsed.backend === 'string' ? parsed.backend : null;
  } catch {
    return null;
  }
};

export class CredentialBackend {
  /** Run once the vault's secrets are readable (created or unlocked): stores keyed from it reopen. */
  onUnlocked: () => Promise<void> = async () => {};

  private constructor(
    private readonly base: CredentialStore,
    private readonly userDataDir: string,
    private vault: VaultStore | null,
  ) {}

  static async open(userDataDir: string, injected?: CredentialStore): Promise<CredentialBackend> {
    const base = injected ?? (await openCredentialStore());
    const path = join(userDataDir, VAULT_FILE);
    const vault =
      chosenBackend(userDataDir) === 'file-vault' && VaultStore.exists(path) ? VaultStore.locked(path) : null;
    return new CredentialBackend(base, userDataDir, vault);
  }

  /** The store real profiles' secrets go to right now. */
  get current(): CredentialStore {
    return this.vault ?? this.base;
  }

  status(): VaultStatus {
    return {
      backend: this.current.status.backend,
      keychainAvailable: this.base.status.backend === 'os-keychain',
      vaultExists: VaultStore.exists(this.vaultPath),
      unlocked: this.vault?.unlocked ?? false,
      detail: this.current.status.detail,
    };
  }

  /** Chooses the vault: creates it with `passphrase`, holding every secret kept so far. */
  async create(passphrase: string): Promise<VaultStatus> {
    registerSecret(passphrase);
    if (this.vault || VaultStore.exists(this.vaultPath))
      throw new ConsoleFailure('conflict', 'A credential vault already exists: unlock it with its passphrase.');
    const initial = new Map<string, string>();
    for (const account of await this.base.list()) {
      const value = await this.base.get(account);
      if (value !== null) initial.set(account, value);
    }
    this.vault = await VaultStore.create(this.vaultPath, passphrase, initial);
    await this.remember();
    await this.onUnlocked();
    return this.status();
  }

  async unlock(passphrase: string): Promise<VaultStatus> {
    registerSecret(passphrase);
    if (!VaultStore.exists(this.vaultPath))
      throw new ConsoleFailure('not-found', 'There is no credential vault yet: create one first.');
    const vault = this.vault ?? VaultStore.locked(this.vaultPath);
    await vault.unlock(passphrase);
    this.vault = vault;
    // A vault created before a crash that lost the choice is chosen again by unlocking it.
    await this.remember();
    await this.onUnlocked();
    return this.status();
  }

  lock(): VaultStatus {
    if (!this.vault) throw new ConsoleFailure('not-found', 'The credential vault is not in use.');
    this.vault.lock();
    return this.status();
  }

  private get vaultPath(): string {
    return join(this.userDataDir, VAULT_FILE);
  }

  private remember(): Promise<void> {
    return writeFileAtomic(join(this.userDataDir, CREDENTIAL_CHOICE_FILE), JSON.stringify({ backend: 'file-vault' }));
  }
}
