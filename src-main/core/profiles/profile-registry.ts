import { randomUUID } from 'node:crypto';
import type { Profile, ProfileSettings, SecretName } from '@shared/contract/profiles';
import { ConsoleFailure } from '@shared/result';
import type { GatewayConnection } from '../../gateway';
import { checkLookupOnlyRelease, type LookupOnlyRelease } from '../../support/lookup-only-guard';
import { originOf } from '@shared/origin';
import type { ProfileFile, StoredProfile } from './profile-file';
import { SECRET_NAMES, type ProfileSecrets } from './profile-secrets';
import { ProductionGuard } from './production-guard';
import { mainText } from '@shared/console-text';

/** What a lookup-only copy takes from the profile it follows, live: where and as whom it asks. */
const FOLLOWED_FIELDS = [
  'environment',
  'baseUrl',
  'pathPrefix',
  'version',
  'clientIdHeader',
  'terminalId',
  'variant',
] as const satisfies ReadonlyArray<keyof ProfileSettings>;

/** The secrets main sends to the gateway, bound to the origin they were entered for. */
const GATEWAY_SECRETS: readonly SecretName[] = ['bearerToken', 'clientId'];

export interface SaveInput {
  id?: string | undefined;
  settings: ProfileSettings;
  secrets?: Partial<Record<SecretName, string>> | undefined;
  managed?: boolean;
  lookupOnlyRelease?: LookupOnlyRelease | undefined;
  /** Needed to save a production profile: its name, typed by the user. */
  productionConfirmation?: { profileName: string } | undefined;
}

/** Profiles as the rest of main uses them: settings from profiles.json, secrets from the keychain. */
export class ProfileRegistry {
  /** Changes run one at a time: each reads and rewrites the file and the guard's fingerprint list. */
  private queue: Promise<unknown> = Promise.resolve();

  private serial<T>(change: () => Promise<T>): Promise<T> {
    const next = this.queue.then(change, change);
    this.queue = next.catch(() => undefined);
    return next;
  }

  constructor(
    private readonly file: ProfileFile,
    private readonly secrets: ProfileSecrets,
    private readonly guard: ProductionGuard,
  ) {}

  get problems(): readonly string[] {
    return this.file.problems;
  }

  /**
   * Queued with the changes: a listing reads the file, then the keychain for each profile, and a
   * change landing in between would give an answer that is neither before nor after it (a deleted
   * profile listed after `profiles.changed` announced its removal).
   */
  list(): Promise<Profile[]> {
    return this.serial(async () => {
      const stored = this.file.list().sort((a, b) => Number(b.managed) - Number(a.managed));
      return Promise.all(stored.map((profile) => this.present(profile)));
    });
  }

  async get(id: string): Promise<Profile> {
    return this.present(this.stored(id));
  }

  /** Finds a profile by id or, for the CLI, by exact name. */
  find(idOrName: string): StoredProfile | undefined {
    return this.file.get(idOrName) ?? this.file.list().find((profile) => profile.name === idOrName);
  }

  stored(id: string): StoredProfile {
    const profile = this.file.get(id);
    if (!profile) throw new ConsoleFailure('not-found', mainText('profileNotFound', { id }));
    return profile;
  }

  save(input: SaveInput): Promise<Profile> {
    return this.serial(() => this.saveNow(input));
  }

  /**
   * "New lookup-only profile from this one": a profile that can only look up, asking with `fromId`'s
   * address and credentials as they are at each call. No secret is copied (none leaves the keychain).
   */
  deriveLookupOnly(fromId: string, name: string): Promise<Profile> {
    return this.serial(async () => {
      const from = this.stored(fromId);
      // A copy of a copy follows the original: one hop, never a chain that could loop.
      const source = from.followsProfile ? this.stored(from.followsProfile) : from;
      if (this.file.list().some((profile) => profile.name === name))
        throw new ConsoleFailure('duplicate-name', mainText('profileDuplicateName', { name }));
      const now = new Date().toISOString();
      // Its own notification settings: a lookup desk replays nothing.
      const {
        id: _id,
        managed: _managed,
        createdAt: _created,
        updatedAt: _updated,
        webhookUrl: _webhook,
        ...settings
      } = source;
      const id = randomUUID();
      await this.file.put({
        ...settings,
        name,
        lookupOnly: true,
        id,
        managed: false,
        followsProfile: source.id,
        createdAt: now,
        updatedAt: now,
      });
      return this.get(id);
    });
  }

