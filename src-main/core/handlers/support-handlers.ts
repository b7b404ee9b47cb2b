import { mainText } from '@shared/console-text';
import { ConsoleFailure } from '@shared/result';
import type { Handlers } from '../dispatcher';
import type { ProfileRegistry } from '../profiles/profile-registry';
import type { TransactionSignatures } from '../signature-store';
import type { AgentIdentity } from '../../support/agent-identity';
import type { AuditLog } from '../../support/audit-log';
import type { CaseNotes } from '../../support/case-notes';

type SupportMethods =
  | 'support.reveal'
  | 'support.auditLog'
  | 'support.agent'
  | 'support.setAgentName'
  | 'support.caseNotes'
  | 'support.addCaseNote'
  | 'support.migrateCaseNote';

/**
 * support.*: audited reveals of customer data main keeps, the audit log, case notes and the agent who
 * signs them — all written and read only by main.
 */
export function createSupportHandlers(deps: {
  profiles: ProfileRegistry;
  audit: AuditLog;
  /** Main's record of the transactions it created, with their customer data in clear. */
  transactions: TransactionSignatures;
  caseNotes: CaseNotes;
  agent: AgentIdentity;
  /**
   * Records the reveal in the team workspace first, when one is configured (its database decides: leads
   * only; unreachable refuses too); throws to refuse the reveal. Null: no workspace, the local log alone.
   */
  recordReveal?: (request: {
    transactionId: string;
    field: string;
    reason: string;
    terminalId: string;
  }) => Promise<{ seq: string; at: string; hash: string } | null>;
  now?: () => Date;
}): Pick<Handlers, SupportMethods> {
  const now = deps.now ?? (() => new Date());
  return {
    'support.reveal': async ({ profileId, transactionId, field, reason }) => {
      // An unknown profile is refused: an entry must name who asked.
      const profile = deps.profiles.stored(profileId);
      const record =
        deps.transactions.get(profileId, transactionId) ?? deps.transactions.findTransaction(transactionId);
      if (!record)
        throw new ConsoleFailure('unknown-transaction', mainText('revealUnknownTransaction', { transactionId }), {
          transactionId,
        });
      const value = record.customer?.[field];
      if (value === undefined)
        throw new ConsoleFailure('no-customer-data', mainText('revealNoCustomerData', { field, transactionId }), {
          transactionId,
          field,
        });
      // The workspace's audit entry comes first: refused there (an agent, offline), nothing is revealed.
      const workspaceEntry = await deps.recordReveal?.({
        transactionId,
        field,
        reason,
        terminalId: profile.terminalId,
      });
      // Who revealed it is main's to say (OS account + Settings name), never a value the renderer sends.
      const { osUser, agentName } = await deps.agent.current();
      // The entry is on disk before the value leaves main: a reveal that could not be logged reveals nothing.
      const entry = await deps.audit.append({
        at: now().toISOString(),
        profileId,
        profileName: profile.name,
        transactionId,
        field,
        reason,
        osUser,
        agentName,
      });
      return workspaceEntry ? { entry, value, workspaceEntry } : { entry, value };
    },
    'support.auditLog': async () => ({ ...(await deps.audit.read()), path: deps.audit.path }),
    'support.agent': () => deps.agent.current(),
    'support.setAgentName': ({ agentName }) => deps.agent.setName(agentName),
    'support.caseNotes': async (input) => {
      const { entries, problems } = await deps.caseNotes.read();
      const key = input?.transactionKey;
      return { entries: key ? entries.filter((entry) => entry.transactionKey === key) : entries, problems };
    },
    'support.addCaseNote': async ({ transactionKey, text, ticket }) => {
      const author = await deps.agent.author();
      const entry = await deps.caseNotes.appendUnless((entries) => ({
        id: String(entries.length + 1),
        transactionKey,
        at: now().toISOString(),
        author,
        text,
        ticket,
      }));
      return entry!;
    },
    'support.migrateCaseNote': async ({ transactionKey, text, ticket, savedAt }) => {
      if (!text && !ticket) return { migrated: false };
      // Once a transaction has entries its old note was moved already (or superseded): never twice.
      const entry = await deps.caseNotes.appendUnless((entries) =>
        entries.some((existing) => existing.transactionKey === transactionKey)
          ? null
          : {
              id: String(entries.length + 1),
              transactionKey,
              at: new Date(savedAt).toISOString(),
              author: null,
              text,
              ticket,
            },
      );
      return { migrated: entry !== null };
    },
  };
}
