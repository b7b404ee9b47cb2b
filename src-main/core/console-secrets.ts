/**
 * Where the console keeps what must survive a restart and is not settings: credentials and the
 * transactions' signatures, split between the Sandbox (the simulator's own values, in the user-data
 * folder, so it works without a keychain) and real profiles (OS keychain, or the file vault the user
 * chose; session memory as the last resort).
 */
import { englishOf } from '@shared/console-text';
import { join } from 'node:path';
import { isSecretStoreUnavailable, type CredentialStore } from '../credentials/credential-store';
import { FileCredentialStore, RoutedCredentialStore } from '../credentials/file-store';
import { CredentialBackend } from './credential-backend';
import { logger } from '../common/logger';
import {
  isSandboxAccount,
  isSandboxProfile,
  SANDBOX_CREDENTIALS_FILE,
  SANDBOX_SIGNATURE_KEY_ACCOUNT,
  SANDBOX_SIGNATURES_FILE,
} from './sandbox';
import { LockedSignatures, SignatureStore, SplitSignatureStore } from './signature-store';

export const SIGNATURES_FILE = 'transaction-signatures.enc';

export interface ConsoleSecrets {
  backend: CredentialBackend;
  /** Every credential account, routed to the Sandbox file or to the keychain / vault. */
  credentials: CredentialStore;
  signatures: SplitSignatureStore;
}

export async function openConsoleSecrets(userDataDir: string, injected?: CredentialStore): Promise<ConsoleSecrets> {
  const backend = await CredentialBackend.open(userDataDir, injected);
  const sandboxCredentials = new FileCredentialStore(join(userDataDir, SANDBOX_CREDENTIALS_FILE));
  if (sandboxCredentials.problem) logger.warn(sandboxCredentials.problem);
  const credentials = new RoutedCredentialStore(() => backend.current, sandboxCredentials, isSandboxAccount);
  // Real profiles' signatures are keyed from the keychain or the vault: while the vault is locked they
  // wait, and open once it is unlocked.
  const openOthers = () =>
    SignatureStore.open(join(userDataDir, SIGNATURES_FILE), credentials).catch((error: unknown) => {
      if (isSecretStoreUnavailable(error))
        return new LockedSignatures(error.said, error.code === 'vault-missing' ? 'vault-missing' : 'vault-locked');
      throw error;
    });
  const signatures = new SplitSignatureStore(
    await SignatureStore.open(
      join(userDataDir, SANDBOX_SIGNATURES_FILE),
      sandboxCredentials,
      SANDBOX_SIGNATURE_KEY_ACCOUNT,
    ),
    await openOthers(),
    isSandboxProfile,
  );
  backend.onUnlocked = async () => {
    const reopened = await openOthers();
    for (const problem of reopened.problems) logger.warn(typeof problem === 'string' ? problem : englishOf(problem));
    signatures.replaceOthers(reopened);
  };
  return { backend, credentials, signatures };
}

/** A secret the locked vault hides reads as absent (e.g. a webhook secret: the sender retries later). */
export const absentWhileLocked = <T>(read: Promise<T>): Promise<T | null> =>
  read.catch((error: unknown) => {
    if (isSecretStoreUnavailable(error)) return null;
    throw error;
  });
