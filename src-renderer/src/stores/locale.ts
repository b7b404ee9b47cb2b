import { defineStore } from 'pinia';
import { computed, watch } from 'vue';
import { i18n, setLocale } from '../i18n';
import { LOCALE_STORAGE_KEY, type AppLocale } from '../i18n/locales';

/**
 * The console's language: the system language until the user picks one in Settings, then that choice,
 * kept by main (settings, see user-settings.ts); localStorage holds this page's copy for the first paint.
 * Setting it fetches the language's catalogue first; the value changes once the catalogue is in
 * (a catalogue that cannot be fetched leaves the language as it was).
 */
export const useLocaleStore = defineStore('locale', () => {
  const locale = computed<AppLocale>({
    get: () => i18n.global.locale.value,
    set: (value) => void setLocale(value).catch(() => undefined),
  });
  watch(locale, (value) => localStorage.setItem(LOCALE_STORAGE_KEY, value));
  return { locale };
});
