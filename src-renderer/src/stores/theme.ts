import { defineStore } from 'pinia';
import { ref, watch } from 'vue';

export type ThemeName = 'light' | 'dark';
import { THEME_STORAGE_KEY } from '../db/settings-keys';

export { THEME_STORAGE_KEY };

const initialTheme = (): ThemeName => {
  const saved = localStorage.getItem(THEME_STORAGE_KEY);
  if (saved === 'light' || saved === 'dark') return saved;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
};

/**
 * Light/dark theme. Main keeps the choice (settings, see user-settings.ts); localStorage holds this
 * page's copy so the first paint is already in the right theme.
 */
export const useThemeStore = defineStore('theme', () => {
  const theme = ref<ThemeName>(initialTheme());
  watch(theme, (value) => localStorage.setItem(THEME_STORAGE_KEY, value));
  const toggle = () => {
    theme.value = theme.value === 'dark' ? 'light' : 'dark';
  };
  return { theme, toggle };
});
