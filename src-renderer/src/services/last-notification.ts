import { Dexie } from 'dexie';
import type { HistoryDb } from '../db/history-db';
import type { NotificationRecord } from '../db/records';

/** The newest notification History holds for a transaction (one index read). */
export function lastNotificationOf(db: HistoryDb, transactionId: string): Promise<NotificationRecord | undefined> {
  return db.notifications
    .where('[transactionId+receivedAt]')
    .between([transactionId, Dexie.minKey], [transactionId, Dexie.maxKey])
    .last();
}

/** Every notification History holds for a transaction, oldest first. */
export function notificationsOf(db: HistoryDb, transactionId: string): Promise<NotificationRecord[]> {
  return db.notifications
    .where('[transactionId+receivedAt]')
    .between([transactionId, Dexie.minKey], [transactionId, Dexie.maxKey])
    .toArray();
}
