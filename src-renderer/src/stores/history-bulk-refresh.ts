import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { PAYMENT_STATUSES, PAYMENT_STATUS_VALUES } from '@shared/gateway/codes';
import { useConsoleApi } from '../api';
import { useHistoryDb } from '../db/history-db';
import { STATUS_NOT_SEEN } from '../db/records';
import { queryKeys, searchTransactions, type HistoryFilter } from '../db/transaction-query';
import {
  DEFAULT_CONCURRENCY,
  runBulkRefresh,
  type RefreshItem,
  type RefreshProgress,
  type RefreshSummary,
} from '../services/bulk-refresh';
import { statusRefresher } from '../services/status-query';
import { SEARCH_LIMIT } from './history';
import { useHistoryRecorderStore } from './history-recorder';
import { useUserSettingsStore } from './user-settings';

/** Statuses that can still change, plus rows whose status was never seen. */
export const NON_FINAL_STATUS_KEYS = [
  ...PAYMENT_STATUS_VALUES.filter((status) => !PAYMENT_STATUSES[status].final),
  STATUS_NOT_SEEN,
];

/**
 * What to refresh: picked rows, or what the list shows — its filter and, when the search box has text,
 * only the rows that search found (the same search the list runs, with the same cap).
 */
export type RefreshScope =
  { keys: readonly string[] } | { filter: HistoryFilter; includeFinal: boolean; search?: string };

/** Bulk status refresh over a selection or the current filter, with progress, cancel and a summary. */
export const useBulkRefreshStore = defineStore('history-bulk-refresh', () => {
  const settings = useUserSettingsStore();
  // A setting main keeps: the agent's choice holds in every window and after a restart.
  const concurrency = computed<number>({
    get: () => settings.settings.bulkRefreshConcurrency ?? DEFAULT_CONCURRENCY,
    set: (value) => {
      if (value >= 1) void settings.update({ bulkRefreshConcurrency: Math.floor(value) });
    },
  });
  const running = ref(false);
  const progress = shallowRef<RefreshProgress | null>(null);
  const summary = shallowRef<RefreshSummary | null>(null);
  let abort: AbortController | null = null;

  async function itemsFor(scope: RefreshScope): Promise<RefreshItem[]> {
    const db = useHistoryDb();
    let keys: readonly string[];
    if ('keys' in scope) keys = scope.keys;
    else {
      const statuses = scope.filter.statuses?.length ? scope.filter.statuses : undefined;
      // Non-final only by default: a final status never changes, asking again only spends rate limit.
      const onlyOpen = scope.includeFinal
        ? statuses
        : (statuses ?? NON_FINAL_STATUS_KEYS).filter((s) => NON_FINAL_STATUS_KEYS.includes(s));
      const filter = { ...scope.filter, statuses: onlyOpen };
      keys = scope.search?.trim()
        ? (await searchTransactions(db, scope.search, filter, SEARCH_LIMIT)).map((row) => row.key)
        : await queryKeys(db, filter);
    }
    const rows = await db.transactions.bulkGet([...keys]);
    // Rows with an unknown outcome have no transactionID to ask about.
    return rows.flatMap((row) =>
      row?.transactionId ? [{ key: row.key, transactionId: row.transactionId, profileId: row.profileId }] : [],
    );
  }

  async function start(scope: RefreshScope): Promise<RefreshSummary | null> {
    if (running.value) return null;
    running.value = true;
    summary.value = null;
    abort = new AbortController();
    try {
      const recorder = useHistoryRecorderStore();
      const items = await itemsFor(scope);
      const result = await runBulkRefresh(items, {
        concurrency: concurrency.value,
        refresh: statusRefresher(useConsoleApi(), useHistoryDb(), recorder.profileById),
        onProgress: (value) => (progress.value = value),
        signal: abort.signal,
      });
      summary.value = result;
      recorder.revision++;
      return result;
    } finally {
      running.value = false;
      abort = null;
    }
  }

  const cancel = () => abort?.abort();

  return { concurrency, running, progress, summary, start, cancel };
});
