import { defineStore } from 'pinia';
import { ref, watch } from 'vue';

export type ThemeName = 'light' | 'dark';
export const THEME_STORAGE_KEY = 'gateway-console.theme';

const initialTheme = (): ThemeName => {
  const saved = localStorage.getItem(THEME_STORAGE_KEY);
  if (saved === 'light' || saved === 'dark') return saved;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
};

/** Light/dark theme, remembered across restarts (a UI preference, not data: localStorage is enough). */
export const useThemeStore = defineStore('theme', () => {
  const theme = ref<ThemeName>(initialTheme());
  watch(theme, (value) => localStorage.setItem(THEME_STORAGE_KEY, value));
  const toggle = () => {
    theme.value = theme.value === 'dark' ? 'light' : 'dark';
  };
  return { theme, toggle };
});
