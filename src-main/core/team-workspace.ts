/**
 * Wires the team workspace into the core: what main records (exchanges), notes and reveals are queued for
 * it — masked here, in main — and its status and other consoles' activity are pushed to every window.
 * With no workspace configured nothing is queued and nothing connects: the console works as it always did.
 */
import { randomUUID } from 'node:crypto';
import type { EventPayload } from '@shared/contract';
import type { EventBus } from '../common/event-bus';
import { logger } from '../common/logger';
import { redactText } from '../common/redact-text';
import type { CredentialStore } from '../credentials/credential-store';
import { maskExchangeCustomerData } from '../support/customer-masking';
import { Outbox } from '../team/outbox';
import { maskEmailsInText, shareableExchange } from '../team/shared-exchange';
import { TeamSync } from '../team/team-sync';
import { WorkspaceSettings } from '../team/workspace-settings';
import { checkWorkspaceSchema } from '../team/schema/workspace-schema';
import type { Handlers } from './dispatcher';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Free text an agent typed (a note, a reveal's reason): no card number, secret or e-mail address leaves in clear. */
export const shareableText = (text: string): string => maskEmailsInText(redactText(text));

export interface TeamWorkspace {
  sync: TeamSync;
  /** The support handlers, with each saved note and reveal also queued for the workspace. */
  shareSupport<H extends Pick<Handlers, 'support.addCaseNote' | 'support.reveal'>>(handlers: H): H;
}

export async function startTeamWorkspace(deps: {
  userDataDir: string;
  credentials: CredentialStore;
  events: EventBus;
  masksCustomerData: (profileId: string | null) => boolean;
  /** The terminal and environment of a saved profile; null when main knows no such profile. */
  profileScope: (profileId: string) => { terminalId: string; environment: string } | null;
  backoff?: { first: number; max: number };
}): Promise<TeamWorkspace> {
  const outbox = await Outbox.open(deps.userDataDir);
  if (outbox.unreadableLines > 0) logger.warn(`${outbox.path}: ${outbox.unreadableLines} unreadable line(s) skipped`);
  const sync = new TeamSync({
    settings: new WorkspaceSettings(deps.userDataDir, deps.credentials),
    outbox,
    checkSchema: checkWorkspaceSchema,
    onStatus: (status) => deps.events.emit('team.statusChanged', status),
    onActivity: (activity) => deps.events.emit('team.activity', activity),
    ...(deps.backoff ? { backoff: deps.backoff } : {}),
  });
  const rules = { masksCustomerData: deps.masksCustomerData, maskCustomerData: maskExchangeCustomerData };
  // Every exchange main records is shared, keyed by its own id: recorded twice, applied once.
  deps.events.subscribe((name, payload) => {
    if (name !== 'exchanges.recorded' || !sync.configured || !sync.merchantId) return;
    const exchange = payload as EventPayload<'exchanges.recorded'>;
    // A call made without a saved profile (or with one since deleted) has no scope in the workspace.
    const profile = exchange.profileId === null ? null : deps.profileScope(exchange.profileId);
    if (!profile) return;
    try {
      const { exchange: shared, facts } = shareableExchange(exchange, rules);
      const scope = { merchantId: sync.merchantId, ...profile };
      sync.share('exchange', { exchange: shared, facts, scope }, UUID.test(exchange.id) ? exchange.id : randomUUID());
    } catch (error) {
      logger.warn('queuing an exchange for the team workspace failed', error);
    }
  });
  await sync.start();
  return {
    sync,
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
      'support.reveal': async (input) => {
        const answer = await handlers['support.reveal'](input);
        // The audit entry, never the value revealed.
        sync.share('reveal', {
          transactionId: answer.entry.transactionId,
          field: answer.entry.field,
          reason: shareableText(answer.entry.reason),
        });
        return answer;
      },
    }),
  };
}
