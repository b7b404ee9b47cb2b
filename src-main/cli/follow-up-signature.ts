import { createHash, hkdfSync } from 'node:crypto';
import { join } from 'node:path';
import type { ConsoleCore } from '../core/console-core';
import { SignatureStore } from '../core/signature-store';

/** The id of the one-run profile the CLI builds from GATEWAY_* variables. */
export const ENV_PROFILE_ID = 'environment';

/**
 * A profile from GATEWAY_* variables lives for one CLI run, but CI runs `create`, then `mbway` or
 * `reference`, as separate commands: the follow-up needs the transactionSignature the create answered
 * (which `create --json` rightly masks). So the environment profile's signatures are kept in the same
 * encrypted signature store the app uses, in the user-data folder, one file per gateway origin and
 * terminal.
 *
 * Its key is derived from that profile's own bearer token and client id, not kept in the OS keychain:
 * CI machines have no keychain (a session-only key would be lost between the two commands), and whoever
 * holds those credentials can already act for the terminal, so the file tells them nothing more.
 */
export async function openEnvironmentSignatures(input: {
  userDataDir: string;
  baseUrl: string;
  terminalId: string;
  bearerToken: string;
  clientId: string;
}): Promise<SignatureStore> {
  const key = environmentSignatureKey(input);
  const name = createHash('sha256').update(key.label).digest('hex').slice(0, 24);
  return SignatureStore.openWithKey(join(input.userDataDir, 'environment-signatures', `${name}.enc`), key.key);
}

/** `<origin>#<terminal>` names the store; HKDF over the credentials makes its key. */
export function environmentSignatureKey(input: {
  baseUrl: string;
  terminalId: string;
  bearerToken: string;
  clientId: string;
}): { label: string; key: Buffer } {
  const label = `${new URL(input.baseUrl).origin}#${input.terminalId}`;
  const key = Buffer.from(
    hkdfSync('sha256', `${input.bearerToken}\n${input.clientId}`, 'gateway-console/environment-signatures', label, 32),
  );
  return { label, key };
}

/**
 * GATEWAY_TRANSACTION_SIGNATURE still wins for a follow-up: a transaction created elsewhere (another
 * machine, another tool) has no stored signature here.
 */
export async function useEnvironmentSignature(core: ConsoleCore, profileId: string, transactionId: string) {
  const signature = process.env.GATEWAY_TRANSACTION_SIGNATURE;
  if (profileId === ENV_PROFILE_ID && signature)
    await core.gateway.rememberSignature(profileId, transactionId, signature);
}
