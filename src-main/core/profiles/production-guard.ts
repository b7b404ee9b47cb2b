import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { ProductionConfirmation } from '@shared/contract/orders';
import type { Environment, SecretName } from '@shared/contract/profiles';
import { ConsoleFailure } from '@shared/result';
import type { CredentialStore } from '../../credentials/credential-store';
import { isLoopbackHost } from '@shared/origin';

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
 * The production chokepoint (design rule 10), enforced in main:
 * - a credential saved to a production profile can never be saved to a test/sandbox one, and vice versa
 *   (the spec forbids production credentials in the test environment). Only salted hashes of saved
 *   secrets are kept, in the credential store, so the check needs no plain copy of any secret;
 * - a call that creates an order or moves money on a production profile needs a confirmation naming
 *   the profile and the amount, which main compares with what it is about to send.
 */
export class ProductionGuard {
  constructor(private readonly store: CredentialStore) {}

  private async read(): Promise<Fingerprint[]> {
    const text = await this.store.get(FINGERPRINTS_ACCOUNT);
    if (!text) return [];
    const parsed = z.array(fingerprintSchema).safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  }

  private write(entries: Fingerprint[]): Promise<void> {
    return this.store.set(FINGERPRINTS_ACCOUNT, JSON.stringify(entries));
  }

  /** Throws when `value` is already saved in a profile on the other side of the production line. */
  async check(environment: Environment, name: SecretName, value: string): Promise<void> {
    const production = environment === 'production';
    const clash = (await this.read()).find(
      // The profile's own entries count too: switching a profile's environment must not carry its secrets across.
      (entry) => entry.production !== production && entry.hash === digest(entry.salt, value),
    );
    if (clash)
      throw new ConsoleFailure(
        'production-guard',
        production
          ? `This ${name} is already used by a test or sandbox profile; production profiles need their own production credentials.`
          : `This ${name} belongs to a production profile; production credentials must not be used in a ${environment} profile.`,
        { secret: name },
      );
  }

  async record(profileId: string, environment: Environment, name: SecretName, value: string): Promise<void> {
    const salt = randomBytes(16).toString('hex');
    const entries = (await this.read()).filter((entry) => !(entry.profileId === profileId && entry.name === name));
    entries.push({ profileId, name, production: environment === 'production', salt, hash: digest(salt, value) });
    await this.write(entries);
  }

  async forget(profileId: string, name?: SecretName): Promise<void> {
    const entries = await this.read();
    const kept = entries.filter(
      (entry) => entry.profileId !== profileId || (name !== undefined && entry.name !== name),
    );
    if (kept.length !== entries.length) await this.write(kept);
  }

  /** Money-moving or order-creating calls on production need the user's explicit confirmation. */
  static confirm(
    profile: { name: string; environment: Environment },
    amount: number | null,
    confirmation: ProductionConfirmation | undefined,
  ): void {
    if (profile.environment !== 'production') return;
    if (!confirmation)
      throw new ConsoleFailure(
        'confirmation-required',
        `"${profile.name}" is a production profile: confirm the profile name and the amount to send this call.`,
      );
    if (confirmation.profileName !== profile.name)
      throw new ConsoleFailure(
        'confirmation-mismatch',
        `The confirmation names "${confirmation.profileName}", but the call would go to production profile "${profile.name}".`,
      );
    if (amount === null)
      throw new ConsoleFailure(
        'confirmation-mismatch',
        'The amount of this transaction is not known, so it cannot be confirmed.',
      );
    if (Math.round(confirmation.amount * 100) !== Math.round(amount * 100))
      throw new ConsoleFailure(
        'confirmation-mismatch',
        `The confirmation says ${confirmation.amount}, but the call is for ${amount}.`,
      );
  }

  /**
   * Saving a production profile needs its name typed by the user, as a production call does: a save decides
   * where production credentials go. Profiles the console saves itself (`managed`) are not asked.
   */
  static confirmSave(
    settings: { name: string; environment: Environment },
    typed: { profileName: string } | undefined,
  ): void {
    if (settings.environment !== 'production') return;
    if (!typed)
      throw new ConsoleFailure(
        'confirmation-required',
        `"${settings.name}" is a production profile: type its name to save it. Nothing was saved.`,
        { profileName: settings.name },
      );
    if (typed.profileName !== settings.name)
      throw new ConsoleFailure(
        'confirmation-mismatch',
        `The confirmation names "${typed.profileName}", but the production profile is "${settings.name}". Nothing was saved.`,
        { profileName: settings.name, typed: typed.profileName },
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
      throw new ConsoleFailure(
        'production-plain-http',
        `"${settings.name}" is a production profile: its base URL must use https:// (plain http:// is allowed only for this machine, e.g. http://127.0.0.1). Nothing was saved or sent.`,
        { profileName: settings.name, host: url.hostname },
      );
  }
}
