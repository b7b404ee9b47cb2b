import { ScenarioFolder } from '../qa/scenario-folder';
import { join } from 'node:path';
import type { AppMode } from '@shared/contract/app';
import type { CredentialStore } from '../credentials/credential-store';
import { GatewayClient, RequestSender, type SenderOptions } from '../gateway';
import type { RunningSimulator } from '../simulator';
import { createDispatcher, type Dispatch, type Handlers } from './dispatcher';
import { EventBus } from './event-bus';
import { Notices } from './notices';
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
import { startNotificationsService } from '../notifications/notifications-service';
import { logger } from '../common/logger';
import type { DeliveryRecord } from '@shared/contract/notifications';
import { customerMaskingByProfileId, maskDeliveryCustomerData } from '../support/customer-masking';
import { ProfileFile } from './profiles/profile-file';
import { ProfileRegistry } from './profiles/profile-registry';
import { ProfileSecrets } from './profiles/profile-secrets';
import { ProductionGuard } from './profiles/production-guard';
import { SANDBOX_PROFILES, SANDBOX_STATE_FILE, startSandbox } from './sandbox';
import { englishOf } from '@shared/console-text';
import { absentWhileLocked, openConsoleSecrets } from './console-secrets';
import { createVaultHandlers } from './handlers/vault-handlers';
import type { TransactionSignatures } from './signature-store';
import { APP_VERSION } from './version';

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
}

/** Everything that matters, free of Electron: both shells wrap this one object. */
export interface ConsoleCore {
  readonly dispatch: Dispatch;
  readonly events: EventBus;
  readonly credentials: CredentialStore;
  /** Profiles with their secrets (main only): the CLI resolves `--profile` through this. */
  readonly profiles: ProfileRegistry;
  /** Every gateway call the console makes goes through this (handlers and CLI alike). */
  readonly gateway: GatewayService;
  /** The embedded simulator behind the Sandbox profiles, or null when started without it. */
  readonly simulator: RunningSimulator | null;
  close(): Promise<void>;
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
  // A locked vault hides real profiles' webhook secrets: their notifications wait (the sender retries).
  const webhookSecretOf = (profileId: string) => absentWhileLocked(profileSecrets.get(profileId, 'webhookSecret'));
  const masksCustomerDataOf = customerMaskingByProfileId((profileId) => profiles.stored(profileId));
  // Set once the gateway service exists; a notification arriving before then teaches nothing.
  let learnFromDelivery: (record: DeliveryRecord) => Promise<void> = async () => undefined;
  // The receiver starts before the simulator so the Sandbox can deliver to it from its first status change.
  const notifications = await startNotificationsService({
    userDataDir: options.userDataDir,
    secretsProvider: async () => {
      const candidates = [];
      for (const profile of await profiles.list()) {
        const secret = await webhookSecretOf(profile.id);
        if (secret) candidates.push({ profileId: profile.id, terminalId: profile.terminalId, secret });
      }
      return candidates;
    },
    onDelivery: (record) => {
      void learnFromDelivery(record).catch((error: unknown) =>
        logger.warn('learning from a notification failed', error),
      );
      events.emit(
        'notifications.received',
        masksCustomerDataOf(record.profileId) ? maskDeliveryCustomerData(record) : record,
      );
    },
  });
  closers.push(() => notifications.close());
  let simulator: RunningSimulator | null = null;
  if (options.simulator !== false) {
    const running = await startSandbox(profiles, profileSecrets, notifications.receiver.url, {
      statePath: join(options.userDataDir, SANDBOX_STATE_FILE),
    });
    for (const problem of running.stateProblems()) logger.warn(problem);
    closers.push(() => running.close());
    simulator = running;
  }
  const sender = new RequestSender(options.gateway);
  closers.push(() => sender.close());
  const client = new GatewayClient(sender);
  const gateway = new GatewayService({
    profiles,
    signatures,
    client,
    onExchange: (exchange) => events.emit('exchanges.recorded', exchange),
  });
  // A notification that says a payment is final is part of main's record of it (final is final).
  learnFromDelivery = async (record) => {
    const { profileId, notification, verdict } = record;
    if (verdict !== 'accepted' || !profileId || !notification?.transactionId) return;
    await gateway.learnFromNotification(profileId, notification.transactionId, notification.paymentStatus);
  };
  // The demo's calls reach the live exchange feed only once re-timed onto the demo's weeks (demo-handlers).
  const demoGateway = new GatewayService({ profiles, signatures, client, onExchange: () => undefined });
  const scenarioFolder = new ScenarioFolder(options.userDataDir);
  // A file saved by an editor or a `git pull` shows on the Scenarios screen without a restart.
  void scenarioFolder.watch(() => events.emit('qa.libraryChanged', {}));
  closers.push(async () => scenarioFolder.close());
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
      afterReset: async () => {
        // The demo's gateway shares the store: forgetting through both also drops what each has in flight.
        for (const sandbox of SANDBOX_PROFILES)
          for (const service of [gateway, demoGateway]) await service.forgetProfile(sandbox.id);
        // The reset Sandbox's deliveries go from the journal too: the receiver's count, the Notifications
        // list and a History rebuilt from the journal then agree that they are gone.
        const sandboxIds = new Set<string>(SANDBOX_PROFILES.map((sandbox) => sandbox.id));
        await notifications.journal.forget((record) => record.profileId !== null && sandboxIds.has(record.profileId));
      },
    }),
    ...createDemoHandlers({
      gateway: demoGateway,
      getSimulator: () => simulator,
      onExchange: (exchange) => events.emit('exchanges.recorded', exchange),
      stampNotifications: (receiptTime) => notifications.receiver.stampReceiptsWith(receiptTime),
    }),
    ...createVaultHandlers(backend),
    ...createNotificationsHandlers({
      journal: notifications.journal,
      receiver: notifications.receiver,
      webhookSecretOf,
      profiles,
      masksCustomerData: masksCustomerDataOf,
    }),
    ...createSupportHandlers({
      profiles,
      audit: new AuditLog(join(options.userDataDir, AUDIT_LOG_FILE)),
      transactions: signatures,
      caseNotes: new CaseNotes(join(options.userDataDir, CASE_NOTES_FILE)),
      agent: new AgentIdentity(join(options.userDataDir, AGENT_FILE)),
    }),
    ...createQaHandlers({
      core: { gateway, simulator, events, profiles, credentials },
      webhookSecretOf,
      journal: notifications.journal,
      timeouts: options.gateway,
      scenarioFolder,
      evidenceDir: join(options.userDataDir, 'qa-evidence'),
    }),
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
    close: async () => {
      for (const close of closers.reverse())
        await close().catch((error: unknown) => logger.warn('shutdown step failed', error));
    },
  };
}
