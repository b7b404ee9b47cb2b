/** Reading stored deliveries back (every row validated on read; invalid ones are quarantined). */
import { Dexie } from 'dexie';
import type { HistoryDb } from '../db/history-db';
import { validateRows } from '../db/quarantine';
import { notificationRowSchema, type NotificationRow } from './notification-rows';

/** The stored deliveries of one transaction, oldest first. */
export async function notificationRowsOf(db: HistoryDb, transactionId: string): Promise<NotificationRow[]> {
  const rows = await db.notifications
    .where('[transactionId+receivedAt]')
    .between([transactionId, Dexie.minKey], [transactionId, Dexie.maxKey])
    .toArray();
  return validateRows(db, 'notifications', notificationRowSchema, rows);
}

/** The most recent deliveries, newest first. */
export async function recentNotificationRows(db: HistoryDb, limit: number): Promise<NotificationRow[]> {
  const rows = await db.notifications.orderBy('receivedAt').reverse().limit(limit).toArray();
  return validateRows(db, 'notifications', notificationRowSchema, rows);
}
