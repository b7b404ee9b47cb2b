/**
 * The console's own Sandbox worlds (architecture rule 15): the demo's, one per scenario run and one per QA
 * session that asked for it. Each is an isolated world of the embedded simulator (its transactions,
 * clock, deliveries and faults), reached through two managed profiles (`world-<id>-a|b`) whose base path
 * is the world's. They ask with the Sandbox's own credentials at the Sandbox's own origin: a world shares
 * the simulator's origin, so no credential is ever sent anywhere the Sandbox's would not go.
 * The user's Sandbox (the simulator's default world) and its profiles are never touched here.
 */
import type { SecretName } from '@shared/contract/profiles';
import type { SimulatorWorld } from '@shared/contract/simulator';
import { ConsoleFailure } from '@shared/result';
import { mainText } from '@shared/console-text';
import { worldKindOf, worldOfProfileId, worldProfileId, type WorldKind } from '@shared/sandbox-worlds';
import type { RunningSimulator } from '../../simulator';
import { SimError } from '../../simulator/errors';
import type { ProfileRegistry } from '../profiles/profile-registry';
import type { ProfileSecrets } from '../profiles/profile-secrets';
import { SANDBOX_COLOUR, SANDBOX_PROFILES } from '../sandbox';

type SimWorld =
  ReturnType<RunningSimulator['worlds']['create']> extends Promise<infer W>
    ? W
    : ReturnType<RunningSimulator['worlds']['create']>;

/** The controls of one world: the user's Sandbox's (`worldId` null) or one of the console's worlds. */
export type WorldControls = Pick<SimWorld, 'control' | 'faults' | 'apiUrl'>;

export interface OpenedWorld {
  worldId: string;
  /** The managed profile per variant that reaches the world. */
  profiles: { A: string; B: string };
}

/** The secrets a world's profiles take from the Sandbox profile of their variant. */
const SHARED_SECRETS: readonly SecretName[] = ['bearerToken', 'clientId', 'webhookSecret'];

const KIND_NAMES: Record<WorldKind, string> = { demo: 'Demo', run: 'Run', session: 'Session', shop: 'Shop' };

