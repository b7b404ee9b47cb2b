import { defineStore } from 'pinia';
import { computed, watch } from 'vue';
import { i18n, setLocale } from '../i18n';
import { LOCALE_STORAGE_KEY, type AppLocale } from '../i18n/locales';

/**
 * The console's language: the system language until the user picks one in Settings, then that choice,
 * kept by main (settings, see user-settings.ts); localStorage holds this page's copy for the first paint.
 */
export const useLocaleStore = defineStore('locale', () => {
  const locale = computed<AppLocale>({
    get: () => i18n.global.locale.value,
    set: (value) => setLocale(value),
  });
  watch(locale, (value) => localStorage.setItem(LOCALE_STORAGE_KEY, value));
  return { locale };
});
