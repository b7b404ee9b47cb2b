import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { KeychainStatus } from '@shared/contract/app';
import type { CredentialStore } from './credential-store';
import { englishOf, mainText } from '@shared/console-text';

const FILE_STATUS: KeychainStatus = {
  backend: 'session-memory',
  available: false,
  detail: englishOf(mainText('keychainFile')),
  text: mainText('keychainFile'),
};

/**
 * Values kept in a JSON file readable by this user only (mode 0600), rewritten whole through a
 * temporary file and a rename. Only for what is NOT a secret: the Sandbox's credentials belong to
 * the embedded simulator, which keeps them in its own state file anyway, and must work on machines
 * without a keychain (headless, WSL, CI). Real profiles' secrets never go here.
 */
export class FileCredentialStore implements CredentialStore {
  readonly status = FILE_STATUS;
  private readonly values = new Map<string, string>();
  /** Why the file could not be read, if it could not (it is then started afresh, the old one kept). */
  readonly problem: string | null = null;

  constructor(private readonly path: string) {
    let text: string | null = null;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    if (text === null) return;
    try {
      const parsed = JSON.parse(text) as { version?: unknown; values?: unknown };
      if (parsed.version !== 1 || typeof parsed.values !== 'object' || parsed.values === null)
        throw new Error('bad shape');
      for (const [account, value] of Object.entries(parsed.values))
        if (typeof value === 'string') this.values.set(account, value);
    } catch {
      const backup = `${path}.unreadable-${Date.now()}.bak`;
      renameSync(path, backup);
      this.problem = `${path} could not be read (kept as ${backup}); the Sandbox gets new credentials.`;
    }
  }

  async get(account: string): Promise<string | null> {
    return this.values.get(account) ?? null;
  }

  async set(account: string, secret: string): Promise<void> {
    this.values.set(account, secret);
    this.save();
  }

  async delete(account: string): Promise<boolean> {
    const had = this.values.delete(account);
    if (had) this.save();
    return had;
  }

  async list(): Promise<string[]> {
    return [...this.values.keys()];
  }

  private save(): void {
    mkdirSync(dirname(this.path), { recursive: true });
    const temporary = `${this.path}.${randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(temporary, JSON.stringify({ version: 1, values: Object.fromEntries(this.values) }, null, 2), {
      mode: 0o600,
    });
    renameSync(temporary, this.path);
  }
}

/**
 * One credential store made of two: accounts that `toSecondary` picks live in `secondary`, all others
 * in `primary` (which may be switched, e.g. from session memory to an unlocked vault). The status is
 * the primary's: it is what decides whether real profiles' secrets survive a restart.
 */
export class RoutedCredentialStore implements CredentialStore {
  constructor(
    private readonly primary: () => CredentialStore,
    private readonly secondary: CredentialStore,
    private readonly toSecondary: (account: string) => boolean,
  ) {}

  get status(): KeychainStatus {
    return this.primary().status;
  }

  private storeFor(account: string): CredentialStore {
    return this.toSecondary(account) ? this.secondary : this.primary();
  }

  get(account: string): Promise<string | null> {
    return this.storeFor(account).get(account);
  }

  set(account: string, secret: string): Promise<void> {
    return this.storeFor(account).set(account, secret);
  }

  delete(account: string): Promise<boolean> {
    return this.storeFor(account).delete(account);
  }

  async list(): Promise<string[]> {
    const primary = (await this.primary().list()).filter((account) => !this.toSecondary(account));
    return [...primary, ...(await this.secondary.list())];
  }
}
