import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { ProfileSettings, SecretName } from '@shared/contract/profiles';
import { worldOfProfileId } from '@shared/sandbox-worlds';
import { FileCredentialStore } from '../credentials/file-store';
import { startSimulator, type RunningSimulator } from '../simulator';
import type { ProfileSecrets } from './profiles/profile-secrets';

/** The Sandbox profiles the console manages: one per variant, each on its own simulator terminal. */
export const SANDBOX_PROFILES = [
  { id: 'sandbox-a', name: 'Sandbox · Variant A', terminalId: '1000001', variant: 'A' },
  { id: 'sandbox-b', name: 'Sandbox · Variant B', terminalId: '1000002', variant: 'B' },
] as const;

export const SANDBOX_COLOUR = '#0d9488';

/** The embedded simulator's journal in the user-data folder: the Sandbox survives restarts. */
export const SANDBOX_STATE_FILE = 'sandbox-simulator-state.jsonl';
/** The Sandbox's credentials (the simulator's own, not secrets) and the key of its signature file. */
export const SANDBOX_CREDENTIALS_FILE = 'sandbox-credentials.json';
/** The Sandbox profiles' transaction signatures, apart from real profiles'. */
export const SANDBOX_SIGNATURES_FILE = 'sandbox-signatures.enc';
export const SANDBOX_SIGNATURE_KEY_ACCOUNT = 'sandbox/signature-key';
/** The production guard's salted hashes of the Sandbox's credentials, kept beside them. */
export const SANDBOX_FINGERPRINTS_ACCOUNT = 'sandbox/guard-fingerprints';

/** The user's Sandbox profiles and the profiles of the console's other worlds (demo, runs, sessions). */
export const isSandboxProfile = (profileId: string): boolean =>
  SANDBOX_PROFILES.some((sandbox) => sandbox.id === profileId) || worldOfProfileId(profileId) !== null;

/** Credential accounts that belong to the Sandbox: kept in the user-data folder, not the keychain. */
export const isSandboxAccount = (account: string): boolean =>
  account === SANDBOX_SIGNATURE_KEY_ACCOUNT ||
  account === SANDBOX_FINGERPRINTS_ACCOUNT ||
  isSandboxProfile(account.slice(0, account.indexOf('/')));

/**
 * The Sandbox's own webhook secret (the simulator's, kept in the user-data folder), or null before the
 * Sandbox first started. The only key a made-up notification is ever encrypted with.
 */
export async function sandboxWebhookSecret(userDataDir: string): Promise<string | null> {
  const store = new FileCredentialStore(join(userDataDir, SANDBOX_CREDENTIALS_FILE));
  return store.get(`${SANDBOX_PROFILES[0].id}/webhookSecret`);
}

const newSecret = (name: SecretName): string =>
  // The webhook secret is an AES-256 key in base64 (docs/gateway-behaviour.md); the others are opaque tokens.
  name === 'webhookSecret' ? randomBytes(32).toString('base64') : `sbx_${randomBytes(24).toString('base64url')}`;

/**
 * Starts the embedded simulator on a free loopback port with credentials generated on first run and
 * kept in the user-data folder (see isSandboxAccount), then points the Sandbox profiles at it (the port changes
 * every start, so the base URL is refreshed each time).
 */
export async function startSandbox(
  /** The profile registry, as a port: it imports this module's Sandbox ids, so this one may not import it. */
  profiles: {
    save(input: {
      id: string;
      managed: boolean;
      settings: ProfileSettings;
      secrets: Partial<Record<SecretName, string>> | undefined;
    }): Promise<unknown>;
  },
  secrets: ProfileSecrets,
  /** The console's notification receiver, where the Sandbox delivers its notifications (none when null). */
  webhookUrl: string | null = null,
  /** Where the simulator keeps its state (in memory when absent: tests) and its port (any when absent). */
  options: { statePath?: string; port?: number } = {},
): Promise<RunningSimulator> {
  const generated = new Map<string, Partial<Record<SecretName, string>>>();
  const secretOf = async (profileId: string, name: SecretName, fallback?: string): Promise<string> => {
    const existing = await secrets.get(profileId, name);
    if (existing) return existing;
    const value = fallback ?? newSecret(name);
    generated.set(profileId, { ...generated.get(profileId), [name]: value });
    return value;
  };
  // The simulator knows one client id (one merchant organisation) and one token per terminal; one
  // webhook secret for both lets a single receiver decrypt every Sandbox notification.
  const [first] = SANDBOX_PROFILES;
  const clientId = await secretOf(first.id, 'clientId');
  const webhookSecret = await secretOf(first.id, 'webhookSecret');
  const terminals = [];
  for (const sandbox of SANDBOX_PROFILES) {
    await secretOf(sandbox.id, 'clientId', clientId);
    await secretOf(sandbox.id, 'webhookSecret', webhookSecret);
    terminals.push({
      terminalId: sandbox.terminalId,
      variant: sandbox.variant,
      token: await secretOf(sandbox.id, 'bearerToken'),
    });
  }
  const simulator = await startSimulator({
    host: '127.0.0.1',
    port: options.port ?? 0,
    clientId,
    terminals,
    ...(webhookUrl ? { webhook: { url: webhookUrl, secret: webhookSecret } } : {}),
    ...(options.statePath ? { state: options.statePath } : {}),
  });
  try {
    for (const sandbox of SANDBOX_PROFILES) {
      await profiles.save({
        id: sandbox.id,
        managed: true,
        settings: {
          name: sandbox.name,
          environment: 'sandbox',
          baseUrl: simulator.url,
          pathPrefix: simulator.basePath,
          version: simulator.version,
          terminalId: sandbox.terminalId,
          variant: sandbox.variant,
          clientIdHeader: simulator.clientIdHeader,
          colour: SANDBOX_COLOUR,
          // The Sandbox delivers to the console's receiver, so that is where its notifications are replayed.
          ...(webhookUrl ? { webhookUrl } : {}),
        },
        secrets: generated.get(sandbox.id),
      });
    }
  } catch (error) {
    await simulator.close();
    throw error;
  }
  return simulator;
}
