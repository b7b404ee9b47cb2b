/**
 * Where real profiles' secrets live: the OS keychain when it answers, else session memory — unless the
 * user chose the encrypted file vault in Settings, which then holds them and is unlocked with a
 * passphrase after each start. The choice is remembered in the user-data folder, so a restart never
 * silently falls back to forgetting: when the chosen vault's file is gone, secrets are refused
 * (`vault-missing`) until the user creates a new vault or chooses session memory.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { VaultStatus } from '@shared/contract/vault';
import { ConsoleFailure } from '@shared/result';
import type { CredentialStore } from '../credentials/credential-store';
import { openCredentialStore } from '../credentials/open-credential-store';
import { MissingVaultStore } from '../credentials/missing-vault-store';
import { VaultStore } from '../credentials/vault-store';
import { writeFileAtomic } from '../common/atomic-file';
import { registerSecret } from '../common/redact-text';
import { mainText } from '@shared/console-text';

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
  /** Run once real profiles' secrets are readable (vault created or unlocked, or session memory chosen): stores keyed from them reopen. */
  onUnlocked: () => Promise<void> = async () => {};

  private readonly missingVault: MissingVaultStore;

  private constructor(
    private readonly base: CredentialStore,
    private readonly userDataDir: string,
    private vault: VaultStore | null,
    /** The user chose the file vault (remembered across restarts) and has not chosen otherwise since. */
    private vaultChosen: boolean,
  ) {
    this.missingVault = new MissingVaultStore(this.vaultPath);
  }

  static async open(userDataDir: string, injected?: CredentialStore): Promise<CredentialBackend> {
    const base = injected ?? (await openCredentialStore());
    const path = join(userDataDir, VAULT_FILE);
    const chosen = chosenBackend(userDataDir) === 'file-vault';
    const vault = chosen && VaultStore.exists(path) ? VaultStore.locked(path) : null;
    return new CredentialBackend(base, userDataDir, vault, chosen);
  }

  /**
   * The vault is the user's choice but its file is gone and it is not open in memory: nothing can be
   * read from it, and writing elsewhere would break the promise that secrets survive a restart.
   */
  get vaultMissing(): boolean {
    return this.vaultChosen && !this.vault?.unlocked && !VaultStore.exists(this.vaultPath);
  }

  /** The store real profiles' secrets go to right now. */
  get current(): CredentialStore {
    if (this.vaultMissing) return this.missingVault;
    return this.vault ?? this.base;
  }

  status(): VaultStatus {
    return {
      backend: this.current.status.backend,
      keychainAvailable: this.base.status.backend === 'os-keychain',
      vaultExists: VaultStore.exists(this.vaultPath),
      unlocked: this.vault?.unlocked ?? false,
      detail: this.current.status.detail,
      ...(this.current.status.text ? { text: this.current.status.text } : {}),
      vaultMissing: this.vaultMissing,
    };
  }

  /** Chooses the vault: creates it with `passphrase`, holding every secret kept so far. */
  async create(passphrase: string): Promise<VaultStatus> {
    registerSecret(passphrase);
    if (this.vault?.unlocked || VaultStore.exists(this.vaultPath))
      throw new ConsoleFailure('conflict', mainText('vaultExists'));
    const initial = new Map<string, string>();
    for (const account of await this.base.list()) {
      const value = await this.base.get(account);
      if (value !== null) initial.set(account, value);
    }
    this.vault = await VaultStore.create(this.vaultPath, passphrase, initial);
    this.vaultChosen = true;
    await this.remember();
    await this.onUnlocked();
    return this.status();
  }

  async unlock(passphrase: string): Promise<VaultStatus> {
    registerSecret(passphrase);
    if (this.vaultMissing)
      throw new ConsoleFailure('vault-missing', mainText('vaultMissing', { path: this.vaultPath }), {
        path: this.vaultPath,
      });
    if (!VaultStore.exists(this.vaultPath)) throw new ConsoleFailure('not-found', mainText('vaultNone'));
    const vault = this.vault ?? VaultStore.locked(this.vaultPath);
    await vault.unlock(passphrase);
    this.vault = vault;
    this.vaultChosen = true;
    // A vault created before a crash that lost the choice is chosen again by unlocking it.
    await this.remember();
    await this.onUnlocked();
    return this.status();
  }

  lock(): VaultStatus {
    if (!this.vault) throw new ConsoleFailure('not-found', mainText('vaultNotInUse'));
    this.vault.lock();
    return this.status();
  }

  /**
   * The answer to a missing vault file when the user does not want a new vault: secrets are kept in
   * session memory (forgotten at quit) from now on, and the choice of the vault is forgotten.
   */
  async useSessionMemory(): Promise<VaultStatus> {
    if (!this.vaultMissing) throw new ConsoleFailure('conflict', mainText('sessionOnlyWhenMissing'));
    this.vault = null;
    this.vaultChosen = false;
    rmSync(join(this.userDataDir, CREDENTIAL_CHOICE_FILE), { force: true });
    await this.onUnlocked();
    return this.status();
  }

  private get vaultPath(): string {
    return join(this.userDataDir, VAULT_FILE);
  }

  private remember(): Promise<void> {
    return writeFileAtomic(join(this.userDataDir, CREDENTIAL_CHOICE_FILE), JSON.stringify({ backend: 'file-vault' }));
  }
}
