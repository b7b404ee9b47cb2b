import { ConsoleFailure } from '@shared/result';
import type { Handlers } from '../dispatcher';
import type { ProfileRegistry } from '../profiles/profile-registry';
import type { TransactionSignatures } from '../signature-store';
import type { AuditLog } from '../../support/audit-log';

type SupportMethods = 'support.reveal' | 'support.auditLog';

/** support.*: audited reveals of customer data main keeps, and the audit log, written and read only by main. */
export function createSupportHandlers(deps: {
  profiles: ProfileRegistry;
  audit: AuditLog;
  /** Main's record of the transactions it created, with their customer data in clear. */
  transactions: TransactionSignatures;
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
        throw new ConsoleFailure(
          'unknown-transaction',
          `The console knows no transaction ${transactionId}: only a transaction it created can have a field revealed. Nothing was logged.`,
          { transactionId },
        );
      const value = record.customer?.[field];
      if (value === undefined)
        throw new ConsoleFailure(
          'no-customer-data',
          `The console holds no ${field} for ${transactionId}, so there is nothing to reveal. Nothing was logged.`,
          { transactionId, field },
        );
      // The entry is on disk before the value leaves main: a reveal that could not be logged reveals nothing.
      const entry = await deps.audit.append({
        at: now().toISOString(),
        profileId,
        profileName: profile.name,
        transactionId,
        field,
        reason,
      });
      return { entry, value };
    },
    'support.auditLog': async () => ({ ...(await deps.audit.read()), path: deps.audit.path }),
  };
}
