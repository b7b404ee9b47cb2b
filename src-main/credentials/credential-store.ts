import type { KeychainStatus } from '@shared/contract/app';

/** Where per-profile secrets live. Only main holds an instance; nothing secret crosses the contract. */
export interface CredentialStore {
  readonly status: KeychainStatus;
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<boolean>;
  /** Accounts that currently have a secret (never the secrets themselves). */
  list(): Promise<string[]>;
}

/** The keychain service name every secret of the console is filed under. */
export const KEYCHAIN_SERVICE = 'gateway-console';
