/**
 * Presenter mode (Ctrl+Shift+P anywhere): larger type, calmer chrome, ids shortened, and even the masked
 * last four characters of credentials left off the screen. Remembered for the browser session only.
 */
import { defineStore } from 'pinia';
import { ref, watch } from 'vue';

const KEY = 'gateway-console.presenter';

export const usePresenterStore = defineStore('presenter', () => {
  const on = ref(sessionStorage.getItem(KEY) === '1');
  const apply = (value: boolean) => document.documentElement.classList.toggle('presenter', value);
  apply(on.value);
  watch(on, (value) => {
    sessionStorage.setItem(KEY, value ? '1' : '0');
    apply(value);
  });
  const toggle = () => (on.value = !on.value);
  /** `s2AbCdEf…` instead of a full 20-character id, so a shared screen stays readable. */
  const id = (value: string | null | undefined) =>
    !value ? '' : on.value && value.length > 10 ? `${value.slice(0, 8)}…` : value;
  /** Every occurrence of the given ids in `text` shortened like `id` (the request URL and bodies quote them). */
  const ids = (text: string, known: ReadonlyArray<string | null | undefined>) =>
    known.reduce<string>(
      (shown, value) => (value && value.length > 10 ? shown.split(value).join(id(value)) : shown),
      text,
    );
  /** A masked credential (`••••ab12`): in presenter mode not even the last four are shown. */
  const secret = (value: string) => (on.value ? value.replace(/••••[^\s"',]*/g, '••••') : value);
  return { on, toggle, id, ids, secret };
});

/** Ctrl+Shift+P (Cmd+Shift+P on a Mac). */
export const isPresenterShortcut = (event: KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) && event.shiftKey && event.key.toLowerCase() === 'p';
