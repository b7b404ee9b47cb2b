/**
 * One call that composes the notifications side of the core: opens the journal in the user-data folder
 * and starts the receiver on it. A receiver that cannot listen (port taken) does not stop the console:
 * the journal stays readable and the receiver's status says why it is not listening.
 */
import { join } from 'node:path';
import { logger } from '../common/logger';
import { DeliveryJournal } from './delivery-journal';
import { NotificationReceiver, type ReceiverOptions } from './receiver';

export interface NotificationsServiceOptions extends Omit<ReceiverOptions, 'journal'> {
  userDataDir: string;
}

export interface NotificationsService {
  journal: DeliveryJournal;
  receiver: NotificationReceiver;
  close(): Promise<void>;
}

export async function startNotificationsService(options: NotificationsServiceOptions): Promise<NotificationsService> {
  const { userDataDir, ...receiverOptions } = options;
  const journal = await DeliveryJournal.open(join(userDataDir, 'notifications'));
  const receiver = new NotificationReceiver({ ...receiverOptions, journal });
  await receiver.start().catch((error: unknown) => logger.warn('notification receiver could not start', error));
  return {
    journal,
    receiver,
    close: async () => {
      await receiver.stop();
      await journal.close();
    },
  };
}
