import type { SecretName, SecretState } from '@shared/contract/profiles';
import { isSecretStoreUnavailable, type CredentialStore } from '../../credentials/credential-store';
import { registerSecret } from '../../common/redact-text';

export const SECRET_NAMES: readonly SecretName[] = ['bearerToken', 'clientId', 'webhookSecret'];

/**
 * Per-profile secrets in the credential store (OS keychain), account `<profileId>/<secret>`.
 * The single place main reads a secret from (architecture rule 10); values are registered with the
 * redactor as they are read so no log line can carry them.
 */
export class ProfileSecrets {
  constructor(private readonly store: CredentialStore) {}

  private account(profileId: string, name: SecretName): string {
    return `${profileId}/${name}`;
  }

  async get(profileId: string, name: SecretName): Promise<string | null> {
    const value = await this.store.get(this.account(profileId, name));
    registerSecret(value);
    return value;
  }

  /** Every secret a profile has (none set: empty): what a capture must never let through in clear. */
  async known(profileId: string): Promise<string[]> {
    const values: string[] = [];
    for (const name of SECRET_NAMES) {
      const value = await this.get(profileId, name);
      if (value) values.push(value);
    }
    return values;
  }

  async set(profileId: string, name: SecretName, value: string): Promise<void> {
    registerSecret(value);
    await this.store.set(this.account(profileId, name), value);
  }

  async clear(profileId: string, name: SecretName): Promise<void> {
    await this.store.delete(this.account(profileId, name));
  }

  async clearAll(profileId: string): Promise<void> {
    for (const name of SECRET_NAMES) await this.clear(profileId, name);
    await this.store.delete(this.originAccount(profileId));
  }

  /**
   * The origin (`scheme://host:port`, see originOf) the profile's gateway credentials were saved for, kept
   * next to them in the credential store: main sends them to that origin only. Null when none was recorded
   * (a profile saved before secrets were bound).
   */
  boundOrigin(profileId: string): Promise<string | null> {
    return this.store.get(this.originAccount(profileId));
  }

  async bindOrigin(profileId: string, origin: string): Promise<void> {
    if ((await this.boundOrigin(profileId)) !== origin) await this.store.set(this.originAccount(profileId), origin);
  }

  private originAccount(profileId: string): string {
    return `${profileId}/secretsOrigin`;
  }

  /** What the renderer may know: set or not, and the last four characters. */
  async states(profileId: string): Promise<Record<SecretName, SecretState>> {
    const out = {} as Record<SecretName, SecretState>;
    for (const name of SECRET_NAMES) {
      const value = await this.get(profileId, name).catch((error: unknown) => {
        // A locked or missing vault: the profile is listed, its secrets read as not available meanwhile.
        if (isSecretStoreUnavailable(error)) return null;
        throw error;
      });
      // Short secrets show no characters at all: four of eight would give half of it away.
      out[name] = !value ? { set: false } : value.length > 8 ? { set: true, last4: value.slice(-4) } : { set: true };
    }
    return out;
  }
}
