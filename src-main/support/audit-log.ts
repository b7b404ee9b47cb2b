import { auditEntrySchema } from '@shared/contract/support';
import { AppendOnlyLog } from '../common/append-only-log';

export const AUDIT_LOG_FILE = 'support-audit.jsonl';

/** The support desk's reveal log: one JSON line per reveal, appended and never rewritten. */
export class AuditLog extends AppendOnlyLog<typeof auditEntrySchema> {
  constructor(path: string) {
    super(path, auditEntrySchema, 'audit entry');
  }
}
