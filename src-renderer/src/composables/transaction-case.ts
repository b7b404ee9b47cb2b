/**
 * Everything the support desk shows about one transaction, read from History: the row, the order's
 * customer data (from the create request this console sent, when it sent it), notifications, the
 * timeline. Case notes are main's (composables/case-notes).
 */
import { customerDataOfOrder, type CustomerData } from '@shared/support/customer-data';
import { exchangesOf, notificationsOf } from '../db/exchange-query';
import type { HistoryDb } from '../db/history-db';
import type { NotificationRecord, TransactionRecord } from '../db/records';
import { getTransaction } from '../db/transaction-query';
import { latestClockOffset, type KnownOffset } from '../services/clock-offset';
import { buildTimeline, collapseRepeatedSteps, type CollapsedTimelineEntry } from './timeline';

export interface TransactionCase {
  row: TransactionRecord;
  customer: CustomerData;
  notifications: NotificationRecord[];
  /** Oldest first, repeated identical steps collapsed into one line with a count. */
  timeline: CollapsedTimelineEntry[];
  /**
   * When the status shown was last asked (epoch ms) on the transaction's gateway clock: the newest
   * status-bearing step, moved by that answer's clock offset (a Sandbox moved +1 h says an hour later).
   */
  statusAsOf: number;
  /** The gateway clock offset of that answer; 0 / null on real time (composables/world-time.ts). */
  statusClockOffsetMs: number | null;
  /** The transaction's gateway clock as its records last stated it, for "now" on that clock. */
  clock: (KnownOffset & { apiRoot: string }) | null;
}

async function orderBodyOf(db: HistoryDb, exchangeIds: string[]): Promise<unknown> {
  for (const id of exchangeIds) {
    const body = await db.exchangeBodies.get(id);
    if (!body?.request?.text) continue;
    try {
      return JSON.parse(body.request.text);
    } catch {
      // A truncated or non-JSON body has no readable customer data.
    }
  }
  return null;
}

export async function loadTransactionCase(db: HistoryDb, key: string): Promise<TransactionCase | null> {
  const row = await getTransaction(db, key);
  if (!row) return null;
  const [exchanges, notifications] = await Promise.all([
    exchangesOf(db, key),
    row.transactionId ? notificationsOf(db, row.transactionId) : Promise.resolve([]),
  ]);
  const creates = exchanges.filter((exchange) => exchange.operation === 'createOrder').map((exchange) => exchange.id);
  const steps = buildTimeline(exchanges, notifications);
  const withStatus = steps.filter((entry) => entry.paymentStatus !== null);
  const clock = latestClockOffset(exchanges);
  // The answer that told the status states the clock it was told on; a notification carries no Date
  // header, so the transaction's latest known offset stands in.
  const statusClockOffsetMs =
    latestClockOffset(exchanges.filter((exchange) => exchange.paymentStatus !== null))?.offsetMs ??
    clock?.offsetMs ??
    null;
  return {
    row,
    customer: customerDataOfOrder(await orderBodyOf(db, creates)),
    notifications,
    timeline: collapseRepeatedSteps(steps),
    // Timeline times are already on the gateway's clock; the row's own time is local.
    statusAsOf: withStatus.at(-1)?.at ?? row.updatedAt + (statusClockOffsetMs ?? 0),
    statusClockOffsetMs,
    clock,
  };
}
