/**
 * Main's side of the team workspace: one connection per console, made and owned by main (the renderer
 * only asks and mirrors). It drains the outbox in order while connected, listens for what other consoles
 * add, and reconnects with backoff when the database goes away — work keeps queuing meanwhile.
 */
import { Client, type ClientConfig } from 'pg';
import { englishOf, mainText, type MainText } from '@shared/console-text';
import type { TeamActivity, TeamConfig, TeamConnectionState, TeamStatus } from '@shared/contract/team';
import { ConsoleFailure } from '@shared/result';
import { logger } from '../common/logger';
import { registerSecret } from '../common/redact-text';
import { ClientQueue } from './client-queue';
import type { Outbox, OutboxItem } from './outbox';
import type { TeamIndex } from './team-index';
import { pullSharedTransactions } from './team-pull';
import { clientConfig, parseWorkspaceUrl } from './workspace-address';
import { applyOutboxItem, MissingInWorkspace } from './workspace-writes';
import { ACTIVITY_CHANNEL } from './workspace-reads';
import type { WorkspaceSettings } from './workspace-settings';
import { readActivity } from './workspace-reads';
import { isRefusalState, sqlStateOf } from './sql-state';

export interface TeamSyncOptions {
  settings: WorkspaceSettings;
  outbox: Outbox;
  /** The workspace's schema version, refusing (ConsoleFailure) one newer than this console understands. */
  checkSchema: (client: Client) => Promise<number>;
  onStatus: (status: TeamStatus) => void;
  onActivity: (activity: TeamActivity) => void;
  /** Where the desk's shared transactions are pulled to on each connection (the first sync, then what is new). */
  index?: TeamIndex;
  /** Reconnect backoff (ms): doubles from `first` up to `max`. */
  backoff?: { first: number; max: number };
}

const CERTIFICATE_ERROR = /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ALTNAME/;
const isCertificateError = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as { code?: unknown }).code === 'string' &&
  CERTIFICATE_ERROR.test((error as { code: string }).code);

export class TeamSync {
  private client: Client | null = null;
  /** The connection's queue: the drain, the relay, the pull and searches take turns on it. */
  private queue: ClientQueue | null = null;
  private state: TeamConnectionState = 'off';
  private problem: MainText | null = null;
  private schemaVersion: number | null = null;
  private wanted = false;
  private draining: Promise<void> | null = null;
  private pulling: Promise<void> | null = null;
  private pull: TeamStatus['pull'] = null;
  private retryTimer: NodeJS.Timeout | null = null;
  /** When the next reconnect attempt is due (shown as "reconnecting in N s"); null when none is. */
  private retryAt: number | null = null;
  private retryDelay: number;
  private cached: Omit<TeamStatus, 'state' | 'notShared' | 'problem' | 'schemaVersion' | 'reconnectAt' | 'pull'> = {
    url: null,
    login: null,
    merchantId: null,
    tlsMode: 'verify-full',
    caPath: null,
    hasPassword: false,
  };

  /** Called once a workspace was (re)configured: main's record is then queued for it from its cursor. */
  onConfigured: () => void = () => undefined;

  constructor(private readonly options: TeamSyncOptions) {
    this.retryDelay = options.backoff?.first ?? 500;
    options.outbox.onChange(() => {
      this.publish();
      if (this.state === 'connected') this.drain();
    });
  }

  /**
   * Reads the saved workspace and starts connecting when one is configured (without waiting: a slow or
   * unreachable database never delays the console's start); without one, nothing happens.
   */
  async start(): Promise<void> {
    await this.refreshSaved();
    if (this.cached.url) {
      this.wanted = true;
      void this.connectNow();
    } else this.publish();
  }

  get configured(): boolean {
    return this.cached.url !== null;
  }

  status(): TeamStatus {
    return {
      ...this.cached,
      state: this.cached.url ? this.state : 'off',
      reconnectAt: this.cached.url && this.retryAt !== null ? new Date(this.retryAt).toISOString() : null,
      notShared: this.options.outbox.size,
      schemaVersion: this.schemaVersion,
      problem: this.problem,
      pull: this.cached.url ? this.pull : null,
    };
  }

