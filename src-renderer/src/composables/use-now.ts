import { computed, onBeforeUnmount, ref, type Ref } from 'vue';

/**
 * The current time as a reactive value that ticks while the component is mounted. Anything derived from
 * "now" (a status going stale, an age) must read it from here: a `Date.now()` taken once at render time
 * never changes, so a screen left open would keep saying "fresh" forever.
 */
export function useNow(intervalMs = 5_000): Ref<number> {
  const now = ref(Date.now());
  const timer = setInterval(() => (now.value = Date.now()), intervalMs);
  onBeforeUnmount(() => clearInterval(timer));
  return now;
}

/**
 * "Now" on a transaction's own clock: this machine's time plus the offset of its gateway (or simulator
 * world) clock, composables/world-time.ts. Expiries, "as of" and stale markers compare against this, not
 * against `Date.now()`, or a Sandbox moved +1 h shows every countdown an hour long.
 */
export function worldNow(now: Ref<number>, offsetMs: Readonly<Ref<number | null | undefined>>) {
  return computed(() => now.value + (offsetMs.value ?? 0));
}

/** `useNow` on a transaction's clock (see worldNow). */
export function useWorldNow(offsetMs: Readonly<Ref<number | null | undefined>>, intervalMs = 5_000) {
  const now = useNow(intervalMs);
  return { localNow: now, now: worldNow(now, offsetMs) };
}
