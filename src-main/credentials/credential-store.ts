import type { KeychainStatus } from '@shared/contract/app';
import { ConsoleFailure } from '@shared/result';

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

/**
 * The store of real profiles' secrets cannot answer right now: the file vault is locked, or its file is
 * missing and the user has not decided what replaces it. Callers that can do without a secret (listing
 * profiles, starting the Sandbox, decrypting notifications later) treat such secrets as absent.
 */
export const isSecretStoreUnavailable = (error: unknown): error is ConsoleFailure =>
  error instanceof ConsoleFailure && (error.code === 'vault-locked' || error.code === 'vault-missing');
