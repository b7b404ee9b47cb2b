/**
 * Main's side of the recording proxy: which profile it may forward to, one session at a time, and the
 * recording saved as a scenario. The trust decisions are here, next to the profiles: a Sandbox profile is
 * refused (its worlds record the shop themselves), a production profile needs its name typed (the
 * production guard's own check), and the target is always the stored profile's address — never one the
 * caller names.
 */
import { mainText } from '@shared/console-text';
import { ConsoleFailure } from '@shared/result';
import { findShopProblems, type ShopFinding } from '@shared/shop/findings';
import type { ShopTrafficPage } from '@shared/shop/traffic';
import type { ProxySession as ProxySessionView } from '@shared/contract/shop-proxy';
import { loadScenarioInSlices } from '../qa/scenario-loader';
import { scenarioFileName, type ScenarioFolder } from '../qa/scenario-folder';
import { ProxySession } from '../shop/proxy-session';
import { proxyTargetOf } from '../shop/proxy-target';
import { scenarioFromRecording, type RecordingScenario } from '../shop/recording-to-scenario';
import type { StoredProfile } from './profiles/profile-file';
import { ProductionGuard } from './profiles/production-guard';

/** Where the control finds the stored profile (main's registry; the CLI's profiles.json): throws when unknown. */
export interface ProxyProfiles {
  stored(id: string): StoredProfile;
}

export interface StartProxyInput {
  profileId: string;
  port?: number | undefined;
  productionConfirmation?: { profileName: string } | undefined;
}

/** Every entry of a session's log, oldest first (the log keeps the newest 10,000). */
function allEntries(session: ProxySession): ShopTrafficPage['entries'] {
  const entries: ShopTrafficPage['entries'] = [];
  let after = 0;
  for (;;) {
    const page = session.traffic.since(after);
    entries.push(...page.entries);
    if (!page.hasMore || page.entries.length === 0) return entries;
    after = page.nextCursor;
  }
}

export class ShopProxyControl {
  /** The running session, or the last one stopped (its recording stays readable and saveable). */
  private session: ProxySession | null = null;
  private running = false;

  constructor(
    private readonly deps: {
      profiles: ProxyProfiles;
      scenarioFolder?: ScenarioFolder | undefined;
      host?: string;
      /** Each entry as it is recorded, masked (main pushes it to the renderer's live view). */
      onRecorded?: (entry: ShopTrafficPage['entries'][number]) => void;
      /**
       * Made once per session, for the profile it forwards to: appends each entry, masked as the session
       * captured it, to main's record — History and the Traffic view then hold the proxied calls with no
       * window open (marked `via: 'proxy'`).
       */
      recordFor?: (profileId: string) => Promise<(entry: ShopTrafficPage['entries'][number]) => void>;
    },
  ) {}

