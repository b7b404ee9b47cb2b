import { defineStore } from 'pinia';
import { computed, watch } from 'vue';
import { i18n, setLocale } from '../i18n';
import { LOCALE_STORAGE_KEY, type AppLocale } from '../i18n/locales';

/**
 * The console's language: the system language until the user picks one in Settings, then that choice,
 * remembered across restarts (a UI preference like the theme: localStorage is enough).
 */
export const useLocaleStore = defineStore('locale', () => {
  const locale = computed<AppLocale>({
    get: () => i18n.global.locale.value,
    set: (value) => setLocale(value),
  });
  watch(locale, (value) => localStorage.setItem(LOCALE_STORAGE_KEY, value));
  return { locale };
});
