import { ScenarioFolder } from '../qa/scenario-folder';
import { join } from 'node:path';
import type { AppMode } from '@shared/contract/app';
import type { CredentialStore } from '../credentials/credential-store';
import { GatewayClient, RequestSender, type SenderOptions } from '../gateway';
import type { RunningSimulator } from '../simulator';
import { createDispatcher, type Handlers } from './dispatcher';
import { EventBus } from '../common/event-bus';
import { Notices } from '../common/notices';
import { GatewayService } from './gateway-service';
import { createAppHandlers } from './handlers/app-handlers';
import { createDemoHandlers } from './handlers/demo-handlers';
import { createPaymentsHandlers } from './handlers/payments-handlers';
import { createProfilesHandlers } from './handlers/profiles-handlers';
import { createSimulatorHandlers } from './handlers/simulator-handlers';
import { createNotificationsHandlers } from './handlers/notifications-handlers';
import { createSupportHandlers } from './handlers/support-handlers';
import { AUDIT_LOG_FILE, AuditLog } from '../support/audit-log';
import { AGENT_FILE, AgentIdentity } from '../support/agent-identity';
import { CASE_NOTES_FILE, CaseNotes } from '../support/case-notes';
import { createQaHandlers } from './handlers/qa-handlers';
import { createUserDataHandlers } from './handlers/user-data-handlers';
import { SETTINGS_FILE, UserSettingsStore } from '../settings/user-settings';
import { SavedRetention } from '../record/saved-retention';
import { discardRunWorldsWithoutEvidence } from './worlds/orphan-run-worlds';
import { ORDER_TEMPLATES_FILE, OrderTemplatesStore } from '../orders/order-templates-store';
import { TestSessions } from '../qa/test-sessions';
import { startNotificationsService } from '../notifications/notifications-service';
import type { SecretCandidate } from '../notifications/receiver';
import { logger } from '../common/logger';
import { maskShopEntry } from '../shop/mask-shop-entry';
import type { DeliveryRecord } from '@shared/contract/notifications';
import type { EventPayload } from '@shared/contract';
import { customerMaskingByProfileId, maskDeliveryCustomerData } from '../support/customer-masking';
import { ProfileFile } from './profiles/profile-file';
import { ProfileRegistry } from './profiles/profile-registry';
import { ProfileSecrets } from './profiles/profile-secrets';
import { ProductionGuard } from './profiles/production-guard';
import { SANDBOX_PROFILES, SANDBOX_STATE_FILE, startSandbox } from './sandbox';
import { absentWhileLocked, openConsoleSecrets } from './console-secrets';
import { createVaultHandlers } from './handlers/vault-handlers';
import type { TransactionSignatures } from './signature-store';
import { APP_VERSION } from './version';
import type { ConsoleCore } from './console-core-api';

export type { ConsoleCore } from './console-core-api';
import { englishOf, isMainTextId, mainText, type MainText } from '@shared/console-text';
import { RECORD_DIR, RecordJournal } from '../record/record-journal';
import { createRecordKeeper } from '../record/record-keeper';
import { createRecordHandlers } from './handlers/record-handlers';
import { createShopProxyHandlers } from './handlers/shop-proxy-handlers';
import { ShopProxyControl } from './shop-proxy-control';
import { SandboxWorlds } from './worlds/sandbox-worlds';
import { worldProfileId } from '@shared/sandbox-worlds';
import { startTeamWorkspace } from './team-workspace';
import { createTeamHandlers } from './handlers/team-handlers';
import { ShopSettings } from '../shop/shop-settings';
import { ShopWorld } from './worlds/shop-world';
import { rememberSimulatorPort, simulatorPortToUse } from '../shop/stable-port';
import { createShopHandlers } from './handlers/shop-handlers';

