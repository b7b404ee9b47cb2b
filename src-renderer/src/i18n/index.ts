import { createI18n } from 'vue-i18n';
import en from './messages/en';
import type { AppLocale } from './locales';
import { naiveLocales, type NaiveLocale } from './naive-locale';

export type MessageSchema = typeof en;

/**
 * The one i18n instance (Composition API mode). Components use `useI18n()` / `$t`; stores and plain
 * modules that build user-visible text use `t` from here so a language switch re-renders them too.
 * Only English (the fallback) ships with the page; another language's catalogue is fetched when it is
 * chosen (`setLocale`), so a user who never picks it never downloads it.
 */
export const i18n = createI18n<[MessageSchema], AppLocale, false>({
  legacy: false,
  locale: 'en',
  fallbackLocale: 'en',
  // A missing key is a bug the key-parity test catches; no console noise at runtime.
  missingWarn: false,
  fallbackWarn: false,
  messages: { en } as Record<AppLocale, MessageSchema>,
});

interface Language {
  messages: MessageSchema;
  naive: NaiveLocale;
}

const languages: Record<Exclude<AppLocale, 'en'>, () => Promise<{ default: Language }>> = {
  'pt-PT': () => import('./language-pt-PT'),
};

const loading = new Map<AppLocale, Promise<void>>();

/** Whether the language's catalogue is in the page already (English always is). */
export const hasLocaleMessages = (locale: AppLocale): boolean =>
  locale === 'en' || Object.keys(i18n.global.getLocaleMessage(locale)).length > 0;

/** Fetches a language's catalogue once; a failed fetch is tried again on the next call. */
export function loadLocaleMessages(locale: AppLocale): Promise<void> {
  if (hasLocaleMessages(locale)) return Promise.resolve();
  let pending = loading.get(locale);
  if (!pending) {
    pending = languages[locale as Exclude<AppLocale, 'en'>]()
      .then(({ default: language }) => {
        naiveLocales[locale] = language.naive;
        i18n.global.setLocaleMessage(locale, language.messages);
      })
      .finally(() => loading.delete(locale));
    loading.set(locale, pending);
  }
  return pending;
}

export const t = i18n.global.t;
export const currentLocale = (): AppLocale => i18n.global.locale.value;

let requested: AppLocale = 'en';

/**
 * Switches the console's language. With the catalogue already loaded the switch is immediate; otherwise
 * the page stays in the current language until it arrives (never a half-translated screen), and only
 * the latest choice wins when the user picks again meanwhile.
 */
export function setLocale(locale: AppLocale): Promise<void> {
  requested = locale;
  const apply = () => {
    if (requested !== locale) return;
    i18n.global.locale.value = locale;
    document.documentElement.lang = locale;
  };
  if (hasLocaleMessages(locale)) {
    apply();
    return Promise.resolve();
  }
  return loadLocaleMessages(locale).then(apply);
}
