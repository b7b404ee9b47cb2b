import type { ConsoleCore } from '../core/console-core';
import { ENV_PROFILE_ID } from './gateway-command';

/** The environment profile keeps nothing between runs: its follow-ups take the signature from the environment. */
export async function useEnvironmentSignature(core: ConsoleCore, profileId: string, transactionId: string) {
  const signature = process.env.GATEWAY_TRANSACTION_SIGNATURE;
  if (profileId === ENV_PROFILE_ID && signature)
    await core.gateway.rememberSignature(profileId, transactionId, signature);
}