  async configure(config: TeamConfig): Promise<TeamStatus> {
    const address = parseWorkspaceUrl(config.url);
    if (config.tlsMode === 'verify-full' && !config.caPath)
      throw new ConsoleFailure('team-ca-missing', mainText('teamCaMissing'));
    await this.options.settings.save(
      { url: address.url, merchantId: config.merchantId, tlsMode: config.tlsMode, caPath: config.caPath || null },
      config.password,
    );
    await this.refreshSaved();
    await this.disconnect();
    this.onConfigured();
    this.wanted = true;
    await this.connectNow();
    return this.status();
  }

  /** One attempt against the saved workspace: connects, checks the schema, and closes. */
  test(): Promise<{ schemaVersion: number; login: string }> {
    return this.withConnection(async (_client, schemaVersion, login) => ({ schemaVersion, login }));
  }

  /**
   * Work on a connection of its own, as this console's login (schema checked first), closed afterwards:
   * a reveal's audit entry or an audit-trail read never runs inside a queued item's transaction on the
   * shared connection, and does not wait for the drain. Throws ConsoleFailure when it cannot connect.
   */
  async withConnection<T>(work: (client: Client, schemaVersion: number, login: string) => Promise<T>): Promise<T> {
    const config = await this.clientConfigOrFail();
    const client = new Client(config);
    client.on('error', () => undefined);
    try {
      await client.connect().catch((error: unknown) => {
        throw this.connectFailure(error);
      });
      const version = await this.checkedSchemaVersion(client);
      return await work(client, version, config.user!);
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  /**
   * The keychain or vault became readable (the vault was unlocked): a workspace waiting for its password
   * connects now, without the user asking again.
   */
  credentialsUnlocked(): void {
    if (!this.wanted || this.client || this.state === 'connecting') return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.retryAt = null;
    void this.connectNow();
  }

  async connect(): Promise<TeamStatus> {
    await this.refreshSaved();
    if (!this.cached.url) throw new ConsoleFailure('team-not-configured', mainText('teamNotConfigured'));
    this.wanted = true;
    await this.connectNow();
    return this.status();
  }

  async disconnect(): Promise<TeamStatus> {
    this.wanted = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.retryAt = null;
    const client = this.client;
    this.client = null;
    this.queue = null;
    if (client) await client.end().catch(() => undefined);
    await this.draining?.catch(() => undefined);
    this.setState('offline', mainText('teamDisconnected'));
    return this.status();
  }

  close(): Promise<unknown> {
    return this.disconnect();
  }

  /** Queues a write (durably, before this returns) and shares it now when connected. */
  share(kind: OutboxItem['kind'], payload: Record<string, unknown>, clientId?: string): void {
    if (!this.configured) return;
    this.options.outbox.enqueue(kind, payload, clientId);
  }

  /** The merchant this console's work is filed under in the workspace (its scope there). */
  get merchantId(): string | null {
    return this.cached.merchantId;
  }

  /** The connection for reads (search), queued behind the work already on it; null when offline. */
  get readQueue(): ClientQueue | null {
    return this.state === 'connected' ? this.queue : null;
  }

  /**
   * Searches the copy of the desk's transactions pulled from the configured workspace (for when it cannot be
   * reached): the matches and when the copy was pulled, or null when there is none.
   */
  searchPulledCopy(query: string): ReturnType<TeamIndex['search']> | Promise<null> {
    const index = this.options.index;
    return index && this.cached.url ? index.search(this.cached.url, query) : Promise.resolve(null);
  }

  /** Settles once this connection's pull of the shared transactions ended (or there was none). */
  async pulled(): Promise<void> {
    await this.pulling;
  }

  /** Settles once everything queued so far reached the workspace (or the connection went). */
  async flushed(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async refreshSaved(): Promise<void> {
    const saved = await this.options.settings.read();
    const address = saved ? safeAddress(saved.url) : null;
    this.cached = {
      url: address?.url ?? null,
      login: address?.login ?? null,
      merchantId: saved?.merchantId ?? null,
      tlsMode: saved?.tlsMode ?? 'verify-full',
      caPath: saved?.caPath ?? null,
      hasPassword: saved ? await this.options.settings.hasPassword() : false,
    };
  }

  private async clientConfigOrFail(): Promise<ClientConfig> {
    const saved = await this.options.settings.read();
    if (!saved) throw new ConsoleFailure('team-not-configured', mainText('teamNotConfigured'));
    const password = await this.options.settings.password().catch((error: unknown) => {
      // A locked vault or keychain: the password is there but cannot be read yet (retried until it can).
      logger.warn('the team workspace password cannot be read now', error);
      throw new ConsoleFailure('team-password-locked', mainText('teamPasswordLocked'));
    });
    if (password === null) throw new ConsoleFailure('team-no-password', mainText('teamNoPassword'));
    // Known to the redaction every log line and error passes through: a driver message echoing it is masked.
    registerSecret(password);
    return clientConfig(parseWorkspaceUrl(saved.url), password, { mode: saved.tlsMode, caPath: saved.caPath });
  }

  private checkedSchemaVersion(client: Client): Promise<number> {
    return this.options.checkSchema(client);
  }

  private connectFailure(error: unknown): ConsoleFailure {
    const state = sqlStateOf(error);
    if (state === '28P01' || state === '28000')
      return new ConsoleFailure('team-login-refused', mainText('teamLoginRefused'), { sqlState: state });
    const reason = error instanceof Error ? error.message : String(error);
    // A certificate that does not verify is not a network hiccup: retrying would not make it trustworthy.
    if (isCertificateError(error))
      return new ConsoleFailure('team-tls-refused', mainText('teamTlsRefused', { reason: reason.slice(0, 300) }));
    return new ConsoleFailure('team-unreachable', mainText('teamUnreachable', { reason: reason.slice(0, 300) }));
  }

  private async connectNow(): Promise<void> {
    if (!this.wanted || this.client) return;
    this.setState('connecting', null);
    let client: Client | null = null;
    try {
      const config = await this.clientConfigOrFail();
      client = new Client(config);
      client.on('error', () => undefined);
      await client.connect().catch((error: unknown) => {
        throw this.connectFailure(error);
      });
      // What main drops from its outbox must be on the database's disk: never an asynchronous commit.
      await client.query('SET synchronous_commit TO on');
      this.schemaVersion = await this.checkedSchemaVersion(client);
      await client.query(`LISTEN ${ACTIVITY_CHANNEL}`);
    } catch (error) {
      await client?.end().catch(() => undefined);
      const failure = error instanceof ConsoleFailure ? error : this.connectFailure(error);
      // An unreachable database or a password still locked away is worth retrying; a refusal needs the
      // user (or a newer console).
      const retry = failure.code === 'team-unreachable' || failure.code === 'team-password-locked';
      if (!retry) logger.warn(`team workspace refused: ${failure.message}`);
      else logger.warn(`team workspace unreachable: ${failure.message}`);
      // Scheduled before the state is published, so the status already says when the next attempt is.
      if (retry) this.scheduleReconnect();
      this.setState(
        retry ? 'offline' : 'refused',
        failure.text ?? mainText('teamUnreachable', { reason: failure.message }),
      );
      return;
    }
    if (!this.wanted) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    const queue = new ClientQueue(client);
    this.queue = queue;
    this.options.outbox.releaseHeld();
    this.retryDelay = this.options.backoff?.first ?? 500;
    client.on('notification', (message) => {
      if (message.channel === ACTIVITY_CHANNEL) void this.relayActivity(queue, message.payload);
    });
    const lost = () => {
      if (this.client !== client) return;
      this.client = null;
      this.queue = null;
      this.scheduleReconnect();
      this.setState('offline', mainText('teamConnectionLost'));
    };
    client.on('error', lost);
    client.on('end', lost);
    this.setState('connected', null);
    this.drain();
    this.startPull(queue);
  }

  /** Brings the desk's shared transactions in scope into the local index, showing progress as it goes. */
  private startPull(queue: ClientQueue): void {
    const index = this.options.index;
    if (!index || this.pulling) return;
    const run = async () => {
      try {
        const workspace = this.cached.url ?? '';
        await pullSharedTransactions(queue, index, workspace, ({ done, total }) => {
          this.pull = { done, total, finished: false };
          this.publish();
        });
        if (this.pull) this.pull = { ...this.pull, finished: true };
        this.publish();
      } catch (error) {
        // The connection went (it reconnects and resumes from the saved cursor) or a page was refused.
        logger.warn('pulling the shared transactions paused', error);
      } finally {
        this.pulling = null;
      }
    };
    this.pulling = run();
  }

  private scheduleReconnect(): void {
    if (!this.wanted || this.retryTimer) return;
    const delay = this.retryDelay;
    this.retryDelay = Math.min(this.retryDelay * 2, this.options.backoff?.max ?? 30_000);
    this.retryAt = Date.now() + delay;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.retryAt = null;
      void this.connectNow();
    }, delay);
    this.retryTimer.unref?.();
  }

  /** Drains the queue oldest first; one drain at a time, so order is kept. */
  private drain(): void {
    if (this.draining) return;
    const run = async () => {
      // Yield first: `this.draining` is set before the loop can finish and clear it.
      await Promise.resolve();
      try {
        for (;;) {
          const queue = this.queue;
          const [item] = this.options.outbox.items(1);
          if (!queue || !item || this.state !== 'connected') return;
          try {
            await queue.run((client) => applyOutboxItem(client, item));
          } catch (error) {
            const state = error instanceof MissingInWorkspace ? 'missing' : sqlStateOf(error);
            if (state !== 'missing' && !isRefusalState(state)) {
              // The connection went (its 'error'/'end' handler reconnects) or something unexpected: retried later.
              logger.warn(`sharing with the team workspace paused`, error);
              return;
            }
            if (item.kind === 'reveal') {
              // A reveal queued by an older console: reveals are now written before the value is shown,
              // never queued, so one the database refuses will never be taken; it stays in the local log.
              logger.warn(`a queued reveal from an earlier version was refused by the team workspace (${state})`);
              this.options.outbox.acknowledge(item.clientId);
              continue;
            }
            // Kept in the queue (and in main's own files) and shown; the items behind it go on.
            this.options.outbox.hold(item.clientId);
            this.problem =
              state === 'missing'
                ? mainText('teamWriteWaiting', { count: this.options.outbox.heldCount })
                : mainText('teamWriteRefused', { sqlState: state, count: this.options.outbox.heldCount });
            this.publish();
            logger.warn(`the team workspace did not take a queued ${item.kind} (${state})`);
            continue;
          }
          this.options.outbox.acknowledge(item.clientId);
        }
      } finally {
        this.draining = null;
      }
    };
    this.draining = run();
  }

  private async relayActivity(queue: ClientQueue, payload: string | undefined): Promise<void> {
    try {
      const activity = await queue.run((client) => readActivity(client, payload));
      if (activity) this.options.onActivity(activity);
    } catch (error) {
      // A notification still being read when this console disconnected is not a failure worth a warning.
      if (this.queue === queue) logger.warn('reading shared activity failed', error);
    }
  }

  private setState(state: TeamConnectionState, problem: MainText | null): void {
    this.state = state;
    this.problem = problem;
    this.publish();
  }

  private publish(): void {
    try {
      this.options.onStatus(this.status());
    } catch (error) {
      logger.warn('publishing the team status failed', error);
    }
  }
}

function safeAddress(url: string): { url: string; login: string } | null {
  try {
    return parseWorkspaceUrl(url);
  } catch {
    return null;
  }
}

export const describeProblem = (problem: MainText | null): string | null => (problem ? englishOf(problem) : null);
