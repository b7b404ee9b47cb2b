/**
 * Reconciliation: a transaction whose notifications and status answers tell different stories. The
 * status query is the source of truth (docs/gateway-behaviour.md), so every flag comes with one action:
 * query the status now.
 *
 * "Latest notification": delivery is unordered and at-least-once, so a late retry of an older
 * notification (Pending arriving after Success) must not count as news. A final status never changes,
 * so a notified final status outranks any non-final one; otherwise the most recently received wins.
 * Duplicates and refused deliveries say nothing new and are ignored.
 */
import { Dexie } from 'dexie';
import { t } from '../i18n';
import { isFinalPaymentStatus, PAYMENT_STATUS_VALUES } from '@shared/gateway/codes';
import type { HistoryDb } from '../db/history-db';
import { answeredReport } from '../db/history-writer';
import { validateRows } from '../db/quarantine';
import { transactionRecordSchema, type TransactionRecord } from '../db/records';
import { notificationRowsOf, recentNotificationRows } from './notification-query';
import type { NotificationRow } from './notification-rows';

export type ReconciliationKind = 'disagree' | 'never-notified' | 'never-queried';

export interface ReconciliationFlag {
  kind: ReconciliationKind;
  transaction: TransactionRecord;
  /** paymentStatus of the latest gateway answer (status query or other call); null when none. */
  statusSays: string | null;
  /** paymentStatus of the latest notification; null when never notified. */
  notificationSays: string | null;
  message: string;
}

/** The notification whose status counts, or undefined when there is none. */
export function latestNotification(rows: readonly NotificationRow[]): NotificationRow | undefined {
  const telling = rows.filter((row) => row.verdict === 'accepted' && !row.duplicate && row.paymentStatus !== null);
  const byReceipt = [...telling].sort((a, b) => a.receivedAt - b.receivedAt || a.seq - b.seq);
  const finals = byReceipt.filter((row) => isFinalPaymentStatus(row.paymentStatus));
  return finals.at(-1) ?? byReceipt.at(-1);
}

export function reconcile(
  transaction: TransactionRecord,
  notifications: readonly NotificationRow[],
): ReconciliationFlag | null {
  if (!transaction.transactionId) return null;
  // The row's status also weighs notifications; reconciliation compares them with the answers alone.
  const statusSays = answeredReport(transaction)?.status ?? null;
  const latest = latestNotification(notifications);
  const notificationSays = latest?.paymentStatus ?? null;
  const flag = (kind: ReconciliationKind, message: string): ReconciliationFlag => ({
    kind,
    transaction,
    statusSays,
    notificationSays,
    message,
  });
  if (notificationSays !== null && statusSays === null) {
    return flag('never-queried', t('reconciliation.neverQueriedText', { notified: notificationSays }));
  }
  if (notificationSays !== null && statusSays !== null && notificationSays !== statusSays) {
    return flag('disagree', t('reconciliation.disagreeText', { notified: notificationSays, status: statusSays }));
  }
  if (notificationSays === null && isFinalPaymentStatus(statusSays)) {
    return flag('never-notified', t('reconciliation.neverNotifiedText', { status: statusSays ?? '' }));
  }
  return null;
}

const FINAL_STATUSES = PAYMENT_STATUS_VALUES.filter(isFinalPaymentStatus);

/**
 * Flags among the most recent transactions: those notified (the latest `recent` deliveries) and those
 * final by status (the latest `recent` per final status). Bounded so a huge history stays quick.
 */
export async function findReconciliationFlags(db: HistoryDb, recent = 100): Promise<ReconciliationFlag[]> {
  const ids = new Set(
    (await recentNotificationRows(db, recent)).map((row) => row.transactionId).filter((id) => id !== null),
  );
  const candidates = new Map<string, TransactionRecord>();
  const notifiedRows = await db.transactions.bulkGet([...ids]);
  const finalRows = await Promise.all(
    FINAL_STATUSES.map((status) =>
      db.transactions
        .where('[statusKey+createdAt+key]')
        .between([status, -Infinity, Dexie.minKey], [status, Infinity, Dexie.maxKey])
        .reverse()
        .limit(recent)
        .toArray(),
    ),
  );
  const raw = [...notifiedRows.filter((row) => row !== undefined), ...finalRows.flat()];
  for (const row of await validateRows(db, 'transactions', transactionRecordSchema, raw)) {
    candidates.set(row.key, row);
  }
  const flags: ReconciliationFlag[] = [];
  for (const transaction of candidates.values()) {
    const rows = transaction.transactionId ? await notificationRowsOf(db, transaction.transactionId) : [];
    const flag = reconcile(transaction, rows);
    if (flag) flags.push(flag);
  }
  return flags.sort((a, b) => b.transaction.updatedAt - a.transaction.updatedAt);
}
