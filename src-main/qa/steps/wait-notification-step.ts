import type { DeliveryRecord } from '@shared/contract/notifications';
import type { StepNotification } from '@shared/contract/qa';
import { abortedDuring, safeJson, STOPPED_BY_USER, type StepExecutor } from './step-context';

/** Waits until enough accepted notifications for the transaction (with the status, if given) arrived. */
export const waitNotificationStep: StepExecutor<'waitNotification'> = async (
  { transactionID, status, atLeast, timeoutSeconds },
  { received, result, context, sleep },
) => {
  const deadline = Date.now() + timeoutSeconds * 1000;
  for (;;) {
    const matching = received.filter(
      (item) =>
        item.verdict === 'accepted' &&
        item.notification?.transactionId === transactionID &&
        (status === undefined || item.notification.paymentStatus === status),
    );
    if (matching.length >= atLeast || Date.now() >= deadline) {
      result.notifications.push(...matching.map(toStepNotification));
      const last = matching[matching.length - 1];
      const payload = last?.plaintext ? safeJson(last.plaintext) : null;
      return {
        timedOut: matching.length < atLeast,
        count: matching.length,
        paymentStatus: last?.notification?.paymentStatus ?? undefined,
        returnStatus: last?.notification?.returnStatus?.statusCode ?? undefined,
        body: payload,
        capture: { notification: payload, count: matching.length },
        message:
          matching.length < atLeast
            ? `${matching.length} notification(s)${status ? ` with ${status}` : ''} for ${transactionID} within ${timeoutSeconds} s; ${atLeast} expected`
            : undefined,
      };
    }
    if ('aborted' in (await abortedDuring(sleep(100), context.signal)))
      return { skip: `${STOPPED_BY_USER} while waiting for a notification.`, stopped: true };
  }
};

const toStepNotification = (record: DeliveryRecord): StepNotification => ({
  seq: record.seq,
  notificationId: record.notification?.notificationId ?? '',
  transactionId: record.notification?.transactionId ?? null,
  paymentStatus: record.notification?.paymentStatus ?? null,
  duplicate: record.duplicate,
  receivedAt: record.receivedAt,
});
