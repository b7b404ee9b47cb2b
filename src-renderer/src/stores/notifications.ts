import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { DeliveryRecord, ReceiverStatus } from '@shared/contract/notifications';
import { useConsoleApi } from '../api';
import { useHistoryDb } from '../db/history-db';
import type { NotificationRow } from '../services/notification-rows';
import type { NotificationSync } from '../services/notification-sync';
import type { ReconciliationFlag } from '../services/reconciliation';
import { useHistoryRecorderStore } from './history-recorder';
import { t } from '../i18n';
import { consoleErrorText } from '../i18n/console-error';

const PAGE = 200;

/**
 * Merchant notifications in the renderer: every delivery main journals is stored in history from app
 * start (push + catch-up from a cursor), whichever screen is open; the Notifications screen reads the
 * stored rows, the receiver's status and the reconciliation flags from here. The services behind it
 * (storing, querying, reconciling) are fetched when first used, after the first paint.
 */
export const useNotificationsStore = defineStore('notifications', () => {
  const rows = shallowRef<NotificationRow[]>([]);
  const limit = ref(PAGE);
  const flags = shallowRef<ReconciliationFlag[]>([]);
  const receiver = ref<ReceiverStatus | null>(null);
  const receiverError = ref<string | null>(null);
  const syncError = ref<string | null>(null);
  /** Bumped after each delivery stored. */
  const revision = ref(0);
  let sync: Promise<NotificationSync> | null = null;

  function start(): Promise<NotificationSync> {
    if (sync) return sync;
    const recorder = useHistoryRecorderStore();
    // Rows created for unknown transactions are labelled with their profile: know the profiles first.
    const profilesKnown = recorder.loadProfiles().catch(() => undefined);
    sync = import('../services/notification-sync').then(({ createNotificationSync, localCursor }) => {
      const created = createNotificationSync({
        api: useConsoleApi(),
        db: useHistoryDb(),
        profiles: (id) => recorder.profileById(id),
        cursor: localCursor(),
        onStored: () => {
          revision.value++;
          // The transaction timeline and the History list refresh on the recorder's revision.
          recorder.revision++;
        },
        onError: (message) => (syncError.value = message),
      });
      void profilesKnown.then(() => created.start());
      return created;
    });
    return sync;
  }

  /** A delivery read from main's record: handled exactly like a pushed one. */
  async function ingest(delivery: DeliveryRecord): Promise<void> {
    await (await start()).ingest(delivery);
  }

  async function loadReceiver(): Promise<void> {
    const result = await useConsoleApi()['notifications.receiverStatus']();
    receiver.value = result.ok ? result.value : null;
    receiverError.value = result.ok ? null : consoleErrorText(result.error);
  }

  /** More stored than shown (the list shows the most recent `limit`). */
  const hasMore = ref(false);

  async function loadRows(): Promise<void> {
    const { recentNotificationRows } = await import('../services/notification-query');
    const found = await recentNotificationRows(useHistoryDb(), limit.value + 1);
    hasMore.value = found.length > limit.value;
    rows.value = found.slice(0, limit.value);
  }

  async function showMore(): Promise<void> {
    limit.value += PAGE;
    await loadRows();
  }

  async function loadFlags(): Promise<void> {
    const { findReconciliationFlags } = await import('../services/reconciliation');
    flags.value = await findReconciliationFlags(useHistoryDb());
  }

  /** The status query settles a flag: its answer lands in history, then the flags are recomputed. */
  async function queryStatus(flag: ReconciliationFlag): Promise<string | null> {
    const { transaction } = flag;
    if (!transaction.transactionId) return t('notificationSync.noTransactionId');
    const recorder = useHistoryRecorderStore();
    const { lookupTransaction } = await import('../services/status-query');
    const result = await lookupTransaction(
      useConsoleApi(),
      useHistoryDb(),
      recorder.profileById,
      transaction.profileId,
      transaction.transactionId,
    );
    recorder.revision++;
    await loadFlags();
    if (result.ok) return null;
    // Wording a failure needs the support desk's explanation table: fetched when a lookup fails.
    const { lookupFailureText } = await import('../services/lookup-failure-text');
    return lookupFailureText(result);
  }

  return {
    rows,
    hasMore,
    flags,
    receiver,
    receiverError,
    syncError,
    revision,
    start,
    ingest,
    loadReceiver,
    loadRows,
    showMore,
    loadFlags,
    queryStatus,
  };
});
