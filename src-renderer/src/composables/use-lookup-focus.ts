import { onBeforeUnmount, onMounted, ref } from 'vue';
import { useRouter } from 'vue-router';
import { matchesShortcut } from './use-key-shortcut';

/** Ctrl+K (Cmd+K): focus the support lookup box from anywhere in the console. */
export const LOOKUP_SHORTCUT = { key: 'k', ctrl: true } as const;

/** The transaction last opened on the Support screen (kept for the session while the app runs). */
export const lastOpenCase = ref<string | null>(null);

/** Bumped by the shortcut; the lookup box focuses itself when it changes (or when it mounts after one). */
export const lookupFocusRequests = ref(0);

/** Installed once by the app shell: the shortcut opens the Support screen and asks its box for focus. */
export function useLookupShortcut(): void {
  const router = useRouter();
  const listener = (event: KeyboardEvent) => {
    if (!matchesShortcut(event, LOOKUP_SHORTCUT)) return;
    event.preventDefault();
    lookupFocusRequests.value++;
    if (router.currentRoute.value.name !== 'support') void router.push({ name: 'support' });
  };
  onMounted(() => window.addEventListener('keydown', listener));
  onBeforeUnmount(() => window.removeEventListener('keydown', listener));
}
