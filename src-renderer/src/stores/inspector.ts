import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { ConsoleApi } from '@shared/contract';
import type { Exchange } from '@shared/exchange';
import { useConsoleApi } from '../api';
import { useHistoryDb } from '../db/history-db';
import { exchangesOf, loadExchange } from '../db/exchange-query';
import { t } from '../i18n';

/** Exchanges kept in memory for "this session"; older ones are still in history. */
export const SESSION_LIMIT = 500;

export type InspectorScope = { kind: 'session' } | { kind: 'transaction'; transactionId: string };

/**
 * The raw exchange inspector, opened beside any screen: `open(exchange | exchangeId)` from the timeline,
 * the result panel or the follow-ups; `openTransaction(id)` lists one transaction's exchanges.
 * Session exchanges arrive through the `exchanges.recorded` push event.
 */
export const useInspectorStore = defineStore('inspector', () => {
  /** Newest first. */
  const session = shallowRef<Exchange[]>([]);
  const transactionExchanges = shallowRef<Exchange[]>([]);
  const scope = ref<InspectorScope>({ kind: 'session' });
  const visible = ref(false);
  const selected = shallowRef<Exchange | null>(null);
  const error = ref<string | null>(null);
  let unsubscribe: (() => void) | null = null;

  const listed = computed(() => (scope.value.kind === 'session' ? session.value : transactionExchanges.value));

  function add(exchange: Exchange): void {
    if (session.value.some((known) => known.id === exchange.id)) return;
    session.value = [exchange, ...session.value].slice(0, SESSION_LIMIT);
  }

  /** Subscribes once to the push event (the app shell calls it at start-up). */
  function start(api: Pick<ConsoleApi, 'on'> = useConsoleApi()): void {
    unsubscribe ??= api.on('exchanges.recorded', add);
  }

  function stop(): void {
    unsubscribe?.();
    unsubscribe = null;
  }

  const byId = (id: string): Exchange | undefined =>
    session.value.find((e) => e.id === id) ?? transactionExchanges.value.find((e) => e.id === id);

  /** Shows one exchange; an id is looked up in the session, then in history. */
  async function open(target: Exchange | string): Promise<boolean> {
    error.value = null;
    visible.value = true;
    const exchange =
      typeof target === 'string' ? (byId(target) ?? (await loadExchange(useHistoryDb(), target))) : target;
    if (!exchange) {
      error.value = t('inspectorStore.notFound', { id: target as string });
      return false;
    }
    selected.value = exchange;
    return true;
  }

  /** Lists every exchange of a transaction: those stored in history plus this session's. */
  async function openTransaction(transactionId: string): Promise<void> {
    error.value = null;
    visible.value = true;
    scope.value = { kind: 'transaction', transactionId };
    const fromSession = session.value.filter((e) => e.transactionID === transactionId);
    let stored: Exchange[] = [];
    try {
      const db = useHistoryDb();
      const rows = await exchangesOf(db, transactionId);
      stored = (await Promise.all(rows.map((row) => loadExchange(db, row.id)))).filter(
        (e): e is Exchange => e !== undefined,
      );
    } catch (cause) {
      error.value = t('inspectorStore.unreadable', { error: cause instanceof Error ? cause.message : String(cause) });
    }
    const merged = new Map<string, Exchange>();
    for (const e of [...stored, ...fromSession]) merged.set(e.id, e);
    transactionExchanges.value = [...merged.values()].sort((a, b) =>
      b.timings.startedAt.localeCompare(a.timings.startedAt),
    );
    selected.value = transactionExchanges.value[0] ?? selected.value;
  }

  function showSession(): void {
    scope.value = { kind: 'session' };
  }

  function close(): void {
    visible.value = false;
  }

  function toggle(): void {
    visible.value = !visible.value;
  }

  return {
    session,
    transactionExchanges,
    scope,
    listed,
    visible,
    selected,
    error,
    add,
    start,
    stop,
    byId,
    open,
    openTransaction,
    showSession,
    close,
    toggle,
  };
});
