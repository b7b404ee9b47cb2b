import { onBeforeUnmount, ref, type Ref } from 'vue';

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
