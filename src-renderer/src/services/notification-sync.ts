/**
 * Keeps the history database in step with main's delivery journal: every pushed delivery is stored at
 * once, and at start (and whenever a push reveals a gap) the journal is read from a cursor, so nothing
 * received while the page was closed — or while the event stream was down — is missed. The cursor only
 * moves past deliveries that are stored, and storing is idempotent, so reading a delivery twice is harmless.
 */
import type { ConsoleApi } from '@shared/contract';
import type { DeliveryRecord } from '@shared/contract/notifications';
import type { HistoryDb } from '../db/history-db';
import type { ProfileLookup } from '../db/history-writer';
import { ingestDelivery, type IngestOutcome } from './notification-ingest';
import { t } from '../i18n';
import { consoleErrorText } from '../i18n/console-error';

export interface CursorStore {
  get(): number;
  set(seq: number): void;
}

const CURSOR_KEY = 'gateway-console.notifications-cursor';

/** The cursor is a preference of this browser profile, next to the database it describes. */
export function localCursor(storage: Storage = localStorage, key = CURSOR_KEY): CursorStore {
  return {
    get: () => {
      const value = Number(storage.getItem(key));
      return Number.isInteger(value) && value > 0 ? value : 0;
    },
    set: (seq) => storage.setItem(key, String(seq)),
  };
}

export interface NotificationSyncOptions {
  api: Pick<ConsoleApi, 'notifications.list' | 'notifications.receiverStatus' | 'on'>;
  db: HistoryDb;
  profiles: ProfileLookup;
  cursor: CursorStore;
  /** After each delivery stored (not for ones already stored). */
  onStored?: (outcome: IngestOutcome) => void;
  /** A page of the journal could not be read or a delivery could not be stored. */
  onError?: (message: string) => void;
  pageSize?: number;
}

export interface NotificationSync {
  /** Subscribes to pushes and catches up from the cursor; resolves when caught up. */
  start(): Promise<void>;
  catchUp(): Promise<void>;
  /** Stores one delivery as a push would (main's record hands its deliveries here); rejects if not stored. */
  ingest(record: DeliveryRecord): Promise<void>;
  stop(): void;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createNotificationSync(options: NotificationSyncOptions): NotificationSync {
  const { api, db, profiles, cursor } = options;
  const pageSize = options.pageSize ?? 200;
  // One write at a time: a push and a catch-up page must not interleave their cursor moves.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(job: () => Promise<T>): Promise<T> => {
    const run = queue.then(job, job);
    queue = run.catch(() => undefined);
    return run;
  };
  let unsubscribe: (() => void) | null = null;
  let catchingUp: Promise<void> | null = null;

  async function store(delivery: DeliveryRecord): Promise<void> {
    const outcome = await ingestDelivery(db, delivery, profiles);
    if (!outcome.alreadyStored) options.onStored?.(outcome);
  }

  async function readJournal(): Promise<void> {
    // A journal with fewer deliveries than the cursor is not the one the cursor was taken from
    // (a new user-data folder): read it from the start; deliveries already stored are skipped.
    const status = await api['notifications.receiverStatus']();
    if (status.ok && status.value.deliveries + status.value.unreadableJournalLines < cursor.get()) cursor.set(0);
    for (;;) {
      const page = await api['notifications.list']({ after: cursor.get(), limit: pageSize });
      if (!page.ok) {
        options.onError?.(t('notificationSync.journalUnreadable', { error: consoleErrorText(page.error) }));
        return;
      }
      await serial(async () => {
        for (const record of page.value.records) await store(record);
        cursor.set(Math.max(cursor.get(), page.value.nextCursor));
      });
      if (!page.value.hasMore || page.value.records.length === 0) return;
    }
  }

  function catchUp(): Promise<void> {
    catchingUp ??= readJournal()
      .catch((error: unknown) => options.onError?.(t('notificationSync.notStored', { error: describe(error) })))
      .finally(() => {
        catchingUp = null;
      });
    return catchingUp;
  }

  function ingest(record: DeliveryRecord): Promise<void> {
    return serial(async () => {
      await store(record);
      // Only the next delivery in order moves the cursor; a gap means pushes were missed: read the journal.
      if (record.seq === cursor.get() + 1) cursor.set(record.seq);
      else if (record.seq > cursor.get()) void catchUp();
    });
  }

  function receive(record: DeliveryRecord): void {
    ingest(record).catch((error: unknown) =>
      options.onError?.(t('notificationSync.oneNotStored', { error: describe(error) })),
    );
  }

  return {
    start: () => {
      unsubscribe ??= api.on('notifications.received', receive);
      return catchUp();
    },
    catchUp,
    ingest,
    stop: () => {
      unsubscribe?.();
      unsubscribe = null;
    },
  };
}
