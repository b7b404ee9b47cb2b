import { defineStore } from 'pinia';
import { ref, shallowRef, watch } from 'vue';
import { useConsoleApi } from '../api';
import { useHistoryDb } from '../db/history-db';
import { recordExchanges } from '../db/history-writer';
import { forgetShopWorld } from '../db/forget-shop-world';
import { readRecordCursor, writeRecordCursor } from '../db/record-cursor';
import { createRecordSync, type RecordProgress, type RecordSync } from '../services/record-sync';
import { isQuotaError } from '../services/storage-quota';
import { t } from '../i18n';
import { useHistoryRecorderStore } from './history-recorder';
import { useHostConnectionStore } from './host-connection';
import { useNotificationsStore } from './notifications';

const LIST_REFRESH_MS = 250;

/**
 * History as an index of main's record: caught up at start and whenever the host is back, rebuilt from
 * the start of the record in a browser that holds none of it, with the progress shown in History.
 */
export const useRecordIndexStore = defineStore('record-index', () => {
  const progress = shallowRef<RecordProgress | null>(null);
  const error = ref<string | null>(null);
  /**
   * Exchanges the browser could not store (its storage is full). They are safe in main's record: the
   * cursor stays before them, so "Retry saving" (or the next catch-up) stores them once there is room.
   */
  const unstored = ref(0);
  let sync: RecordSync | null = null;
  let refreshTimer: ReturnType<typeof setTimeout> | null = null;
  let refreshOwed = false;

  function start(): void {
    if (sync) return;
    const recorder = useHistoryRecorderStore();
    const notifications = useNotificationsStore();
    const db = useHistoryDb();
    const started = createRecordSync({
      api: useConsoleApi(),
      cursor: { get: () => readRecordCursor(db), set: (cursor) => writeRecordCursor(db, cursor) },
      storeExchanges: async (exchanges) => {
        // A profile made just before its first call (a scenario run's world) labels its rows once it is listed.
        await recorder.whenProfilesReady();
        try {
          await recordExchanges(db, exchanges, recorder.profileById);
        } catch (problem) {
          if (isQuotaError(problem)) unstored.value = Math.max(unstored.value, exchanges.length);
          throw problem;
        }
        unstored.value = 0;
      },
      storeNotification: (delivery) => notifications.ingest(delivery),
      forgetShopWorld: async (worldId, beforeSeq) => {
        await forgetShopWorld(db, worldId, beforeSeq);
      },
      onProgress: (next) => (progress.value = next),
      onStored: () => {
        error.value = null;
        // Lists re-query on each bump: a live entry shows at once, a rebuild's many pages a few times a second.
        if (refreshTimer) {
          refreshOwed = true;
          return;
        }
        recorder.revision++;
        const settle = () => {
          refreshTimer = refreshOwed ? setTimeout(settle, LIST_REFRESH_MS) : null;
          if (refreshOwed) recorder.revision++;
          refreshOwed = false;
        };
        refreshTimer = setTimeout(settle, LIST_REFRESH_MS);
      },
      onError: (problem) =>
        (error.value = isQuotaError(problem)
          ? null
          : t('recordIndex.failed', { error: problem instanceof Error ? problem.message : String(problem) })),
    });
    sync = started;
    // Rows are labelled with their profile's name and environment: know the profiles first.
    void recorder.loadProfiles().finally(() => started.start());
    // Calls made while the host was away (or by the CLI meanwhile) are read once it answers again.
    const connection = useHostConnectionStore();
    connection.start();
    watch(
      () => connection.state,
      (state, before) => {
        if (state === 'connected' && before !== 'connected') void started.catchUp();
      },
    );
  }

  /** Stores again what the browser could not (after space was freed): nothing was lost meanwhile. */
  async function retryStoring(): Promise<void> {
    await sync?.catchUp();
  }

  return { progress, error, unstored, start, retryStoring };
});
