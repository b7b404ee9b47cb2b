import { defineStore } from 'pinia';
import { computed, ref, shallowRef, triggerRef } from 'vue';
import { useConsoleApi } from '../api';
import { useHistoryDb } from '../db/history-db';
import { type RefreshProgress, type RefreshSummary } from '../services/bulk-refresh';
import { runBulkLookup, type LookupRow } from '../services/bulk-lookup';
import { parseIdList, type ParsedIds } from '../services/id-list';
import { useBulkRefreshStore } from './history-bulk-refresh';
import { useHistoryRecorderStore } from './history-recorder';
import { consoleErrorText } from '../i18n/console-error';

/** The support desk's bulk lookup: the parsed list, the running pool and the table of answers. */
export const useSupportBulkLookupStore = defineStore('support-bulk-lookup', () => {
  const parsed = shallowRef<ParsedIds | null>(null);
  /** One row per unique pasted id (keyed by it), in the pasted order; filled as answers arrive. */
  const rows = shallowRef<Map<string, LookupRow>>(new Map());
  const running = ref(false);
  const progress = shallowRef<RefreshProgress | null>(null);
  const summary = shallowRef<RefreshSummary | null>(null);
  let abort: AbortController | null = null;

  const table = computed(() => (parsed.value ? parsed.value.ids.flatMap((id) => rows.value.get(id) ?? []) : []));

  function prepare(text: string): ParsedIds {
    parsed.value = parseIdList(text);
    rows.value = new Map();
    summary.value = null;
    progress.value = null;
    return parsed.value;
  }

  async function start(profileId: string, ids?: readonly string[]): Promise<RefreshSummary | null> {
    const list = ids ?? parsed.value?.ids ?? [];
    if (running.value || !list.length) return null;
    running.value = true;
    if (!ids) rows.value = new Map();
    summary.value = null;
    abort = new AbortController();
    try {
      const recorder = useHistoryRecorderStore();
      const result = await runBulkLookup(list, {
        describeError: consoleErrorText,
        api: useConsoleApi(),
        db: useHistoryDb(),
        profiles: recorder.profileById,
        profileId,
        // The same "parallel requests" setting as History's bulk refresh: one rate budget per gateway.
        concurrency: useBulkRefreshStore().concurrency,
        signal: abort.signal,
        onRow: (row) => {
          rows.value.set(row.query, row);
          triggerRef(rows);
        },
        onProgress: (value) => (progress.value = value),
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

  return { parsed, rows, table, running, progress, summary, prepare, start, cancel };
});
