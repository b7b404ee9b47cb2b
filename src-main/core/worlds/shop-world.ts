/**
 * The shop under test's world (issue 29 §1): one Sandbox world of the embedded simulator that a merchant's
 * own shop is pointed at. Main makes it on first use and keeps it (the simulator persists its state; the
 * address and the shop's webhook are in `shop-world.json`), appends everything the world captures of the
 * shop to its record — while no window is open too — and hands the shop's connection details to the
 * Traffic view. The credentials it hands out are the simulator's Sandbox credentials, checked to be so.
 */
import type { ShopArmed, ShopConnection } from '@shared/contract/shop';
import type { CallFault, NotificationChaos, ShopperOutcome, WorldShopper } from '@shared/shop/shop-faults';
import type { SecretName } from '@shared/contract/profiles';
import { mainText, type MainText } from '@shared/console-text';
import { ConsoleFailure } from '@shared/result';
import { SHOP_WORLD_ID } from '@shared/sandbox-worlds';
import type { ShopTrafficEntry } from '@shared/shop/traffic';
import { logger } from '../../common/logger';
import type { RunningSimulator, SimWorld, TransactionView } from '../../simulator';
import { SimError } from '../../simulator/errors';
import type { ProfileRegistry } from '../profiles/profile-registry';
import type { ProfileSecrets } from '../profiles/profile-secrets';
import { SANDBOX_PROFILES } from '../sandbox';
import type { SandboxWorlds } from './sandbox-worlds';
import { maskShopEntry } from '../../shop/mask-shop-entry';
import type { ShopSettings } from '../../shop/shop-settings';

export interface ShopWorldDeps {
  simulator: RunningSimulator;
  worlds: SandboxWorlds;
  profiles: ProfileRegistry;
  secrets: ProfileSecrets;
  settings: ShopSettings;
  /** Appends one masked entry to main's record (and pushes it to every window). */
  record: (entry: ShopTrafficEntry) => void;
  /** Appends that the world's traffic was forgotten (a reset): the Traffic view and History start empty after it. */
  recordReset: (worldId: string) => void;
  /** Said once when the simulator could not take its remembered port again. */
  portNotice: MainText | null;
}

/** Why a webhook URL is refused, or null when the shop's world may deliver to it. */
export function webhookUrlProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not a URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return `scheme ${parsed.protocol} is not http or https`;
  if (parsed.username || parsed.password) return 'it names a user or password';
  return null;
}

export class ShopWorld {
  private opening: Promise<SimWorld> | null = null;
  private stopRecording: (() => void) | null = null;

  constructor(private readonly deps: ShopWorldDeps) {}

  /** At start: a shop world kept from before records again and delivers to the shop's webhook again. */
  async resume(): Promise<void> {
    if (this.deps.simulator.worlds.get(SHOP_WORLD_ID)) await this.world();
  }

  async connection(): Promise<ShopConnection> {
    const world = await this.world();
    const { simulator } = this.deps;
    const { webhookUrl } = await this.deps.settings.read();
    const terminals: ShopConnection['terminals'] = [];
    for (const sandbox of SANDBOX_PROFILES)
      terminals.push({
        variant: sandbox.variant,
        terminalId: sandbox.terminalId,
        bearerToken: await this.sandboxSecret(sandbox.id, 'bearerToken'),
      });
    return {
      worldId: world.id,
      baseUrl: simulator.url,
      pathPrefix: world.basePath,
      version: simulator.version,
      apiUrl: world.apiUrl,
      clientIdHeader: simulator.clientIdHeader,
      clientId: await this.sandboxSecret(SANDBOX_PROFILES[0].id, 'clientId'),
      webhookSecret: await this.sandboxSecret(SANDBOX_PROFILES[0].id, 'webhookSecret'),
      terminals,
      webhookUrl,
      capturing: world.traffic.recording,
      notice: this.deps.portNotice,
    };
  }

  async setWebhook(url: string | null): Promise<ShopConnection> {
    const trimmed = url?.trim() || null;
    const problem = trimmed === null ? null : webhookUrlProblem(trimmed);
    if (problem) throw new ConsoleFailure('invalid-input', mainText('shopWebhookInvalid', { reason: problem }));
    await this.deps.settings.update({ webhookUrl: trimmed });
    await this.applyWebhook(await this.world());
    return this.connection();
  }

  /** Plays the shopper on one of the shop world's transactions (the world refuses one it does not hold). */
  async shopperOutcome(transactionId: string, outcome: ShopperOutcome): Promise<TransactionView> {
    const world = await this.world();
    return refusedAsFailure(() => world.control.shopperOutcome(transactionId, outcome));
  }

  /** The shop world's shopper: what it does with every new payment and every new extra step. */
  async worldShopper(): Promise<WorldShopper> {
    return (await this.world()).control.worldShopper();
  }

  /** Sets it (a part left out stays as it is); the world keeps it in its state, so a restart keeps it too. */
  async setWorldShopper(input: Partial<WorldShopper>): Promise<WorldShopper> {
    const world = await this.world();
    return refusedAsFailure(() => world.control.setWorldShopper(input));
  }

