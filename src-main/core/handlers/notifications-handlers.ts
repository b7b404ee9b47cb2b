import type { DecryptResult, ReceiverStatus, SecretChoice } from '@shared/contract/notifications';
import { parseNotification } from '@shared/notification';
import { ConsoleFailure } from '@shared/result';
import type { DeliveryJournal } from '../../notifications/delivery-journal';
import { decryptNotification } from '../../notifications/notification-crypto';
import { redactNotificationPlaintext } from '../../notifications/notification-redaction';
import { replayNotifications, type ReplayRequest } from '../../notifications/replay';
import type { Handlers } from '../dispatcher';
import { authorizeReplay, type ReplayGateDeps } from '../replay-gate';
import { mainText } from '@shared/console-text';
import { maskDeliveryCustomerData } from '../../support/customer-masking';
import { maskCustomerDataInText, maskCustomerDataInValue } from '@shared/support/customer-data';

export interface NotificationHandlerDeps {
  journal: DeliveryJournal;
  receiver: { status(): ReceiverStatus };
  /** The webhook secret of a profile (resolved in main, never returned), or null when it has none. */
  webhookSecretOf: (profileId: string) => Promise<string | null> | string | null;
  /** Profiles by id: replay goes only to the webhook URL of the profile that accepted the notifications. */
  profiles: ReplayGateDeps['profiles'];
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
      throw new ConsoleFailure(
        'no-webhook-secret',
        mainText('noWebhookSecretForProfile', { profileId: choice.profileId }),
      );
    }
    return secret;
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
      if (!outcome.ok) throw new ConsoleFailure(outcome.error.code, outcome.error.text ?? outcome.error.message);
      // Card data and secrets are removed before the plaintext crosses to the renderer (architecture rule 5).
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
    'notifications.replay': async ({ notifications, mode, copies, confirmation }) => {
      // Every refusal happens here, before the first POST.
      const replay = await authorizeReplay(deps, { notifications, confirmation });
      const result = await replayNotifications({ url: replay.url, items: replay.items, mode, copies, send: deps.send });
      return { ...result, profileId: replay.profileId, url: replay.url };
    },
  };
}