  async start(input: StartProxyInput): Promise<ProxySession> {
    const profile = this.deps.profiles.stored(input.profileId);
    if (this.running && this.session)
      throw new ConsoleFailure(
        'proxy-running',
        mainText('proxyAlreadyRunning', { name: this.session.profile.name, apiUrl: this.session.apiUrl }),
        { profileId: this.session.profile.id },
      );
    if (profile.environment === 'sandbox')
      throw new ConsoleFailure('proxy-sandbox-profile', mainText('proxySandboxProfile', { name: profile.name }), {
        profileId: profile.id,
      });
    // Forwarding a shop's calls to production moves real money: the same deliberate act as any production call.
    ProductionGuard.confirmName(
      profile,
      input.productionConfirmation,
      'forward a shop’s calls to it through the recording proxy',
      'The proxy was not started.',
    );
    // Ready before the proxy listens: the shop's first call is recorded like every other.
    const record = this.deps.recordFor ? await this.deps.recordFor(profile.id) : null;
    let session: ProxySession;
    try {
      session = await ProxySession.start({
        profile,
        ...(input.port !== undefined ? { port: input.port } : {}),
        ...(this.deps.host !== undefined ? { host: this.deps.host } : {}),
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
        throw new ConsoleFailure('proxy-port-in-use', mainText('proxyPortInUse', { port: input.port ?? 0 }), {
          port: input.port ?? 0,
        });
      throw error;
    }
    await this.session?.close();
    this.session = session;
    this.running = true;
    const onRecorded = this.deps.onRecorded;
    if (onRecorded) session.traffic.subscribe(onRecorded);
    if (record) session.traffic.subscribe(record);
    return session;
  }

  /**
   * Profiles were saved or deleted. The proxy was started for a profile as it was then (a test profile,
   * or production confirmed by name): one moved to production or to another address, or deleted, no
   * longer says where the shop's calls may go, so the proxy stops rather than forward on its old say-so.
   */
  async profilesChanged(ids: readonly string[]): Promise<boolean> {
    const session = this.running ? this.session : null;
    if (!session || !ids.includes(session.profile.id)) return false;
    let now: StoredProfile | null;
    try {
      now = this.deps.profiles.stored(session.profile.id);
    } catch {
      now = null;
    }
    const target = now ? proxyTargetOf(now) : null;
    const unchanged =
      now !== null &&
      now.environment === session.profile.environment &&
      target?.origin === session.target.origin &&
      target.apiBasePath === session.target.apiBasePath;
    if (unchanged) return false;
    await this.stop();
    return true;
  }

  async stop(): Promise<boolean> {
    if (!this.running || !this.session) return false;
    this.running = false;
    await this.session.close();
    return true;
  }

  status(): ProxySessionView | null {
    const session = this.running ? this.session : null;
    if (!session) return null;
    return {
      id: session.id,
      profileId: session.profile.id,
      profileName: session.profile.name,
      environment: session.profile.environment,
      targetOrigin: session.target.origin,
      apiUrl: session.apiUrl,
      startedAt: session.startedAt.toISOString(),
      calls: session.traffic.latestSeq,
      findings: this.findings().length,
    };
  }

  traffic(after = 0, limit?: number): ShopTrafficPage {
    if (!this.session) return { entries: [], nextCursor: 0, hasMore: false };
    return this.session.traffic.since(after, limit);
  }

  /** Every entry of the current (or last) recording, oldest first. */
  recording(): ShopTrafficPage['entries'] {
    return this.session ? allEntries(this.session) : [];
  }

  /** What the shop did wrong in the recording: the same judgement as a Sandbox world's traffic gets. */
  findings(): ShopFinding[] {
    if (!this.session) return [];
    return findShopProblems(allEntries(this.session), { clientIdHeader: this.session.profile.clientIdHeader });
  }

  /** Calls each entry as it is recorded (the CLI prints them); returns the unsubscribe. */
  onEntry(listener: (entry: ShopTrafficPage['entries'][number]) => void): () => void {
    return this.session ? this.session.traffic.subscribe(listener) : () => undefined;
  }

  /** The current (or last) recording as a scenario file's text. */
  scenario(name: string): RecordingScenario {
    const session = this.session;
    if (!session) throw new ConsoleFailure('proxy-no-recording', mainText('proxyNoRecording'));
    const built = scenarioFromRecording(allEntries(session), {
      name,
      variant: session.profile.variant,
      recordedOn: session.profile.name,
    });
    if (built.steps === 0) throw new ConsoleFailure('proxy-nothing-recorded', mainText('proxyNothingRecorded'));
    return built;
  }

  /** Saves the recording under `recorded/` in the scenario folder, once it loads as a scenario. */
  async saveScenario(input: { file: string; name: string; replace?: boolean | undefined }) {
    const folder = this.deps.scenarioFolder;
    if (!folder) throw new ConsoleFailure('proxy-no-recording', mainText('proxyNoRecording'));
    // Never beside (or instead of) the built-ins: recordings have their own folder.
    const file = scenarioFileName(`recorded/${input.file}`);
    const built = this.scenario(input.name);
    // What is written is what the Scenarios screen will load: a file that would not load is not kept.
    await loadScenarioInSlices(file, built.text);
    await folder.save(file, built.text, input.replace === true);
    return { file, steps: built.steps, skipped: built.skipped };
  }

  async close(): Promise<void> {
    this.running = false;
    await this.session?.close();
  }
}