  async armCallFault(fault: CallFault): Promise<ShopArmed> {
    const world = await this.world();
    return armedView(await refusedAsFailure(() => world.faults.armCallFault(fault)));
  }

  async armNotificationChaos(input: {
    transactionId: string;
    control: NotificationChaos;
    times?: number | undefined;
    seconds?: number | undefined;
  }): Promise<ShopArmed> {
    const world = await this.world();
    return armedView(
      await refusedAsFailure(() =>
        world.faults.armDelivery(input.transactionId, input.control, input.times ?? 1, input.seconds),
      ),
    );
  }

  async clearFaults(): Promise<ShopArmed> {
    const world = await this.world();
    return armedView(world.faults.clearCallFaults());
  }

  close(): void {
    this.stopRecording?.();
    this.stopRecording = null;
  }

  /** The shop's world, made (or reopened) once, recording into main's record from its first call on. */
  private world(): Promise<SimWorld> {
    const existing = this.deps.simulator.worlds.get(SHOP_WORLD_ID);
    if (existing && this.stopRecording) return Promise.resolve(existing);
    this.opening ??= (async () => {
      await this.deps.worlds.ensure(SHOP_WORLD_ID, { label: 'Shop under test' });
      const world = this.deps.simulator.worlds.get(SHOP_WORLD_ID)!;
      await this.applyWebhook(world);
      await this.record(world);
      return world;
    })().finally(() => {
      this.opening = null;
    });
    return this.opening;
  }

  private async applyWebhook(world: SimWorld): Promise<void> {
    const { webhookUrl } = await this.deps.settings.read();
    const secret = await this.sandboxSecret(SANDBOX_PROFILES[0].id, 'webhookSecret');
    world.setWebhook(webhookUrl ? { url: webhookUrl, secret } : null);
  }

  private async record(world: SimWorld): Promise<void> {
    this.stopRecording?.();
    // Read once: appended synchronously, entries keep the world's order in the record.
    const secrets = await this.knownSecrets();
    let lastSeq = 0;
    const keep = (entry: ShopTrafficEntry) => {
      if (entry.seq <= lastSeq) return;
      lastSeq = entry.seq;
      try {
        this.deps.record(maskShopEntry(entry, secrets));
      } catch (error) {
        logger.warn('recording the shop’s traffic failed', error);
      }
    };
    // What the world captured before this point (a shop calling while the console was starting), then
    // everything live: read and subscribed in one synchronous step, so no entry falls between the two.
    for (let page = world.traffic.since(0); ; page = world.traffic.since(page.nextCursor)) {
      page.entries.forEach(keep);
      if (!page.hasMore || page.entries.length === 0) break;
    }
    const stopEntries = world.traffic.subscribe(keep);
    // Reset through main or straight through the world's control API (a shop's CI): recorded either way.
    const stopResets = world.traffic.onCleared(() => {
      try {
        this.deps.recordReset(world.id);
      } catch (error) {
        logger.warn('recording the shop world’s reset failed', error);
      }
    });
    this.stopRecording = () => {
      stopEntries();
      stopResets();
    };
  }

  /** The Sandbox's credentials, masked wherever a capture let one through. */
  private async knownSecrets(): Promise<string[]> {
    const values: string[] = [];
    for (const sandbox of SANDBOX_PROFILES) values.push(...(await this.deps.secrets.known(sandbox.id)));
    return values;
  }

  /**
   * A Sandbox profile's secret, only after checking the profile is the console's own Sandbox: managed,
   * of the sandbox environment and pointed at this simulator — a real profile's secret never leaves main.
   */
  private async sandboxSecret(profileId: string, name: SecretName): Promise<string> {
    const profile = this.deps.profiles.find(profileId);
    const isSandbox =
      profile !== undefined &&
      profile.id === profileId &&
      profile.managed === true &&
      profile.environment === 'sandbox' &&
      profile.baseUrl === this.deps.simulator.url;
    const value = isSandbox ? await this.deps.secrets.get(profileId, name) : null;
    if (!value) throw new ConsoleFailure('simulator-not-running', mainText('shopNeedsSimulator'));
    return value;
  }
}

type Armed = ReturnType<SimWorld['faults']['armed']>;

const armedView = (armed: Armed): ShopArmed => ({
  calls: armed.calls.map(({ kind, status, operation, remaining }) => ({
    kind,
    ...(status !== undefined ? { status } : {}),
    ...(operation !== undefined ? { operation } : {}),
    remaining,
  })),
  deliveries: armed.deliveries.map(({ transactionId, control, remaining }) => ({ transactionId, control, remaining })),
});

const FAILURE_CODES: Record<number, string> = { 400: 'invalid-input', 404: 'not-found', 409: 'conflict' };

/** The world's refusal (unknown transaction, a final payment, a bad fault) travels as data, in its words. */
async function refusedAsFailure<T>(act: () => T | Promise<T>): Promise<T> {
  try {
    return await act();
  } catch (error) {
    if (error instanceof SimError)
      throw new ConsoleFailure(FAILURE_CODES[error.httpStatus] ?? 'simulator-error', error.text ?? error.message);
    throw error;
  }
}
