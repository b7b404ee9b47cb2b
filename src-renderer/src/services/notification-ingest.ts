/**
 * Stores one journaled delivery in the history database, linked to its transaction. Idempotent per
 * delivery id: the same delivery reaches us twice (the push event and the catch-up from the journal).
 */
import type { DeliveryRecord } from '@shared/contract/notifications';
import { notificationReport } from '@shared/transaction-state';
import type { HistoryDb } from '../db/history-db';
import { noteNotificationStatus, type ProfileInfo, type ProfileLookup } from '../db/history-writer';
import { validateRows } from '../db/quarantine';
import { STATUS_NOT_SEEN, type TransactionRecord } from '../db/records';
import { getTransaction } from '../db/transaction-query';
import { notificationRowsOf } from './notification-query';
import { amountOf, notificationRowSchema, rowFromDelivery, type NotificationRow } from './notification-rows';
import { t } from '../i18n';

export interface IngestOutcome {
  row: NotificationRow;
  /** The delivery was already stored (nothing written). */
  alreadyStored: boolean;
  /** A transactions row was created because the notification named a transaction history did not know. */
  createdTransaction: boolean;
}

/**
 * A history row for a transaction first heard of by notification; the notification's status is folded
 * into it right after, like into any row (a later status query still outweighs it when they disagree).
 */
function transactionFromNotification(row: NotificationRow, profile: ProfileInfo): TransactionRecord | null {
  const notification = row.delivery.notification;
  if (!notification?.transactionId) return null;
  return {
    key: notification.transactionId,
    transactionId: notification.transactionId,
    merchantTransactionId: notification.merchantOrderId,
    profileId: profile.id,
    profileName: profile.name,
    environment: profile.environment,
    variant: profile.variant,
    amount: amountOf(row),
    currency: notification.amount?.currency ?? null,
    methods: notification.paymentMethod ? [notification.paymentMethod] : [],
    paymentStatus: null,
    statusKey: STATUS_NOT_SEEN,
    returnStatus: null,
    expiry: null,
    createdAt: row.receivedAt,
    updatedAt: row.receivedAt,
    reference: null,
    referenceEntity: null,
    maskedPhone: null,
    // Not created here and not imported: like a status lookup, it is a transaction seen from outside.
    source: 'looked-up',
  };
}

const unknownProfile = (id: string | null): ProfileInfo => ({
  id: id ?? 'unknown',
  name: id ?? t('notificationSync.unknownProfile'),
  environment: 'unknown',
  variant: null,
});

export async function ingestDelivery(
  db: HistoryDb,
  delivery: DeliveryRecord,
  profiles: ProfileLookup,
): Promise<IngestOutcome> {
  const fresh = rowFromDelivery(delivery);
  return db.transaction('rw', [db.notifications, db.transactions, db.quarantine], async () => {
    const existing = await db.notifications.get(fresh.id);
    if (existing) {
      const [valid] = await validateRows(db, 'notifications', notificationRowSchema, [existing]);
      if (valid) return { row: valid, alreadyStored: true, createdTransaction: false };
    }
    const row = { ...fresh };
    let createdTransaction = false;
    if (row.transactionId !== null && row.verdict === 'accepted') {
      // Duplicates share the transaction, so its rows are the only ones to compare notificationIDs with.
      const earlier = (await notificationRowsOf(db, row.transactionId)).find(
        (other) =>
          other.verdict === 'accepted' &&
          other.notificationId === row.notificationId &&
          (other.seq < row.seq || other.receivedAt < row.receivedAt),
      );
      if (earlier) {
        row.duplicate = true;
        row.duplicateOf = earlier.id;
      }
      if (!(await getTransaction(db, row.transactionId))) {
        const profile = (delivery.profileId && profiles(delivery.profileId)) || unknownProfile(delivery.profileId);
        const created = transactionFromNotification(row, profile);
        if (created) {
          await db.transactions.put(created);
          createdTransaction = true;
        }
      }
    }
    await db.notifications.put(row);
    // Only an accepted delivery is the gateway's word (it decrypted and authenticated with the webhook
    // secret); a rejected one proves nothing about the payment and never touches its row.
    if (row.verdict === 'accepted')
      await noteNotificationStatus(
        db,
        row.transactionId,
        notificationReport(row),
        row.delivery.notification?.returnStatus,
      );
    return { row, alreadyStored: false, createdTransaction };
  });
}