  clearSecret(id: string, name: SecretName): Promise<Profile> {
    return this.serial(() => this.clearSecretNow(id, name));
  }

  delete(id: string): Promise<boolean> {
    return this.serial(() => this.deleteNow(id));
  }

  /** For the console only (its worlds' profiles): removes a managed profile and its secrets. */
  deleteManaged(id: string): Promise<boolean> {
    return this.serial(async () => {
      const profile = this.file.get(id);
      if (!profile?.managed) return false;
      await this.secrets.clearAll(id);
      await this.guard.forget(id);
      return this.file.remove(id);
    });
  }

  private async saveNow(input: SaveInput): Promise<Profile> {
    const now = new Date().toISOString();
    // Only the console creates profiles with a chosen id (the Sandbox ones); users update by id.
    const existing = input.id === undefined || input.managed ? this.file.get(input.id ?? '') : this.stored(input.id);
    if (existing && !input.managed) this.refuseManaged(existing);
    checkLookupOnlyRelease(existing, input.settings, input.lookupOnlyRelease);
    ProductionGuard.refusePlainHttp(input.settings);
    if (!input.managed)
      ProductionGuard.confirmName(input.settings, input.productionConfirmation, 'save it', 'Nothing was saved.');
    const id = existing?.id ?? input.id ?? randomUUID();
    const follows = existing && this.keepsFollowing(existing, input) ? existing.followsProfile : undefined;
    const duplicate = this.file.list().find((profile) => profile.name === input.settings.name && profile.id !== id);
    if (duplicate)
      throw new ConsoleFailure('duplicate-name', mainText('profileDuplicateName', { name: input.settings.name }));
    // Check every secret against the production line before anything is written, so a refused save changes nothing.
    const incoming = Object.entries(input.secrets ?? {}) as Array<[SecretName, string]>;
    const origin = originOf(input.settings.baseUrl)!;
    const dropped = existing ? await this.droppedByMove(existing, origin, incoming, input.managed === true) : [];
    const kept = existing ? (await this.keptSecrets(id, incoming)).filter(([name]) => !dropped.includes(name)) : [];
    for (const [name, value] of [...incoming, ...kept])
      await this.guard.check(input.settings.environment, name, value, id);
    // Cleared before the new address is written: at no moment does the file name the new origin while the
    // old credentials are still there for it.
    for (const name of dropped) {
      await this.secrets.clear(id, name);
      await this.guard.forget(id, name);
    }
    await this.file.put({
      ...input.settings,
      id,
      managed: input.managed ?? false,
      ...(follows ? { followsProfile: follows } : {}),
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    });
    for (const [name, value] of incoming) await this.secrets.set(id, name, value);
    await this.secrets.bindOrigin(id, origin);
    // The environment may have changed: re-file every secret of the profile on the right side.
    for (const [name, value] of [...incoming, ...kept])
      await this.guard.record(id, input.settings.environment, name, value);
    return this.get(id);
  }

  private async clearSecretNow(id: string, name: SecretName): Promise<Profile> {
    const profile = this.stored(id);
    this.refuseManaged(profile);
    await this.secrets.clear(id, name);
    await this.guard.forget(id, name);
    await this.file.put({ ...profile, updatedAt: new Date().toISOString() });
    return this.get(id);
  }

  private async deleteNow(id: string): Promise<boolean> {
    const profile = this.file.get(id);
    if (!profile) return false;
    this.refuseManaged(profile);
    await this.secrets.clearAll(id);
    await this.guard.forget(id);
    return this.file.remove(id);
  }

  /**
   * Architecture rule 14: the gateway credentials are bound to the origin they were entered for. A save that
   * moves the profile to another origin drops the ones not entered again in the same save, so whoever can
   * edit an address cannot send the saved token and client id to a listener of their choosing. The Sandbox
   * profiles (`managed`) keep theirs: the console moves them itself, to its own simulator's new port.
   */
  private async droppedByMove(
    existing: StoredProfile,
    origin: string,
    incoming: Array<[SecretName, string]>,
    managed: boolean,
  ): Promise<SecretName[]> {
    if (managed) return [];
    // A profile saved before secrets were bound: they were entered for the address it has.
    const bound = (await this.secrets.boundOrigin(existing.id)) ?? originOf(existing.baseUrl);
    if (bound === origin) return [];
    return GATEWAY_SECRETS.filter((name) => !incoming.some(([given]) => given === name));
  }

