import { mainText } from '@shared/console-text';
import { ConsoleFailure } from '@shared/result';
import type { Handlers } from '../dispatcher';
import type { TeamSync } from '../../team/team-sync';
import { searchShared } from '../../team/workspace-reads';
import { exportAuditTrail, readAuditPage, verifyAuditTrail } from '../../team/workspace-audit-trail';

type TeamMethods =
  | 'team.status'
  | 'team.configure'
  | 'team.test'
  | 'team.connect'
  | 'team.disconnect'
  | 'team.search'
  | 'team.auditTrail'
  | 'team.verifyAudit'
  | 'team.exportAudit';

/** team.*: the workspace connection main owns; the renderer configures it and reads what main says. */
export function createTeamHandlers(team: TeamSync): Pick<Handlers, TeamMethods> {
  return {
    'team.status': () => team.status(),
    'team.configure': (config) => team.configure(config),
    'team.test': () => team.test(),
    'team.connect': () => team.connect(),
    'team.disconnect': () => team.disconnect(),
    'team.search': async ({ query, ticket }) => {
      const queue = team.readQueue;
      // Unreachable: the copy this console pulled answers, saying when it was pulled.
      const found = queue
        ? { transactions: await queue.run((client) => searchShared(client, query)), pulledAt: null }
        : await team.searchPulledCopy(query);
      if (!found) throw new ConsoleFailure('team-offline', mainText('teamOffline'));
      // Who looked up what: one lookup per transaction found (the query itself may be a customer's e-mail);
      // found in the copy, the lookup is queued and shared once the workspace is back.
      for (const transaction of found.transactions)
        team.share('lookup', { transactionId: transaction.transactionId, ticket });
      return found;
    },
    // The audit trail is read as this console's own login: the database refuses agents, not this code.
    'team.auditTrail': (input) => team.withConnection((client) => readAuditPage(client, input)),
    'team.verifyAudit': () => team.withConnection((client) => verifyAuditTrail(client)),
    'team.exportAudit': (input) => team.withConnection((client) => exportAuditTrail(client, input)),
  };
}
