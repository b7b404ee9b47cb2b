import type { DecryptResult, ReceiverStatus, SecretChoice } from '@shared/contract/notifications';
import { parseNotification } from '@shared/notification';
import { ConsoleFailure } from '@shared/result';
import type { DeliveryJournal } from '../../notifications/delivery-journal';
import {
  decryptNotification,
  encryptNotification,
  NotificationCryptoError,
} from '../../notifications/notification-crypto';
import { redactNotificationPlaintext } from '../../notifications/notification-redaction';
import { replayNotifications, type ReplayItem, type ReplayRequest } from '../../notifications/replay';
import type { Handlers } from '../dispatcher';
import { maskDeliveryCustomerData } from '../../support/customer-masking';
import { maskCustomerDataInText, maskCustomerDataInValue } from '@shared/support/customer-data';

export interface NotificationHandlerDeps {
  journal: DeliveryJournal;
  receiver: { status(): ReceiverStatus };
  /** The webhook secret of a profile (resolved in main, never returned), or null when it has none. */
  webhookSecretOf: (profileId: string) => Promise<string | null> | string | null;
  /** Whether a profile's customer data leaves main masked (production, lookup-only, unknown). */
  masksCustomerData: (profileId: string | null) => boolean;
  /** Replaced in tests that only check planning; defaults to a real POST. */
  send?: ReplayRequest['send'];
}

type NotificationHandlers = Pick<
  Handlers,
  'notifications.list' | 'notifications.receiverStatus' | 'notifications.decrypt' | 'notifications.replay'
>;

export function createNotificationsHandlers(deps: NotificationHandlerDeps): NotificationHandlers {
  const resolveSecret = async (choice: SecretChoice): Promise<string> => {
    if ('typed' in choice) return choice.typed;
    const secret = await deps.webhookSecretOf(choice.profileId);
    if (!secret) {
      throw new ConsoleFailure('no-webhook-secret', `Profile ${choice.profileId} has no webhook secret set.`);
    }
    return secret;
  };

  const replayItem = (source: { journalSeq: number } | { json: Record<string, unknown> }): ReplayItem => {
    if ('json' in source) {
      const parsed = parseNotification(source.json);
      if (!parsed.ok) throw new ConsoleFailure('not-a-notification', parsed.problem);
      return { plaintext: JSON.stringify(source.json), notificationId: parsed.notification.notificationId };
    }
    const record = deps.journal.get(source.journalSeq);
    if (!record) throw new ConsoleFailure('not-found', `There is no journaled delivery #${source.journalSeq}.`);
    if (record.plaintext === null || record.notification === null) {
      throw new ConsoleFailure(
        'not-replayable',
        `Delivery #${source.journalSeq} was never decrypted (${record.problem?.message ?? 'no notification'}), so there is nothing to re-send.`,
      );
    }
    // The exact plaintext received, so the merchant sees the same bytes the gateway sent.
    return { plaintext: record.plaintext, notificationId: record.notification.notificationId };
  };

  return {
    'notifications.list': async (input) => {
      const page = await deps.journal.list(input.after, input.limit);
      return {
        ...page,
        records: page.records.map((record) =>
          deps.masksCustomerData(record.profileId) ? maskDeliveryCustomerData(record) : record,
        ),
      };
    },
    'notifications.receiverStatus': () => deps.receiver.status(),
    'notifications.decrypt': async ({ secret, iv, tag, body }): Promise<DecryptResult> => {
      const key = await resolveSecret(secret);
      const outcome = decryptNotification({ secret: key, iv, tag, body });
      if (!outcome.ok) throw new ConsoleFailure(outcome.error.code, outcome.error.message);
      // Card data and secrets are removed before the plaintext crosses to the renderer (design rule 5).
      const safe = redactNotificationPlaintext(outcome.plaintext, outcome.json, [key]);
      // A profile's secret decrypts that profile's notifications: masked as its other data is.
      const masked = 'profileId' in secret && deps.masksCustomerData(secret.profileId);
      const json = masked ? maskCustomerDataInValue(safe.json) : safe.json;
      const parsed = parseNotification(json);
      return {
        plaintext: masked ? maskCustomerDataInText(safe.text) : safe.text,
        json,
        notification: parsed.ok ? parsed.notification : null,
        parseProblem: parsed.ok ? null : parsed.problem,
      };
    },
    'notifications.replay': async ({ url, secret, notifications, mode, copies }) => {
      const items = notifications.map(replayItem);
      const key = await resolveSecret(secret);
      try {
        // Fail on a bad secret before anything is sent rather than once per send.
        encryptNotification({ secret: key, plaintext: '' });
      } catch (error) {
        if (error instanceof NotificationCryptoError) throw new ConsoleFailure(error.code, error.message);
        throw error;
      }
      return replayNotifications({ url, secret: key, items, mode, copies, send: deps.send });
    },
  };
}
