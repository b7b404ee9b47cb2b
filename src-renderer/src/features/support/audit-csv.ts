import type { AuditEntry } from '@shared/contract/support';
import { csvDocument } from '@shared/csv';

const COLUMNS = ['at', 'osUser', 'agentName', 'profileId', 'profileName', 'transactionId', 'field', 'reason'] as const;

/** The reveal audit log as CSV, oldest first, as main recorded it. */
export function auditLogToCsv(entries: readonly AuditEntry[]): string {
  return csvDocument(
    COLUMNS,
    entries.map((entry) => COLUMNS.map((column) => entry[column] ?? '')),
  );
}