export class SandboxWorlds {
  /** Opens and closes run one at a time: each saves or removes profiles beside the simulator's world. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly deps: {
      simulator: RunningSimulator;
      profiles: ProfileRegistry;
      secrets: ProfileSecrets;
      /** The console's notification receiver, where every world delivers (as the Sandbox does). */
      webhookUrl: string | null;
      /** Forgets what main kept for profiles that no longer reach anything (their signatures). */
      forgetProfiles: (profileIds: string[]) => Promise<void>;
      /** Told which profiles a world's opening or closing added or removed (the profile lists reload). */
      onProfilesChanged?: (profileIds: string[]) => void;
    },
  ) {}

  private serial<T>(change: () => Promise<T>): Promise<T> {
    const next = this.queue.then(change, change);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /**
   * Makes the world `worldId` (a fresh one: a world of that id left from before is discarded first) and
   * its two profiles. `label` names it in profile names, e.g. "Run 3f2a…".
   */
  open(worldId: string, options: { label?: string; clockOffsetMs?: number } = {}): Promise<OpenedWorld> {
    const kind = worldKindOf(worldId);
    if (!kind) throw new ConsoleFailure('invalid-input', mainText('worldIdInvalid', { id: worldId }));
    return this.serial(async () => {
      if (this.deps.simulator.worlds.get(worldId)) await this.closeNow(worldId);
      let world: SimWorld;
      try {
        world = this.deps.simulator.worlds.create({
          id: worldId,
          ...(options.clockOffsetMs !== undefined ? { clockOffsetMs: options.clockOffsetMs } : {}),
        });
      } catch (error) {
        // The simulator's refusal (e.g. its cap on worlds) says what to do; it travels as data.
        if (error instanceof SimError) throw new ConsoleFailure('conflict', error.message);
        throw error;
      }
      try {
        await this.saveProfiles(world, options.label ?? `${KIND_NAMES[kind]} ${worldId.slice(kind.length + 1)}`);
      } catch (error) {
        await this.closeNow(worldId);
        throw error;
      }
      const profiles = { A: worldProfileId(worldId, 'A'), B: worldProfileId(worldId, 'B') };
      this.deps.onProfilesChanged?.([profiles.A, profiles.B]);
      return { worldId, profiles };
    });
  }

  /**
   * The world `worldId` as it is — its transactions, clock and profiles kept — made only when it does
   * not exist yet (the shop under test's world: what the shop was configured with must keep working).
   */
  ensure(worldId: string, options: { label?: string } = {}): Promise<OpenedWorld> {
    const world = this.deps.simulator.worlds.get(worldId);
    if (!world) return this.open(worldId, options);
    const profiles = { A: worldProfileId(worldId, 'A'), B: worldProfileId(worldId, 'B') };
    if (this.deps.profiles.find(profiles.A) && this.deps.profiles.find(profiles.B))
      return Promise.resolve({ worldId, profiles });
    // A world made without its profiles (through the simulator's own API): the console can reach it too.
    return this.serial(async () => {
      await this.saveProfiles(world, options.label ?? worldId);
      this.deps.onProfilesChanged?.([profiles.A, profiles.B]);
      return { worldId, profiles };
    });
  }

  /** Discards a world, its profiles and what main kept for them. True when there was one. */
  close(worldId: string): Promise<boolean> {
    return this.serial(() => this.closeNow(worldId));
  }

  /**
   * The Simulator screen's "Discard this world": main decides which worlds a user may discard there —
   * a scenario run's or a QA session's, never the demo's (End demo does that) nor a world the console
   * did not make, and the user's Sandbox is not a world id at all.
   */
  discardOnRequest(worldId: string): Promise<boolean> {
    const kind = worldKindOf(worldId);
    if (kind === 'demo') throw new ConsoleFailure('conflict', mainText('worldDiscardDemo'));
    if (kind === null) throw new ConsoleFailure('invalid-input', mainText('worldDiscardNotOwn', { id: worldId }));
    if (!this.deps.simulator.worlds.get(worldId))
      throw new ConsoleFailure('not-found', mainText('worldNotFound', { id: worldId }));
    return this.close(worldId);
  }

  /**
   * A world's controls; null (or absent) is the user's Sandbox. Refused for a world that does not exist
   * and for one the console did not make (a CI shard's world, the simulator's own default by its name).
   */
  controls(worldId: string | null | undefined): WorldControls {
    if (worldId === null || worldId === undefined) return this.deps.simulator;
    const world = worldKindOf(worldId) === null ? undefined : this.deps.simulator.worlds.get(worldId);
    if (!world) throw new ConsoleFailure('not-found', mainText('worldNotFound', { id: worldId }));
    return world;
  }

  /** The worlds the console made, with what the Simulator screen shows in its picker. */
  async list(): Promise<SimulatorWorld[]> {
    const worlds = await this.deps.simulator.worlds.list();
    return worlds
      .filter((world) => worldKindOf(world.id) !== null)
      .map((world) => ({
        id: world.id,
        kind: worldKindOf(world.id)!,
        name: this.nameOf(world.id),
        transactionCount: world.control.transactionCount(),
        clock: world.control.clockView(),
      }));
  }

  /**
   * After a start: the simulator's port changed, so every world profile is pointed at it again; a
   * profile whose world is gone (its state file removed by hand) is removed, and so are the world's signatures.
   */
  reconcile(): Promise<void> {
    return this.serial(async () => {
      const stored = (await this.deps.profiles.list()).filter((profile) => worldOfProfileId(profile.id) !== null);
      const orphans: string[] = [];
      for (const profile of stored) {
        const worldId = worldOfProfileId(profile.id)!;
        const world = this.deps.simulator.worlds.get(worldId);
        if (!world) orphans.push(profile.id);
        else await this.saveProfile(world, profile.variant, profile.name);
      }
      for (const id of orphans) await this.deps.profiles.deleteManaged(id);
      if (orphans.length) await this.deps.forgetProfiles(orphans);
    });
  }

  private nameOf(worldId: string): string {
    const stored = this.deps.profiles.find(worldProfileId(worldId, 'A'));
    return stored ? stored.name.replace(/ · Variant A$/, '') : worldId;
  }

  private async closeNow(worldId: string): Promise<boolean> {
    const profileIds = (['A', 'B'] as const).map((variant) => worldProfileId(worldId, variant));
    for (const id of profileIds) await this.deps.profiles.deleteManaged(id);
    await this.deps.forgetProfiles(profileIds);
    this.deps.onProfilesChanged?.(profileIds);
    if (!this.deps.simulator.worlds.get(worldId)) return false;
    await this.deps.simulator.worlds.delete(worldId);
    return true;
  }

  private async saveProfiles(world: SimWorld, label: string): Promise<void> {
    for (const sandbox of SANDBOX_PROFILES)
      await this.saveProfile(world, sandbox.variant, `${label} · Variant ${sandbox.variant}`);
  }

  private async saveProfile(world: SimWorld, variant: 'A' | 'B', name: string): Promise<void> {
    const { simulator, profiles, secrets, webhookUrl } = this.deps;
    const sandbox = SANDBOX_PROFILES.find((profile) => profile.variant === variant)!;
    const shared: Partial<Record<SecretName, string>> = {};
    for (const secret of SHARED_SECRETS) {
      const value = await secrets.get(sandbox.id, secret);
      if (value) shared[secret] = value;
    }
    await profiles.save({
      id: worldProfileId(world.id, variant),
      managed: true,
      settings: {
        name,
        environment: 'sandbox',
        baseUrl: simulator.url,
        pathPrefix: world.basePath,
        version: simulator.version,
        terminalId: sandbox.terminalId,
        variant,
        clientIdHeader: simulator.clientIdHeader,
        colour: SANDBOX_COLOUR,
        ...(webhookUrl ? { webhookUrl } : {}),
      },
      secrets: shared,
    });
  }
}
