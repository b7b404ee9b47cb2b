/** A transaction's story, oldest first: every exchange (create, follow-ups, status refreshes) and notification. */
import {
  declineReasonOf,
  formatDeclineReason,
  notificationReturnStatus,
  type DeclineReason,
} from '../../composables/decline-reason';
import type { ExchangeRecord, NotificationRecord } from '../../db/records';
import { t } from '../../i18n';

export interface TimelineEntry {
  id: string;
  at: number;
  kind: 'exchange' | 'notification';
  title: string;
  detail: string;
  /** The paymentStatus this step reported, when it reported one. */
  paymentStatus: string | null;
  /** Set for exchanges: what the inspector opens. */
  exchangeId: string | null;
  failed: boolean;
  /** The returnStatus that explains a refusal (e.g. `01.106.0004` MB WAY declined), when this step gave one. */
  reason: DeclineReason | null;
  /** The reason as one line (code, message, meaning), for display. */
  reasonText: string | null;
}

const withReason = (reason: DeclineReason | null) => ({
  reason,
  reasonText: reason ? formatDeclineReason(reason) : null,
});

/** Known operations by catalogue key; an unknown one shows its own name. */
const OPERATION_TITLES: Record<string, string> = {
  createOrder: 'timeline.createOrder',
  generateReference: 'timeline.generateReference',
  mbwayPurchase: 'timeline.mbwayPurchase',
  getStatus: 'timeline.getStatus',
  performAction: 'timeline.performAction',
};

export function buildTimeline(
  exchanges: readonly ExchangeRecord[],
  notifications: readonly NotificationRecord[],
): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    ...exchanges.map((exchange) => ({
      id: exchange.id,
      at: exchange.startedAtMs,
      kind: 'exchange' as const,
      title: OPERATION_TITLES[exchange.operation] ? t(OPERATION_TITLES[exchange.operation]!) : exchange.operation,
      detail: `${exchange.method} ${exchange.url} · ${exchange.summary} · ${Math.round(exchange.timings.durationMs)} ms`,
      paymentStatus: exchange.paymentStatus,
      exchangeId: exchange.id,
      failed: exchange.classification !== 'ok',
      ...withReason(declineReasonOf(exchange.returnStatus)),
    })),
    ...notifications.map((notification) => ({
      id: notification.id,
      at: notification.receivedAt,
      kind: 'notification' as const,
      // Rows stored by the notifications area carry the notificationID apart from the row id (one row per delivery).
      title: notification.duplicate === true ? t('timeline.notificationDuplicate') : t('timeline.notification'),
      detail: `notificationID ${typeof notification.notificationId === 'string' ? notification.notificationId : notification.id}`,
      paymentStatus: notification.paymentStatus,
      exchangeId: null,
      failed: false,
      ...withReason(declineReasonOf(notificationReturnStatus(notification.payload))),
    })),
  ];
  return entries.sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
}
