import type { AuditEntry } from '@shared/contract/support';

const COLUMNS = ['at', 'profileId', 'profileName', 'transactionId', 'field', 'reason'] as const;

function cell(value: string): string {
  // A leading = + - @ would run as a formula in a spreadsheet app (CSV injection).
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The reveal audit log as CSV, oldest first, as main recorded it. */
export function auditLogToCsv(entries: readonly AuditEntry[]): string {
  const lines = entries.map((entry) => COLUMNS.map((column) => cell(entry[column])).join(','));
  return [COLUMNS.join(','), ...lines].join('\r\n') + '\r\n';
}
