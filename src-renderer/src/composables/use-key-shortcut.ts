import { onBeforeUnmount, onMounted } from 'vue';
import { isTyping } from './overlay-stack';

export interface KeyShortcut {
  /** `KeyboardEvent.key`, compared case-insensitively (`r`, `Enter`, `Escape`). */
  key: string;
  ctrl?: boolean;
}

/** Matches Ctrl on Linux/Windows and Cmd on macOS, so "Ctrl+R" works for both. */
export function matchesShortcut(event: KeyboardEvent, shortcut: KeyShortcut): boolean {
  const ctrl = event.ctrlKey || event.metaKey;
  return event.key.toLowerCase() === shortcut.key.toLowerCase() && ctrl === Boolean(shortcut.ctrl) && !event.altKey;
}

/**
 * A window-wide shortcut while the component is mounted. The browser's own meaning (Ctrl+R reloads the
 * page and would drop the session) is prevented.
 */
export function useKeyShortcut(shortcut: KeyShortcut, handler: () => void): void {
  // A single-letter shortcut without Ctrl ("n") is a character while the user types: never steal it.
  const bareCharacter = !shortcut.ctrl && shortcut.key.length === 1;
  const listener = (event: KeyboardEvent): void => {
    if (!matchesShortcut(event, shortcut)) return;
    if (bareCharacter && isTyping(event)) return;
    event.preventDefault();
    handler();
  };
  onMounted(() => window.addEventListener('keydown', listener));
  onBeforeUnmount(() => window.removeEventListener('keydown', listener));
}
