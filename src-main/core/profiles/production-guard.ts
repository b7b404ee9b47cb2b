import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { ProductionConfirmation } from '@shared/contract/orders';
import type { Environment, SecretName } from '@shared/contract/profiles';
import { ConsoleFailure } from '@shared/result';
import { isSecretStoreUnavailable, type CredentialStore } from '../../credentials/credential-store';
import { isSandboxProfile, SANDBOX_FINGERPRINTS_ACCOUNT } from '../sandbox';
import { isLoopbackHost } from '@shared/origin';
import { mainText } from '@shared/console-text';

/** Real profiles' fingerprints: in the keychain or the file vault, beside the secrets they stand for. */
const FINGERPRINTS_ACCOUNT = 'guard/fingerprints';

const fingerprintSchema = z.object({
  profileId: z.string(),
  name: z.string(),
  production: z.boolean(),
  salt: z.string(),
  hash: z.string(),
});
type Fingerprint = z.infer<typeof fingerprintSchema>;

const digest = (salt: string, value: string): string =>
  createHash('sha256').update(salt).update('\0').update(value).digest('hex');

/**
 * The production chokepoint (architecture rule 10), enforced in main:
 * - a credential saved to a production profile can never be saved to a test/sandbox one, and vice versa
 *   (the spec forbids production credentials in the test environment). Only salted hashes of saved
 *   secrets are kept, in the credential store, so the check needs no plain copy of any secret;
 * - a call that creates an order or moves money on a production profile needs a confirmation naming
 *   the profile and the amount, which main compares with what it is about to send.
 */
export class ProductionGuard {
  constructor(private readonly store: CredentialStore) {}

  /**
   * The console's Sandbox profiles keep their fingerprints with their credentials (the simulator's own,
   * outside the keychain and the vault), so the Sandbox starts and works while the vault is locked.
   */
  private accountOf(profileId: string): string {
    return isSandboxProfile(profileId) ? SANDBOX_FINGERPRINTS_ACCOUNT : FINGERPRINTS_ACCOUNT;
  }

  private async read(account: string): Promise<Fingerprint[]> {
    const text = await this.store.get(account);
    if (!text) return [];
    const parsed = z.array(fingerprintSchema).safeParse(JSON.parse(text));
    if (!parsed.success) return [];
    // Each list holds only its own side (older versions kept the Sandbox's entries with real ones).
    return parsed.data.filter((entry) => this.accountOf(entry.profileId) === account);
  }

  private write(account: string, entries: Fingerprint[]): Promise<void> {
    return this.store.set(account, JSON.stringify(entries));
  }

  /**
   * Every fingerprint that `profileId`'s secrets are compared with. A Sandbox profile compares with the
   * real ones only while they can be read: its credentials are generated at random by the console, so
   * they cannot be a production credential, and the other direction (a production profile given the
   * Sandbox's credentials) is always checked, since the Sandbox's fingerprints never need the vault.
   */
  private async comparable(profileId: string | undefined): Promise<Fingerprint[]> {
    const sandbox = await this.read(SANDBOX_FINGERPRINTS_ACCOUNT);
    const real = this.read(FINGERPRINTS_ACCOUNT);
    if (profileId === undefined || !isSandboxProfile(profileId)) return [...(await real), ...sandbox];
    const readable = await real.catch((error: unknown) => {
      if (isSecretStoreUnavailable(error)) return [];
      throw error;
    });
    return [...readable, ...sandbox];
  }

  /**
   * Throws when `value` is already saved in a profile on the other side of the production line.
   * `profileId` is the profile it is for (a new profile has none yet).
   */
  async check(environment: Environment, name: SecretName, value: string, profileId?: string): Promise<void> {
    const production = environment === 'production';
    const clash = (await this.comparable(profileId)).find(
      // The profile's own entries count too: switching a profile's environment must not carry its secrets across.
      (entry) => entry.production !== production && entry.hash === digest(entry.salt, value),
    );
    if (clash)
      throw new ConsoleFailure(
        'production-guard',
        production
          ? mainText('productionSecretUsedByTest', { secret: name })
          : mainText('productionSecretInTest', { secret: name, environment }),
        { secret: name },
      );
  }

  async record(profileId: string, environment: Environment, name: SecretName, value: string): Promise<void> {
    const account = this.accountOf(profileId);
    const salt = randomBytes(16).toString('hex');
    const entries = (await this.read(account)).filter(
      (entry) => !(entry.profileId === profileId && entry.name === name),
    );
    entries.push({ profileId, name, production: environment === 'production', salt, hash: digest(salt, value) });
    await this.write(account, entries);
  }

  async forget(profileId: string, name?: SecretName): Promise<void> {
    const account = this.accountOf(profileId);
    const entries = await this.read(account);
    const kept = entries.filter(
      (entry) => entry.profileId !== profileId || (name !== undefined && entry.name !== name),
    );
    if (kept.length !== entries.length) await this.write(account, kept);
  }

  /**
   * Calls that move no money but act on production with the gateway's authority (re-delivering its
   * notifications to the shop) need the profile's name typed, the same deliberate act as a production
   * call without the amount; so does saving a production profile, which decides where its credentials go.
   * `operation` says what was refused, `unchanged` what did not happen.
   */
  static confirmName(
    profile: { name: string; environment: Environment },
    confirmation: { profileName: string } | undefined,
    operation: string,
    unchanged = 'Nothing was sent.',
  ): void {
    if (profile.environment !== 'production') return;
    if (!confirmation)
      throw new ConsoleFailure(
        'confirmation-required',
        mainText('productionConfirmName', { name: profile.name, operation, unchanged }),
        { profileName: profile.name, operation },
      );
    if (confirmation.profileName !== profile.name)
      throw new ConsoleFailure(
        'confirmation-mismatch',
        mainText('productionConfirmMismatch', { typed: confirmation.profileName, name: profile.name, unchanged }),
        { profileName: profile.name, typed: confirmation.profileName },
      );
  }

  /** Money-moving or order-creating calls on production need the user's explicit confirmation. */
  static confirm(
    profile: { name: string; environment: Environment },
    amount: number | null,
    confirmation: ProductionConfirmation | undefined,
  ): void {
    if (profile.environment !== 'production') return;
    if (!confirmation)
      throw new ConsoleFailure('confirmation-required', mainText('productionConfirmCall', { name: profile.name }));
    if (confirmation.profileName !== profile.name)
      throw new ConsoleFailure(
        'confirmation-mismatch',
        mainText('productionCallMismatch', { typed: confirmation.profileName, name: profile.name }),
      );
    if (amount === null) throw new ConsoleFailure('confirmation-mismatch', mainText('productionAmountUnknown'));
    if (Math.round(confirmation.amount * 100) !== Math.round(amount * 100))
      throw new ConsoleFailure(
        'confirmation-mismatch',
        mainText('productionAmountMismatch', { typed: confirmation.amount, amount }),
      );
  }

  /**
   * Production credentials travel over TLS only: a production base URL on plain http:// is refused unless
   * it names this machine (a local TLS-terminating proxy, a test double), where nothing crosses a network.
   */
  static refusePlainHttp(settings: { name: string; environment: Environment; baseUrl: string }): void {
    if (settings.environment !== 'production') return;
    const url = new URL(settings.baseUrl);
    if (url.protocol === 'http:' && !isLoopbackHost(url.hostname))
      throw new ConsoleFailure('production-plain-http', mainText('productionPlainHttp', { name: settings.name }), {
        profileName: settings.name,
        host: url.hostname,
      });
  }
}
