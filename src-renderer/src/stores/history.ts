import { defineStore } from 'pinia';
import { ref, shallowRef, watch } from 'vue';
import { useHistoryDb } from '../db/history-db';
import { t } from '../i18n';
import { formatNumber } from '../i18n/format';

/** "1,234" or "1,000+" (a capped count), in the language's digits. */
const countText = ({ count, capped }: { count: number; capped: boolean }) =>
  `${formatNumber(count)}${capped ? '+' : ''}`;
import type { TransactionRecord } from '../db/records';
import {
  countCapped,
  queryPage,
  searchTransactions,
  type HistoryFilter,
  type PageCursor,
  type SortOrder,
} from '../db/transaction-query';
import { useHistoryRecorderStore } from './history-recorder';

const PAGE_SIZE = 100;
/**
 * Pages read while scrolling are bigger than the first: each read costs a database transaction and a
 * re-render of the view whatever its size, and a fast wheel passes a hundred rows in a few steps.
 */
const MORE_PAGE_SIZE = 300;
/** How many rows a search lists (and a bulk refresh of the current search covers). */
export const SEARCH_LIMIT = 200;

/** The History list: filter, search, sort, keyset-paged rows and a capped count. */
export const useHistoryStore = defineStore('history', () => {
  const filter = ref<HistoryFilter>({});
  const order = ref<SortOrder>('newest');
  const search = ref('');
  const rows = shallowRef<TransactionRecord[]>([]);
  const next = ref<PageCursor | null>(null);
  const loading = ref(false);
  const loadingMore = ref(false);
  const countLabel = ref('');
  const error = ref<string | null>(null);
  let generation = 0;

  async function reload(): Promise<void> {
    const db = useHistoryDb();
    const mine = ++generation;
    loading.value = true;
    try {
      if (search.value.trim()) {
        const found = await searchTransactions(db, search.value, filter.value, SEARCH_LIMIT);
        if (mine !== generation) return;
        rows.value = found;
        next.value = null;
        countLabel.value = t('history.countFound', {
          count: countText({ count: Math.min(found.length, SEARCH_LIMIT - 1), capped: found.length >= SEARCH_LIMIT }),
        });
      } else {
        const [page, count] = await Promise.all([
          queryPage(db, filter.value, { order: order.value, limit: PAGE_SIZE }),
          countCapped(db, filter.value),
        ]);
        if (mine !== generation) return;
        rows.value = page.rows;
        next.value = page.next;
        countLabel.value = t(
          'history.countTotal',
          { count: countText(count) },
          count.count === 1 && !count.capped ? 1 : 2,
        );
      }
      error.value = null;
    } catch (cause) {
      error.value = t('inspectorStore.unreadable', { error: cause instanceof Error ? cause.message : String(cause) });
    } finally {
      if (mine === generation) loading.value = false;
    }
  }

  async function loadMore(): Promise<void> {
    if (!next.value || loading.value || loadingMore.value) return;
    const mine = generation;
    // Its own flag: the table's loading overlay (for a new query) would repaint the whole list per page.
    loadingMore.value = true;
    try {
      const page = await queryPage(useHistoryDb(), filter.value, {
        order: order.value,
        after: next.value,
        limit: MORE_PAGE_SIZE,
      });
      if (mine !== generation) return;
      rows.value = [...rows.value, ...page.rows];
      next.value = page.next;
    } finally {
      loadingMore.value = false;
    }
  }

  watch([filter, order, search], () => void reload(), { deep: true });

  // New exchanges arrive in bursts (a bulk refresh records hundreds): refresh the first page at most every 500 ms.
  let timer: ReturnType<typeof setTimeout> | null = null;
  watch(
    () => useHistoryRecorderStore().revision,
    () => {
      timer ??= setTimeout(() => {
        timer = null;
        // Only the top of the list is refreshed; a user deep in the list keeps their place.
        if (rows.value.length <= PAGE_SIZE) void reload();
      }, 500);
    },
  );

  return { filter, order, search, rows, next, loading, loadingMore, countLabel, error, reload, loadMore };
});
