/** How a stored delivery reads in the list: the words a support agent scans for. */
import type { NotificationRow } from './notification-rows';
import { t } from '../i18n';
import { formatAmount, formatDateTime } from '../i18n/format';

export function verdictText(row: NotificationRow): string {
  if (row.verdict === 'accepted')
    return row.delivery.problem
      ? t('deliveries.acknowledgedUnreadable', {
          status: row.delivery.httpStatus,
          reason: row.delivery.problem.message,
        })
      : t('deliveries.acknowledged', { status: row.delivery.httpStatus });
  return t('deliveries.refused', {
    status: row.delivery.httpStatus,
    reason: row.delivery.problem?.message ? row.delivery.problem.message : t('deliveries.noReason'),
  });
}

export function amountText(row: NotificationRow): string {
  const amount = row.delivery.notification?.amount;
  return amount?.value ? amountOf(amount.value, amount.currency) : '—';
}

/** The gateway sends amounts as decimal strings: formatted for the language when they are numbers. */
export function amountOf(value: string | number, currency: string | null | undefined): string {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? formatAmount(number, currency) : `${value} ${currency ?? ''}`.trim();
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

export const timeText = (ms: number): string => formatDateTime(ms);
