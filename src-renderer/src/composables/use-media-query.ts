import { onBeforeUnmount, ref, type Ref } from 'vue';

/** True while the CSS media query matches (e.g. a narrow window); follows window resizes. */
export function useMediaQuery(query: string): Ref<boolean> {
  const list = window.matchMedia?.(query);
  const matches = ref(list?.matches ?? false);
  const update = (event: MediaQueryListEvent) => (matches.value = event.matches);
  list?.addEventListener?.('change', update);
  onBeforeUnmount(() => list?.removeEventListener?.('change', update));
  return matches;
}
