import type { Handlers } from '../dispatcher';
import type { ProfileRegistry } from '../profiles/profile-registry';
import type { AuditLog } from '../../support/audit-log';

type SupportMethods = 'support.recordReveal' | 'support.auditLog';

/** support.*: the reveal audit log, written and read only by main. */
export function createSupportHandlers(deps: {
  profiles: ProfileRegistry;
  audit: AuditLog;
  now?: () => Date;
}): Pick<Handlers, SupportMethods> {
  const now = deps.now ?? (() => new Date());
  return {
    'support.recordReveal': async ({ profileId, transactionId, field, reason }) => {
      // An unknown profile is refused: an entry must name who the data belonged to.
      const profile = deps.profiles.stored(profileId);
      return deps.audit.append({
        at: now().toISOString(),
        profileId,
        profileName: profile.name,
        transactionId,
        field,
        reason,
      });
    },
    'support.auditLog': async () => ({ ...(await deps.audit.read()), path: deps.audit.path }),
  };
}
