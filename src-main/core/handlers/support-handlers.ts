import type { Handlers } from '../dispatcher';
import type { ProfileRegistry } from '../profiles/profile-registry';
import type { AgentIdentity } from '../../support/agent-identity';
import type { AuditLog } from '../../support/audit-log';
import type { CaseNotes } from '../../support/case-notes';

type SupportMethods =
  | 'support.recordReveal'
  | 'support.auditLog'
  | 'support.agent'
  | 'support.setAgentName'
  | 'support.caseNotes'
  | 'support.addCaseNote'
  | 'support.migrateCaseNote';

/** support.*: the reveal audit log, case notes and the agent who signs them, all kept by main. */
export function createSupportHandlers(deps: {
  profiles: ProfileRegistry;
  audit: AuditLog;
  caseNotes: CaseNotes;
  agent: AgentIdentity;
  now?: () => Date;
}): Pick<Handlers, SupportMethods> {
  const now = deps.now ?? (() => new Date());
  return {
    'support.recordReveal': async ({ profileId, transactionId, field, reason }) => {
      // An unknown profile is refused: an entry must name who the data belonged to.
      const profile = deps.profiles.stored(profileId);
      // Who revealed it is main's to say (OS account + Settings name), never a value the renderer sends.
      const { osUser, agentName } = await deps.agent.current();
      return deps.audit.append({
        at: now().toISOString(),
        profileId,
        profileName: profile.name,
        transactionId,
        field,
        reason,
        osUser,
        agentName,
      });
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