export interface ConsoleCoreOptions {
  mode: AppMode;
  /** Folder for non-secret settings (profiles, window state). */
  userDataDir: string;
  electronVersion?: string | null;
  /** Injected in tests; otherwise the OS keychain, falling back to session memory. */
  credentials?: CredentialStore;
  /** Gateway call timeouts and retry timing (tests shorten them). */
  gateway?: SenderOptions;
  /** Where transactionSignatures are kept; default: transaction-signatures.enc in userDataDir, key in credentials. */
  signatures?: TransactionSignatures;
  /** Start the embedded simulator and the Sandbox profiles (default true; tests that need neither turn it off). */
  simulator?: boolean;
  /**
   * Team workspace: `share: false` for a short-lived CLI core on the user's folder (the running console
   * shares; what the CLI recorded reaches the workspace from main's record); tests shorten the backoff.
   */
  team?: { backoff?: { first: number; max: number }; share?: boolean };
}

export async function createConsoleCore(options: ConsoleCoreOptions): Promise<ConsoleCore> {
  const events = new EventBus();
  const secrets = await openConsoleSecrets(options.userDataDir, options.credentials);
  const { backend, credentials } = secrets;
  // The CLI's environment profile brings its own store (options.signatures).
  const signatures: TransactionSignatures = options.signatures ?? secrets.signatures;
  // Services started below register how to stop them; close() runs these in reverse order.
  const closers: Array<() => Promise<void>> = [];
  const profileFile = new ProfileFile(join(options.userDataDir, 'profiles.json'));
  await profileFile.load();
  const profileSecrets = new ProfileSecrets(credentials);
  const profiles = new ProfileRegistry(profileFile, profileSecrets, new ProductionGuard(credentials));
  for (const problem of [...profileFile.problems, ...signatures.problems])
    logger.warn(typeof problem === 'string' ? problem : englishOf(problem));
  // Profile file problems show in the Profiles list; lost signatures concern every screen with follow-ups.
  const notices = new Notices(events);
  for (const problem of signatures.problems) notices.raise('warning', problem);
  // Main's record of every exchange and delivery, whichever shell or CLI command made it (architecture rule 12).
  const recordJournal = RecordJournal.open(join(options.userDataDir, RECORD_DIR));
  closers.push(async () => recordJournal.close());
  if (recordJournal.unreadableLines > 0)
    notices.raise(
      'warning',
      mainText('recordUnreadableLines', { path: recordJournal.path, count: recordJournal.unreadableLines }),
    );
  const recordKeeper = createRecordKeeper(recordJournal, events, notices);
  // A locked vault hides real profiles' webhook secrets: their notifications wait (the sender retries).
  const webhookSecretOf = (profileId: string) => absentWhileLocked(profileSecrets.get(profileId, 'webhookSecret'));
  const masksCustomerDataOf = customerMaskingByProfileId((profileId) => profiles.stored(profileId));
  // Set once the gateway service exists; a notification arriving before then teaches nothing.
  let learnFromDelivery: (record: DeliveryRecord) => Promise<void> = async () => undefined;
  // The receiver starts before the simulator so the Sandbox can deliver to it from its first status change.
  const notifications = await startNotificationsService({
    userDataDir: options.userDataDir,
    secretsProvider: async () => {
      const candidates: SecretCandidate[] = [];
      for (const profile of await profiles.list()) {
        const secret = await webhookSecretOf(profile.id);
        if (secret)
          candidates.push({
            profileId: profile.id,
            terminalId: profile.terminalId,
            secret,
            owns: (transactionId) => signatures.get(profile.id, transactionId) !== undefined,
          });
      }
      return candidates;
    },
    onDelivery: (record) => {
      void learnFromDelivery(record).catch((error: unknown) =>
        logger.warn('learning from a notification failed', error),
      );
      const shown = masksCustomerDataOf(record.profileId) ? maskDeliveryCustomerData(record) : record;
      events.emit('notifications.received', shown);
      recordKeeper.notification(shown);
    },
  });
  closers.push(() => notifications.close());
  let simulator: RunningSimulator | null = null;
  // The shop under test was configured with the Sandbox's address: the simulator keeps its port across starts.
  const shopSettings = new ShopSettings(options.userDataDir);
  let shopPortNotice: MainText | null = null;
  if (options.simulator !== false) {
    const port = await simulatorPortToUse(shopSettings);
    const running = await startSandbox(profiles, profileSecrets, notifications.receiver.url, {
      statePath: join(options.userDataDir, SANDBOX_STATE_FILE),
      port: port.port,
    });
    for (const problem of running.stateProblems()) logger.warn(problem);
    closers.push(() => running.close());
    simulator = running;
    shopPortNotice = await rememberSimulatorPort(shopSettings, running.url, port.changedFrom).catch(
      (error: unknown) => {
        logger.warn('remembering the simulator port failed', error);
        return null;
      },
    );
  }
  let worlds: SandboxWorlds | null = null;
  let shop: ShopWorld | null = null;
  const evidenceDir = join(options.userDataDir, 'qa-evidence');
  const sender = new RequestSender(options.gateway);
  closers.push(() => sender.close());
  const client = new GatewayClient(sender);
  const gateway = new GatewayService({
    profiles,
    signatures,
    client,
    onExchange: (exchange) => recordKeeper.exchange(exchange),
  });
  // A notification that says a payment is final is part of main's record of it (final is final).
  learnFromDelivery = async (record) => {
    const { profileId, notification, verdict } = record;
    if (verdict !== 'accepted' || !profileId || !notification?.transactionId) return;
    await gateway.learnFromNotification(profileId, notification.transactionId, notification.paymentStatus);
  };
  // The demo's calls reach the live exchange feed only once dated on the demo world's clock (demo-handlers).
  const demoGateway = new GatewayService({ profiles, signatures, client, onExchange: () => undefined });
  // What the user creates lives here, not in a page: a new origin or a cleared browser loses none of it.
  const settings = new UserSettingsStore(join(options.userDataDir, SETTINGS_FILE));
  const templates = new OrderTemplatesStore(join(options.userDataDir, ORDER_TEMPLATES_FILE));
  const testSessions = new TestSessions(options.userDataDir, (sessionId) =>
    events.emit('qa.testSessionsChanged', { sessionId }),
  );
  const userDataProblems = [
    ...(await testSessions.load()),
    ...(await settings.get()).problems,
    ...(await templates.list()).problems,
  ];
  // Main's record keeps what the saved retention says: applied now and whenever the user changes it.
  const savedRetention = new SavedRetention(recordJournal, settings);
  const applyRetention = () =>
    savedRetention.apply().catch((error: unknown) => logger.warn('applying the saved retention failed', error));
  await applyRetention();
  let retentionKey = JSON.stringify((await settings.get()).settings.historyRetention);
  const stopRetention = settings.onChange((changed) => {
    const key = JSON.stringify(changed.historyRetention);
    if (key === retentionKey) return;
    retentionKey = key;
    try {
      savedRetention.applySaved(changed);
    } catch (error) {
      logger.warn('applying the saved retention failed', error);
    }
  });
  closers.push(async () => stopRetention());
  for (const problem of userDataProblems) {
    logger.warn(problem.message);
    // The problem was made from a registered text: the notice carries it so it is worded in the user's language.
    notices.raise(
      'warning',
      problem.text && isMainTextId(problem.text.id) ? (problem.text as MainText) : problem.message,
    );
  }
  // The shop's traffic, as kept in the record, is the evidence of a session that owns the shop world.
  const shopEvidence = (entry: EventPayload<'record.appended'>) =>
    entry.kind === 'shop' ? testSessions.recordShop(entry.seq, entry.shop) : null;
  // A running test session is tagged by main, so its evidence does not depend on an open window.
  const stopTagging = events.subscribe((name, payload) => {
    const recorded =
      name === 'exchanges.recorded'
        ? testSessions.recordExchange(payload as EventPayload<'exchanges.recorded'>)
        : name === 'notifications.received'
          ? testSessions.recordNotification(payload as EventPayload<'notifications.received'>)
          : name === 'record.appended'
            ? shopEvidence(payload as EventPayload<'record.appended'>)
            : null;
    void recorded?.catch((error: unknown) => logger.warn('recording to the test session failed', error));
  });
  closers.push(async () => stopTagging());
  if (simulator) {
    worlds = new SandboxWorlds({
      simulator,
      profiles,
      secrets: profileSecrets,
      webhookUrl: notifications.receiver.url,
      // A discarded world leaves nothing behind: its signatures (both services share the store, and
      // forgetting through both also drops what each has in flight), its deliveries in the journal and its
      // entries in main's record, so a History rebuilt from the record does not bring back a world that is gone.
      forgetProfiles: async (profileIds) => {
        for (const profileId of profileIds)
          for (const service of [gateway, demoGateway]) await service.forgetProfile(profileId);
        const gone = new Set(profileIds);
        await notifications.journal.forget((record) => record.profileId !== null && gone.has(record.profileId));
        recordJournal.forgetProfiles(gone);
      },
      onProfilesChanged: (ids) => events.emit('profiles.changed', { ids }),
    });
    // The simulator's port changed: the worlds' profiles follow it (those whose world is gone go).
    await worlds.reconcile();
    // Runs are not kept across a restart: a run world with no evidence left would be nobody's to delete.
    await discardRunWorldsWithoutEvidence(worlds, evidenceDir);
    shop = new ShopWorld({
      simulator,
      worlds,
      profiles,
      secrets: profileSecrets,
      settings: shopSettings,
      record: (entry) => recordKeeper.shop(entry),
      recordReset: (worldId) => recordKeeper.shopReset(worldId),
      portNotice: shopPortNotice,
    });
    const shopWorld = shop;
    closers.push(async () => shopWorld.close());
    // A shop world kept from before records from the first call of this start, with no window open.
    // Never a reason not to start: the Traffic view says what is wrong when asked for the connection.
    await shop.resume().catch((error: unknown) => logger.warn('reopening the shop world failed', error));
    if (shopPortNotice) notices.raise('warning', shopPortNotice);
  }
  // The optional team workspace: without one configured nothing is queued and nothing connects.
  const team = await startTeamWorkspace({
    userDataDir: options.userDataDir,
    credentials,
    events,
    masksCustomerData: masksCustomerDataOf,
    record: recordJournal,
    profileScope: (profileId) => {
      try {
        const { terminalId, environment } = profiles.stored(profileId);
        return { terminalId, environment };
      } catch {
        return null;
      }
    },
    ...options.team,
  });
  closers.push(() => team.sync.close().then(() => undefined));
  // A workspace waiting for its password (locked vault) connects as soon as the vault opens.
  const reopenSecrets = backend.onUnlocked;
  backend.onUnlocked = async () => {
    await reopenSecrets();
    team.sync.credentialsUnlocked();
  };
  const scenarioFolder = new ScenarioFolder(options.userDataDir);
  // A file saved by an editor or a `git pull` shows on the Scenarios screen without a restart.
  void scenarioFolder.watch(() => events.emit('qa.libraryChanged', {}));
  closers.push(async () => scenarioFolder.close());
  const shopProxy = new ShopProxyControl({
    profiles,
    scenarioFolder,
    onRecorded: (entry) => events.emit('shopProxy.recorded', entry),
    // The session masks at capture; main's last check masks again whatever of the profile's own secrets a
    // capture let through (read once, so entries are appended synchronously, in order).
    recordFor: async (profileId) => {
      const secrets = await profileSecrets.known(profileId).catch(() => []);
      return (entry) => {
        try {
          recordKeeper.shop(maskShopEntry(entry, secrets));
        } catch (error) {
          logger.warn('recording a proxied call failed', error);
        }
      };
    },
  });
  const stopProxyOnProfileChange = events.subscribe((name, payload) => {
    if (name !== 'profiles.changed') return;
    const { ids } = payload as EventPayload<'profiles.changed'>;
    void shopProxy
      .profilesChanged(ids)
      .catch((error: unknown) => logger.warn('stopping the recording proxy failed', error));
  });
  closers.push(async () => stopProxyOnProfileChange());
  closers.push(() => shopProxy.close());
  const handlers: Handlers = {
    ...createAppHandlers({
      mode: options.mode,
      version: APP_VERSION,
      electronVersion: options.electronVersion ?? null,
      credentials,
      startedAt: new Date(),
      notices,
    }),
    ...createProfilesHandlers({ profiles, gateway, events }),
    ...createPaymentsHandlers(gateway),
    ...createSimulatorHandlers(() => simulator, {
      getWorlds: () => worlds,
      afterReset: async (worldId) => {
        const reset =
          worldId === null
            ? SANDBOX_PROFILES.map((sandbox) => sandbox.id)
            : (['A', 'B'] as const).map((variant) => worldProfileId(worldId, variant));
        // The demo's gateway shares the store: forgetting through both also drops what each has in flight.
        for (const profileId of reset)
          for (const service of [gateway, demoGateway]) await service.forgetProfile(profileId);
        // The reset world's deliveries go from the journal too: the receiver's count, the Notifications
        // list and a History rebuilt from the journal then agree that they are gone.
        const resetIds = new Set<string>(reset);
        await notifications.journal.forget((record) => record.profileId !== null && resetIds.has(record.profileId));
        recordJournal.forgetProfiles(resetIds);
      },
    }),
    ...createDemoHandlers({
      gateway: demoGateway,
      getWorlds: () => worlds,
      onExchange: (exchange) => recordKeeper.exchange(exchange),
      stampNotifications: (receiptTime) => notifications.receiver.stampReceiptsWith(receiptTime),
    }),
    ...createVaultHandlers(backend),
    ...createRecordHandlers(recordJournal, savedRetention),
    ...createShopHandlers({
      journal: recordJournal,
      getShop: () => shop,
      sessions: testSessions,
      clientIdHeader: () => simulator?.clientIdHeader,
    }),
    ...createNotificationsHandlers({
      journal: notifications.journal,
      receiver: notifications.receiver,
      webhookSecretOf,
      profiles,
      masksCustomerData: masksCustomerDataOf,
    }),
    ...team.shareSupport(
      createSupportHandlers({
        profiles,
        audit: new AuditLog(join(options.userDataDir, AUDIT_LOG_FILE)),
        transactions: signatures,
        caseNotes: new CaseNotes(join(options.userDataDir, CASE_NOTES_FILE)),
        agent: new AgentIdentity(join(options.userDataDir, AGENT_FILE)),
        recordReveal: (request) => team.recordReveal(request),
      }),
    ),
    ...createTeamHandlers(team.sync),
    ...team.shareQaSessions(
      createUserDataHandlers({ settings, templates, sessions: testSessions, profiles }),
      testSessions,
    ),
    ...createQaHandlers({
      core: { gateway, simulator, worlds, events, profiles, credentials },
      webhookSecretOf,
      journal: notifications.journal,
      timeouts: options.gateway,
      scenarioFolder,
      evidenceDir,
    }),
    ...createShopProxyHandlers(shopProxy),
  };
  const dispatch = createDispatcher(handlers, {
    onInternalError: (method, error) => logger.error(`handler ${method} failed`, error),
  });
  return {
    dispatch,
    events,
    credentials,
    profiles,
    gateway,
    simulator,
    worlds,
    close: async () => {
      for (const close of closers.reverse())
        await close().catch((error: unknown) => logger.warn('shutdown step failed', error));
    },
  };
}
