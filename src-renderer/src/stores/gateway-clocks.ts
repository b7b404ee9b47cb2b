import { defineStore } from 'pinia';
import { shallowRef } from 'vue';
import type { ConsoleApi } from '@shared/contract';
import type { Exchange } from '@shared/exchange';
import { useConsoleApi } from '../api';
import { apiRootOf, latestClockOffset, type KnownOffset } from '../services/clock-offset';

/**
 * The latest clock offset learnt for each gateway (API root: a simulator world is its own root), from
 * every Exchange main reports. A transaction's countdown uses the newer of this and its own exchanges'
 * offset: a status query after the Sandbox clock moved updates the card of an order created before.
 */
export const useGatewayClocksStore = defineStore('gateway-clocks', () => {
  const known = shallowRef<ReadonlyMap<string, KnownOffset>>(new Map());
  let unsubscribe: (() => void) | null = null;

  /** Keeps `offsetMs` for the gateway at `apiRoot` unless something newer is known. */
  function learnOffset(apiRoot: string, offsetMs: number, learntAt = Date.now()): void {
    if (!Number.isFinite(offsetMs)) return;
    const current = known.value.get(apiRoot);
    if (current && current.learntAt > learntAt) return;
    if (current?.offsetMs === offsetMs && current.learntAt === learntAt) return;
    const next = new Map(known.value);
    next.set(apiRoot, { offsetMs, learntAt });
    known.value = next;
  }

  function learn(exchange: Pick<Exchange, 'url' | 'timings' | 'gatewayClockOffsetMs'>): void {
    const latest = latestClockOffset([exchange]);
    if (latest) learnOffset(latest.apiRoot, latest.offsetMs, latest.learntAt);
  }

  /**
   * The offset that applies at `apiRoot` given what a transaction's own records say (`own`): the more
   * recent of the two. Null when neither knows.
   */
  function offsetAt(apiRoot: string | null, own: KnownOffset | null): number | null {
    const shared = apiRoot === null ? undefined : known.value.get(apiRoot);
    if (own && (!shared || own.learntAt >= shared.learntAt)) return own.offsetMs;
    return shared?.offsetMs ?? null;
  }

  /**
   * The offset that applies to a transaction recorded as `exchanges`: the most recent of theirs and of
   * anything since learnt for the same gateway. Null when nothing stated a time.
   */
  function offsetFor(exchanges: readonly Pick<Exchange, 'url' | 'timings' | 'gatewayClockOffsetMs'>[]): number | null {
    const own = latestClockOffset(exchanges);
    return offsetAt(own?.apiRoot ?? (exchanges[0] ? apiRootOf(exchanges[0].url) : null), own);
  }

  /** Subscribes once (the app shell calls it at start-up). */
  function start(api: Pick<ConsoleApi, 'on'> = useConsoleApi()): void {
    unsubscribe ??= api.on('exchanges.recorded', learn);
  }

  return { known, learn, learnOffset, offsetAt, offsetFor, start };
});
