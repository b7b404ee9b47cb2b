/**
 * How a delivery to the notification receiver is stored in the history database's `notifications`
 * table. The history layer reads `id`, `transactionId`, `receivedAt`, `paymentStatus` and `payload` for
 * the timeline; this area adds the rest (the table's schema is loose for that). One row per delivery, good
 * or bad: the primary key is the delivery's journal id, so a gateway retry (same notificationID) is a row
 * of its own, flagged as a duplicate. Nothing here is secret: the body is ciphertext and main masks
 * credential headers before it journals them.
 */
import { z } from 'zod';
import { deliveryRecordSchema, type DeliveryRecord } from '@shared/contract/notifications';
import { notificationRecordSchema } from '../db/records';

export const notificationRowSchema = notificationRecordSchema.extend({
  /** The journal's position of the delivery (what replay sends by). */
  seq: z.number().int().positive(),
  /** The notification's notificationID; null when the delivery could not be decrypted. */
  notificationId: z.string().nullable(),
  verdict: z.enum(['accepted', 'rejected']),
  /** A delivery with a notificationID already accepted before (journal's flag or found here). */
  duplicate: z.boolean(),
  /** The row id of the first delivery with the same notificationID, when it is stored here. */
  duplicateOf: z.string().nullable(),
  /** Why a rejected delivery was refused, in plain words. */
  problem: z.string().nullable(),
  /** The whole journaled delivery: raw headers and body, plaintext, parsed view. */
  delivery: deliveryRecordSchema,
});
export type NotificationRow = z.infer<typeof notificationRowSchema>;

/** The stored row for a delivery, before duplicate detection against what is already stored. */
export function rowFromDelivery(delivery: DeliveryRecord): NotificationRow {
  const notification = delivery.notification;
  let payload: unknown = null;
  if (delivery.plaintext !== null) {
    try {
      payload = JSON.parse(delivery.plaintext);
    } catch {
      payload = null;
    }
  }
  return {
    id: delivery.id,
    transactionId: notification?.transactionId ?? null,
    receivedAt: Date.parse(delivery.receivedAt) || 0,
    paymentStatus: notification?.paymentStatus ?? null,
    payload,
    seq: delivery.seq,
    notificationId: notification?.notificationId ?? null,
    verdict: delivery.verdict,
    duplicate: delivery.duplicate,
    duplicateOf: null,
    problem: delivery.problem ? `${delivery.problem.message} (${delivery.problem.code})` : null,
    delivery,
  };
}

/** "16.20" → 16.2; null when the notification carried no readable amount. */
export function amountOf(row: NotificationRow): number | null {
  const value = row.delivery.notification?.amount?.value;
  if (!value) return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}
