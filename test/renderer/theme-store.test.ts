import { createPinia, setActivePinia } from 'pinia';
import { nextTick } from 'vue';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { THEME_STORAGE_KEY, useThemeStore } from '../../src-renderer/src/stores/theme';

/** A fresh Pinia is what a reload gives: the store is rebuilt from what was persisted. */
const freshStore = () => {
  setActivePinia(createPinia());
  return useThemeStore();
};

const prefersDark = (dark: boolean) =>
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: dark && query === '(prefers-color-scheme: dark)', media: query })),
  );

describe('theme store', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('starts from the system preference when nothing was chosen', () => {
    prefersDark(true);
    expect(freshStore().theme).toBe('dark');
    prefersDark(false);
    expect(freshStore().theme).toBe('light');
  });

  it('remembers the chosen theme across a reload, over the system preference', async () => {
    prefersDark(false);
    const store = freshStore();
    store.toggle();
    await nextTick();
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(freshStore().theme).toBe('dark');

    freshStore().theme = 'light';
    await nextTick();
    prefersDark(true);
    expect(freshStore().theme).toBe('light');
  });

  it('ignores a stored value that is not a theme', () => {
    prefersDark(false);
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(freshStore().theme).toBe('light');
  });
});
