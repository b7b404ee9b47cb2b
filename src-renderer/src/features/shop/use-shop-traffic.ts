/**
 * The Traffic view's data: the shop world's connection and its traffic as main recorded it. The first
 * page comes from `shop.traffic`; every later entry is pushed by main (`record.appended`, kind `shop`),
 * so the timeline is live without polling, and it holds what main kept, never what the page guessed.
 */
import { computed, onBeforeUnmount, ref, shallowRef } from 'vue';
import { useConsoleApi } from '../../api';
import type { ConsoleError } from '@shared/result';
import { afterResets, type ShopConnection, type ShopRecord, type ShopResetRecord } from '@shared/contract/shop';

/** The newest entries the view keeps in memory (the record keeps them all). */
const KEPT = 2_000;

export type TrafficFilter = 'all' | 'calls' | 'notifications' | 'findings';

export function useShopTraffic() {
  const api = useConsoleApi();
  const connection = ref<ShopConnection | null>(null);
  const error = ref<ConsoleError | null>(null);
  const records = shallowRef<ShopRecord[]>([]);
  const loading = ref(false);

  /** Every world reset seen (pushed or read): an entry of that world from before it never shows again. */
  const resets: ShopResetRecord[] = [];

  function add(incoming: ShopRecord[], newResets: ShopResetRecord[] = []): void {
    if (!incoming.length && !newResets.length) return;
    resets.push(...newResets);
    const seen = new Set(records.value.map((record) => record.seq));
    const merged = [...records.value, ...incoming.filter((record) => !seen.has(record.seq))];
    merged.sort((a, b) => a.seq - b.seq);
    records.value = afterResets(merged, resets).slice(-KEPT);
  }

  // Subscribed before the first read: an entry appended meanwhile is pushed, read, or both (deduped by seq).
  const stop = api.on('record.appended', (entry) => {
    if (entry.kind === 'shop') add([{ seq: entry.seq, shop: entry.shop }]);
    else if (entry.kind === 'shopReset') add([], [{ seq: entry.seq, worldId: entry.shopReset.worldId }]);
  });
  onBeforeUnmount(stop);

  async function load(): Promise<void> {
    loading.value = true;
    try {
      const opened = await api['shop.connection']();
      if (!opened.ok) {
        error.value = opened.error;
        return;
      }
      connection.value = opened.value;
      let after = 0;
      for (;;) {
        const page = await api['shop.traffic']({ after, limit: 1000 });
        if (!page.ok) {
          error.value = page.error;
          return;
        }
        add(page.value.entries, page.value.resets);
        if (page.value.done || page.value.next <= after) break;
        after = page.value.next;
      }
      error.value = null;
    } finally {
      loading.value = false;
    }
  }

  async function setWebhook(url: string | null): Promise<ConsoleError | null> {
    const saved = await api['shop.setWebhook']({ url });
    if (!saved.ok) return saved.error;
    connection.value = saved.value;
    return null;
  }

  const transactions = computed(() => {
    const ids = new Set<string>();
    for (const { shop } of records.value) if (shop.transactionID) ids.add(shop.transactionID);
    return [...ids];
  });

  return { connection, error, records, loading, load, setWebhook, transactions };
}
