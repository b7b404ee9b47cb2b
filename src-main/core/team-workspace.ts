/**
 * Wires the team workspace into the core: what main records (exchanges), notes and reveals are queued for
 * it — masked here, in main — and its status and other consoles' activity are pushed to every window.
 * With no workspace configured nothing is queued and nothing connects: the console works as it always did.
 */
import { randomUUID } from 'node:crypto';
import type { EventPayload } from '@shared/contract';
import { maskCustomerValue } from '@shared/support/customer-data';
import type { EventBus } from '../common/event-bus';
import { logger } from '../common/logger';
import { redactText } from '../common/redact-text';
import type { CredentialStore } from '../credentials/credential-store';
import { maskExchangeCustomerData } from '../support/customer-masking';
import { Outbox } from '../team/outbox';
import { shareableExchange } from '../team/shared-exchange';
import { TeamSync } from '../team/team-sync';
import { WorkspaceSettings } from '../team/workspace-settings';
import { SUPPORTED_SCHEMA_VERSION, workspaceSchemaVersion } from '../team/schema';
import type { Handlers } from './dispatcher';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL_IN_TEXT = /[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[A-Za-z]{2,}/g;

/** Free text an agent typed (a note, a reveal's reason): no card number, secret or e-mail address leaves in clear. */
export const shareableText = (text: string): string =>
  redactText(text).replace(EMAIL_IN_TEXT, (email) => maskCustomerValue('email', email));

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
  backoff?: { first: number; max: number };
}): Promise<TeamWorkspace> {
  const outbox = await Outbox.open(deps.userDataDir);
  if (outbox.unreadableLines > 0) logger.warn(`${outbox.path}: ${outbox.unreadableLines} unreadable line(s) skipped`);
  const sync = new TeamSync({
    settings: new WorkspaceSettings(deps.userDataDir, deps.credentials),
    outbox,
    supportedSchemaVersion: SUPPORTED_SCHEMA_VERSION,
    schemaVersionOf: workspaceSchemaVersion,
    onStatus: (status) => deps.events.emit('team.statusChanged', status),
    onActivity: (activity) => deps.events.emit('team.activity', activity),
    ...(deps.backoff ? { backoff: deps.backoff } : {}),
  });
  const rules = { masksCustomerData: deps.masksCustomerData, maskCustomerData: maskExchangeCustomerData };
  // Every exchange main records is shared, keyed by its own id: recorded twice, applied once.
  deps.events.subscribe((name, payload) => {
    if (name !== 'exchanges.recorded' || !sync.configured) return;
    const exchange = payload as EventPayload<'exchanges.recorded'>;
    try {
      const { exchange: shared, facts } = shareableExchange(exchange, rules);
      sync.share('exchange', { exchange: shared, facts }, UUID.test(exchange.id) ? exchange.id : randomUUID());
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
