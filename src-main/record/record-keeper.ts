/**
 * The one way an exchange or a delivery enters main's record: appended to the journal first, then pushed
 * (`record.appended`, with its seq) to every window. A journal that cannot be written (disk full) never
 * stops the call that made the entry; the user is told once, and the push still goes out without a seq.
 */
import type { DeliveryRecord } from '@shared/contract/notifications';
import type { Exchange } from '@shared/exchange';
import type { ShopTrafficEntry } from '@shared/shop/traffic';
import { mainText } from '@shared/console-text';
import type { EventBus } from '../common/event-bus';
import type { Notices } from '../common/notices';
import { logger } from '../common/logger';
import type { RecordDraft, RecordJournal } from './record-journal';

export interface RecordKeeper {
  exchange(exchange: Exchange): void;
  notification(delivery: DeliveryRecord): void;
  /** A call or notification of the shop under test, as its world captured it (already masked there). */
  shop(entry: ShopTrafficEntry): void;
  /** The shop's world `worldId` was reset: what it recorded before no longer shows (an entry, not a rewrite). */
  shopReset(worldId: string): void;
}

export function createRecordKeeper(journal: RecordJournal, events: EventBus, notices: Notices): RecordKeeper {
  let warned = false;
  const keep = (draft: RecordDraft) => {
    try {
      events.emit('record.appended', journal.append(draft));
    } catch (error) {
      logger.warn('the record journal could not be written', error);
      if (!warned) notices.raise('warning', mainText('recordNotWritten', { path: journal.path }));
      warned = true;
    }
  };
  return {
    exchange: (exchange) => {
      keep({ kind: 'exchange', exchange });
      events.emit('exchanges.recorded', exchange);
    },
    notification: (delivery) => keep({ kind: 'notification', delivery }),
    shop: (entry) => keep({ kind: 'shop', shop: entry }),
    shopReset: (worldId) => keep({ kind: 'shopReset', shopReset: { worldId, at: new Date().toISOString() } }),
  };
}