  /**
   * The profile with its secrets, as the SDK needs it, and the origin they are bound to: the SDK attaches
   * them to a request for that origin only (GatewayClient), whatever the profile's address says. Stays in main.
   */
  async connection(id: string): Promise<GatewayConnection & { profile: StoredProfile }> {
    const { profile, source } = this.followed(this.stored(id));
    // A lookup-only copy asks with its source's credentials, bound to its source's origin.
    const secretsId = source?.id ?? id;
    // Checked at every call too: a profiles.json edited by hand is not saved through saveNow.
    ProductionGuard.refusePlainHttp(profile);
    let secretsOrigin = await this.secrets.boundOrigin(secretsId);
    if (secretsOrigin === null) {
      // A profile saved before secrets were bound: they were entered for the address it has.
      secretsOrigin = originOf(profile.baseUrl);
      if (secretsOrigin) await this.secrets.bindOrigin(secretsId, secretsOrigin);
    }
    return {
      secretsOrigin,
      profile,
      profileId: profile.id,
      baseUrl: profile.baseUrl,
      pathPrefix: profile.pathPrefix,
      version: profile.version,
      variant: profile.variant,
      terminalId: profile.terminalId,
      clientIdHeader: profile.clientIdHeader,
      callTimeoutMs: profile.callTimeoutMs ?? null,
      bearerToken: await this.secrets.get(secretsId, 'bearerToken'),
      clientId: await this.secrets.get(secretsId, 'clientId'),
    };
  }

  private async keptSecrets(id: string, incoming: Array<[SecretName, string]>): Promise<Array<[SecretName, string]>> {
    const out: Array<[SecretName, string]> = [];
    for (const name of SECRET_NAMES) {
      if (incoming.some(([given]) => given === name)) continue;
      const value = await this.secrets.get(id, name);
      if (value) out.push([name, value]);
    }
    return out;
  }

  /**
   * A lookup-only copy stays a copy while it is saved lookup-only, at the address it shows (its source's)
   * and with no credentials of its own; any other save makes it an ordinary profile with what was given.
   */
  private keepsFollowing(existing: StoredProfile, input: SaveInput): boolean {
    if (!existing.followsProfile || input.settings.lookupOnly !== true || input.secrets) return false;
    const source = this.file.get(existing.followsProfile);
    return !!source && FOLLOWED_FIELDS.every((field) => input.settings[field] === source[field]);
  }

  /** A lookup-only copy seen through its source's address; a copy whose source is gone says so. */
  private followed(profile: StoredProfile): { profile: StoredProfile; source: StoredProfile | null } {
    if (!profile.followsProfile) return { profile, source: null };
    const source = this.file.get(profile.followsProfile);
    if (!source) throw new ConsoleFailure('not-found', mainText('lookupCopySourceGone', { name: profile.name }));
    const live = Object.fromEntries(FOLLOWED_FIELDS.map((field) => [field, source[field]]));
    return { profile: { ...profile, ...live, lookupOnly: true }, source };
  }

  /** The Sandbox profiles are rewritten by the console on every start; user edits would be lost or break them. */
  private refuseManaged(profile: StoredProfile): void {
    if (profile.managed)
      throw new ConsoleFailure('managed-profile', mainText('profileManaged', { name: profile.name }));
  }

  private async present(stored: StoredProfile): Promise<Profile> {
    let shown: { profile: StoredProfile; source: StoredProfile | null };
    try {
      shown = this.followed(stored);
    } catch {
      // The source was deleted: listed as saved, with no credentials; a call explains why it cannot ask.
      shown = { profile: stored, source: null };
    }
    const { followsProfile: _follows, ...profile } = shown.profile;
    const secrets = await this.secrets.states(shown.source?.id ?? stored.id);
    return { ...profile, ...(shown.source ? { lookupCopyOf: shown.source.name } : {}), secrets };
  }
}
