/**
 * Wires the team workspace into the core: what main records (exchanges), notes and reveals are queued for
 * it — masked here, in main — and its status and other consoles' activity are pushed to every window.
 * With no workspace configured nothing is queued and nothing connects: the console works as it always did.
 */
import { randomUUID } from 'node:crypto';
import type { EventPayload } from '@shared/contract';
import { ConsoleFailure } from '@shared/result';
import type { Exchange } from '@shared/exchange';
import type { EventBus } from '../common/event-bus';
import { logger } from '../common/logger';
import { redactText } from '../common/redact-text';
import type { CredentialStore } from '../credentials/credential-store';
import type { RecordJournal } from '../record/record-journal';
import { maskExchangeCustomerData } from '../support/customer-masking';
import { RecordCursor } from '../team/record-cursor';
import { TeamIndex } from '../team/team-index';
import type { TestSessions } from '../qa/test-sessions';
import { Outbox } from '../team/outbox';
import { shareableSession } from '../team/shared-session';
import { maskEmailsIn } from '@shared/support/customer-data';
import { shareableExchange } from '../team/shared-exchange';
import { TeamSync } from '../team/team-sync';
import { WorkspaceSettings } from '../team/workspace-settings';
import { checkWorkspaceSchema } from '../team/schema/workspace-schema';
import { recordRevealInWorkspace, revealFailure, type WorkspaceRevealEntry } from '../team/workspace-reveal';
import type { Handlers } from './dispatcher';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Free text an agent typed (a note, a reveal's reason): no card number, secret or e-mail address leaves in clear. */
export const shareableText = (text: string): string => maskEmailsIn(redactText(text));

export interface TeamWorkspace {
  sync: TeamSync;
  /** Settles once main's record, as far as it is now, is queued for the workspace. */
  caughtUp(): Promise<void>;
  /** The test-session handlers, with each ended session and its evidence also queued for the workspace. */
  shareQaSessions<H extends Pick<Handlers, 'qa.endTestSession'>>(handlers: H, sessions: TestSessions): H;
  /** The support handlers, with each saved note also queued for the workspace. */
  shareSupport<H extends Pick<Handlers, 'support.addCaseNote'>>(handlers: H): H;
  /**
   * With a workspace configured, records a reveal in its audit trail before main shows the value (the
   * database decides: leads only) and answers the entry; refuses (ConsoleFailure) when it cannot. Null
   * with no workspace: the local audit log alone, as before.
   */
  recordReveal(request: {
    transactionId: string;
    field: string;
    reason: string;
    terminalId: string;
  }): Promise<WorkspaceRevealEntry | null>;
}

export async function startTeamWorkspace(deps: {
  userDataDir: string;
  credentials: CredentialStore;
  events: EventBus;
  masksCustomerData: (profileId: string | null) => boolean;
  /** Main's record (the journal of exchanges and deliveries): what the workspace gets is read from it. */
  record: Pick<RecordJournal, 'head' | 'since'>;
  /** The terminal and environment of a saved profile; null when main knows no such profile. */
  profileScope: (profileId: string) => { terminalId: string; environment: string } | null;
  backoff?: { first: number; max: number };
  /** False: no connection and nothing queued (a CLI command beside the running console). */
  share?: boolean;
}): Promise<TeamWorkspace> {
  const outbox = await Outbox.open(deps.userDataDir);
  if (outbox.unreadableLines > 0) logger.warn(`${outbox.path}: ${outbox.unreadableLines} unreadable line(s) skipped`);
  const sync = new TeamSync({
    settings: new WorkspaceSettings(deps.userDataDir, deps.credentials),
    outbox,
    checkSchema: checkWorkspaceSchema,
    index: new TeamIndex(deps.userDataDir),
    onStatus: (status) => deps.events.emit('team.statusChanged', status),
    onActivity: (activity) => deps.events.emit('team.activity', activity),
    ...(deps.backoff ? { backoff: deps.backoff } : {}),
  });
  const rules = { masksCustomerData: deps.masksCustomerData, maskCustomerData: maskExchangeCustomerData };
  const shareExchange = (exchange: Exchange) => {
    // A call made without a saved profile (or with one since deleted) has no scope in the workspace.
    const profile = exchange.profileId === null ? null : deps.profileScope(exchange.profileId);
    if (!profile || !sync.merchantId) return;
    const { exchange: shared, facts } = shareableExchange(exchange, rules);
    const scope = { merchantId: sync.merchantId, ...profile };
    // Keyed by the exchange's own id: queued twice (a catch-up after a crash), applied once.
    sync.share('exchange', { exchange: shared, facts, scope }, UUID.test(exchange.id) ? exchange.id : randomUUID());
  };
  // Main's record is what is shared: everything past the cursor, in journal order — the first sync of a
  // newly configured workspace, what was recorded while none was configured, and each new entry.
  const cursor = new RecordCursor(deps.userDataDir);
  let catchingUp: Promise<void> | null = null;
  let again = false;
  /** Where the last catch-up left the cursor; null until one ran (or when the workspace changed). */
  let caughtUpTo: { journalId: string; workspace: string; seq: number } | null = null;
  const workspaceKey = () => `${sync.status().url}|${sync.merchantId}`;
  const catchUp = async (): Promise<void> => {
    caughtUpTo = null;
    if (!sync.configured || !sync.merchantId) return;
    const { journalId } = deps.record.head();
    const workspace = workspaceKey();
    let after = await cursor.read(journalId, workspace);
    for (;;) {
      const page = deps.record.since(after, 500);
      for (const entry of page.entries) if (entry.kind === 'exchange') shareExchange(entry.exchange);
      if (page.next !== after) await cursor.save(journalId, workspace, page.next);
      after = page.next;
      if (page.done || page.entries.length === 0) break;
    }
    caughtUpTo = { journalId, workspace, seq: after };
  };
  const requestCatchUp = (): Promise<void> => {
    if (catchingUp) {
      again = true;
      return catchingUp;
    }
    catchingUp = (async () => {
      try {
        do {
          again = false;
          await catchUp();
        } while (again);
      } catch (error) {
        logger.warn('queuing main’s record for the team workspace failed', error);
      } finally {
        catchingUp = null;
      }
    })();
    return catchingUp;
  };
  // Once caught up, each new entry is queued as it is appended — before the call that made it answers.
  deps.events.subscribe((name, payload) => {
    if (name !== 'record.appended') return;
    const entry = payload as EventPayload<'record.appended'>;
    const at = caughtUpTo;
    if (catchingUp || !at || at.workspace !== workspaceKey() || entry.seq !== at.seq + 1) {
      void requestCatchUp();
      return;
    }
    try {
      if (entry.kind === 'exchange') shareExchange(entry.exchange);
      at.seq = entry.seq;
      void cursor
        .save(at.journalId, at.workspace, entry.seq)
        .catch((error: unknown) => logger.warn('saving the team cursor failed', error));
    } catch (error) {
      logger.warn('queuing an exchange for the team workspace failed', error);
    }
  });
  sync.onConfigured = () => void requestCatchUp();
  if (deps.share !== false) {
    await sync.start();
    void requestCatchUp();
  }
  return {
    sync,
    caughtUp: () => requestCatchUp(),
    shareQaSessions: (handlers, sessions) => ({
      ...handlers,
      'qa.endTestSession': async (input) => {
        const running = (await sessions.list()).sessions.find((session) => session.endedAt === null);
        const answer = await handlers['qa.endTestSession'](input);
        const ended = running && answer.sessions.find((session) => session.id === running.id);
        if (ended && sync.configured && sync.merchantId) {
          const { entries } = await sessions.entries(ended.id);
          sync.share('qaSession', shareableSession(ended, entries, sync.merchantId, rules), ended.id);
        }
        return answer;
      },
    }),
    shareSupport: (handlers) => ({
      ...handlers,
      'support.addCaseNote': async (input) => {
        const entry = await handlers['support.addCaseNote'](input);
        // Queued (on disk) before the renderer hears "saved".
        sync.share('note', {
          transactionKey: entry.transactionKey,
          text: shareableText(entry.text),
          ticket: shareableText(entry.ticket),
        });
        return entry;
      },
    }),
    recordReveal: async ({ transactionId, field, reason, terminalId }) => {
      const merchantId = sync.merchantId;
      if (!sync.configured || !merchantId) return null;
      try {
        // Its own connection: the entry commits (or is refused) on its own, never inside a queued item's transaction.
        return await sync.withConnection((client) =>
          recordRevealInWorkspace(client, {
            transactionId,
            field,
            reason: shareableText(reason),
            merchantId,
            terminalId,
          }),
        );
      } catch (error) {
        throw error instanceof ConsoleFailure && error.code.startsWith('team-reveal-') ? error : revealFailure(error);
      }
    },
  };
}
