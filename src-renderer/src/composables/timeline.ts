/** A transaction's story, oldest first: every exchange (create, follow-ups, status refreshes) and notification. */
import { declineReasonOf, formatDeclineReason, notificationReturnStatus, type DeclineReason } from './decline-reason';
import { offsetInForceAt, steadyClockOffsets } from '@shared/gateway/steady-clock';
import { latestClockOffset } from '../services/clock-offset';
import type { ExchangeRecord, NotificationRecord } from '../db/records';
import { t } from '../i18n';
import { exchangeSummaryText } from '../i18n/exchange-text';

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

/**
 * Times are on the gateway's clock (a Sandbox world's may run ahead of real time): each exchange by the
 * offset its own answer stated (steadied: see steady-clock.ts), a notification (received on the local
 * clock) by the steadied offset of the call in force when it came, so it keeps its place between them.
 */
export function buildTimeline(
  exchanges: readonly ExchangeRecord[],
  notifications: readonly NotificationRecord[],
): TimelineEntry[] {
  // A record that states no offset is placed by the latest one known (none known: the local clock).
  const latestOffsetMs = latestClockOffset(exchanges)?.offsetMs ?? 0;
  // Offsets a Date header's second apart are one clock: the calls keep the order they were made in.
  const offsets = steadyClockOffsets(
    exchanges,
    (exchange) => exchange.startedAtMs,
    (exchange) => exchange.gatewayClockOffsetMs ?? latestOffsetMs,
  );
  const entries: TimelineEntry[] = [
    ...exchanges.map((exchange) => ({
      id: exchange.id,
      at: exchange.startedAtMs + (offsets.get(exchange) ?? latestOffsetMs),
      kind: 'exchange' as const,
      title: OPERATION_TITLES[exchange.operation] ? t(OPERATION_TITLES[exchange.operation]!) : exchange.operation,
      detail: `${exchange.method} ${exchange.url} · ${exchangeSummaryText(exchange)} · ${Math.round(exchange.timings.durationMs)} ms`,
      paymentStatus: exchange.paymentStatus,
      exchangeId: exchange.id,
      failed: exchange.classification !== 'ok',
      ...withReason(declineReasonOf(exchange.returnStatus)),
    })),
    ...notifications.map((notification) => ({
      id: notification.id,
      at:
        notification.receivedAt + offsetInForceAt(offsets, (exchange) => exchange.startedAtMs, notification.receivedAt),
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

/** A step shown once for a run of identical ones: how many there were and when the last one was. */
export interface CollapsedTimelineEntry extends TimelineEntry {
  /** How many identical consecutive steps this line stands for (1 when it is alone). */
  repeats: number;
  /** When the last of them happened (epoch ms); equals `at` when alone. */
  lastAt: number;
}

const sameStep = (a: TimelineEntry, b: TimelineEntry) =>
  a.kind === 'exchange' &&
  b.kind === 'exchange' &&
  a.title === b.title &&
  a.paymentStatus === b.paymentStatus &&
  a.failed === b.failed &&
  a.reasonText === b.reasonText;

/**
 * A case's story without the noise of repeated lookups: consecutive exchanges that said the same thing
 * (e.g. ten "Status refreshed — Success") become one line with a count and the last time. A change in
 * between (another status, a notification) keeps both sides, so no transition is hidden.
 */
export function collapseRepeatedSteps(entries: readonly TimelineEntry[]): CollapsedTimelineEntry[] {
  const collapsed: CollapsedTimelineEntry[] = [];
  for (const entry of entries) {
    const previous = collapsed.at(-1);
    if (previous && sameStep(previous, entry)) {
      previous.repeats += 1;
      previous.lastAt = entry.at;
    } else collapsed.push({ ...entry, repeats: 1, lastAt: entry.at });
  }
  return collapsed;
}
