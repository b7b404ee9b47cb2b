import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import type { ConsoleApi } from '@shared/contract';
import type { Exchange } from '@shared/exchange';
import { useConsoleApi } from '../api';
import { useHistoryDb } from '../db/history-db';
import { exchangesOf, exchangesSince, joinExchange, loadExchange } from '../db/exchange-query';
import { t } from '../i18n';
import { useHistoryRecorderStore } from './history-recorder';
import { SESSION_START_KEY, sessionStart } from './inspector-session';

export { SESSION_START_KEY };

/** How many exchanges "this session" lists; older ones are still in history. */
export const SESSION_LIMIT = 500;

const newestFirst = (a: Exchange, b: Exchange) => b.timings.startedAt.localeCompare(a.timings.startedAt);

export type InspectorScope = { kind: 'session' } | { kind: 'transaction'; transactionId: string };

/**
 * The raw exchange inspector, opened beside any screen: `open(exchange | exchangeId)` from the timeline,
 * the result panel or the follow-ups; `openTransaction(id)` lists one transaction's exchanges.
 * "This session" is read from history (every exchange since the session began), so a reload lists the
 * same exchanges; those pushed by `exchanges.recorded` show at once, before history has stored them.
 */
export const useInspectorStore = defineStore('inspector', () => {
  /** Whole exchanges pushed while this page was open (newest first). */
  const pushed = shallowRef<Exchange[]>([]);
  /** The session's exchanges as stored in history, without bodies (loaded when one is opened). */
  const stored = shallowRef<Exchange[]>([]);
  /** Newest first: the stored session plus what was pushed and is not stored yet. */
  const session = computed<Exchange[]>(() => {
    const byId = new Map(stored.value.map((e) => [e.id, e]));
    for (const e of pushed.value) byId.set(e.id, e);
    return [...byId.values()].sort(newestFirst).slice(0, SESSION_LIMIT);
  });
  const transactionExchanges = shallowRef<Exchange[]>([]);
  const scope = ref<InspectorScope>({ kind: 'session' });
  const visible = ref(false);
  const selected = shallowRef<Exchange | null>(null);
  const error = ref<string | null>(null);
  let unsubscribe: (() => void) | null = null;

  const listed = computed(() => (scope.value.kind === 'session' ? session.value : transactionExchanges.value));

  function add(exchange: Exchange): void {
    if (pushed.value.some((known) => known.id === exchange.id)) return;
    pushed.value = [exchange, ...pushed.value].slice(0, SESSION_LIMIT);
  }

  let loads = 0;
  /** Reads the session's exchanges back from history. */
  async function loadSession(): Promise<void> {
    const mine = ++loads;
    try {
      const rows = await exchangesSince(useHistoryDb(), sessionStart(), SESSION_LIMIT);
      if (mine === loads) stored.value = rows.map((row) => joinExchange(row, null, ''));
    } catch (cause) {
      error.value = t('inspectorStore.unreadable', { error: cause instanceof Error ? cause.message : String(cause) });
    }
  }

  /** Subscribes once to the push event and to history's writes (the app shell calls it at start-up). */
  function start(api: Pick<ConsoleApi, 'on'> = useConsoleApi()): void {
    if (unsubscribe) return;
    unsubscribe = api.on('exchanges.recorded', add);
    void loadSession();
    // Writes come in bursts (a bulk refresh records hundreds): read back at most every 300 ms.
    let timer: ReturnType<typeof setTimeout> | null = null;
    watch(
      () => useHistoryRecorderStore().revision,
      () => {
        timer ??= setTimeout(() => {
          timer = null;
          void loadSession();
        }, 300);
      },
    );
  }

  function stop(): void {
    unsubscribe?.();
    unsubscribe = null;
  }

  /** A whole exchange at hand (pushed, or listed for a transaction with its bodies). */
  const byId = (id: string): Exchange | undefined =>
    pushed.value.find((e) => e.id === id) ?? transactionExchanges.value.find((e) => e.id === id);

  /** Shows one exchange; an id (or a session row listed without bodies) is read from history. */
  async function open(target: Exchange | string): Promise<boolean> {
    error.value = null;
    visible.value = true;
    const given = typeof target === 'string' ? null : target;
    const id = given?.id ?? (target as string);
    // A session row read from history was listed without its bodies: read the whole exchange.
    const whole = given && !stored.value.includes(given) ? given : undefined;
    const exchange =
      byId(id) ?? whole ?? (await loadExchange(useHistoryDb(), id).catch(() => undefined)) ?? given ?? undefined;
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
    const fromSession = pushed.value.filter((e) => e.transactionID === transactionId);
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

  /**
   * A reset removed these profiles' exchanges from history: the inspector lets go of them too (those
   * pushed while the page was open are held here, not read from history), so it never lists what is gone.
   */
  function forgetProfiles(profileIds: readonly string[]): void {
    const gone = (e: Exchange) => e.profileId !== null && profileIds.includes(e.profileId);
    pushed.value = pushed.value.filter((e) => !gone(e));
    stored.value = stored.value.filter((e) => !gone(e));
    transactionExchanges.value = transactionExchanges.value.filter((e) => !gone(e));
    if (selected.value && gone(selected.value)) selected.value = null;
  }

  function showSession(): void {
    scope.value = { kind: 'session' };
  }

  /**
   * Empties "this session" from now on, like a network panel's clear: the session restarts now, so a
   * reload keeps it empty. History is not touched: every exchange stays there (and in main's journal).
   */
  function clear(storage: Storage = sessionStorage): void {
    storage.setItem(SESSION_START_KEY, String(Date.now()));
    loads++;
    stored.value = [];
    pushed.value = [];
    transactionExchanges.value = [];
    selected.value = null;
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
    loadSession,
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
    clear,
    forgetProfiles,
    close,
    toggle,
  };
});
