import { createI18n } from 'vue-i18n';
import en from './messages/en';
import ptPT from './messages/pt-PT';
import { initialLocale, type AppLocale } from './locales';

export type MessageSchema = typeof en;

/**
 * The one i18n instance (Composition API mode). Components use `useI18n()` / `$t`; stores and plain
 * modules that build user-visible text use `t` from here so a language switch re-renders them too.
 */
export const i18n = createI18n<[MessageSchema], AppLocale, false>({
  legacy: false,
  locale: initialLocale(),
  fallbackLocale: 'en',
  // A missing key is a bug the key-parity test catches; no console noise at runtime.
  missingWarn: false,
  fallbackWarn: false,
  messages: { en, 'pt-PT': ptPT },
});

export const t = i18n.global.t;
export const currentLocale = (): AppLocale => i18n.global.locale.value;
export const setLocale = (locale: AppLocale): void => {
  i18n.global.locale.value = locale;
  document.documentElement.lang = locale;
};
