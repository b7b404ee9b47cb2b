/** How a stored delivery reads in the list: the words a support agent scans for. */
import type { NotificationRow } from './notification-rows';

export function verdictText(row: NotificationRow): string {
  if (row.verdict === 'accepted')
    return row.delivery.problem
      ? `Acknowledged, but could not be read (HTTP ${row.delivery.httpStatus}): ${row.delivery.problem.message}`
      : `Acknowledged (HTTP ${row.delivery.httpStatus})`;
  return `Refused (HTTP ${row.delivery.httpStatus}): ${row.delivery.problem?.message ?? 'no reason recorded'}`;
}

export function amountText(row: NotificationRow): string {
  const amount = row.delivery.notification?.amount;
  return amount?.value ? `${amount.value} ${amount.currency ?? ''}`.trim() : '—';
}

/** Headers as the inspector's table shows them (a repeated header's values joined). */
export function flatHeaders(row: NotificationRow): Record<string, string> {
  return Object.fromEntries(
    Object.entries(row.delivery.headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(', ') : value,
    ]),
  );
}

export const timeText = (ms: number): string => new Date(ms).toLocaleString();
