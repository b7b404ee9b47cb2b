import { LOCALE_STORAGE_KEY } from '../db/settings-keys';

export { LOCALE_STORAGE_KEY };

/** The console's languages. English is the fallback; Portuguese is European Portuguese (pt-PT), not Brazilian. */
export const supportedLocales = ['en', 'pt-PT'] as const;
export type AppLocale = (typeof supportedLocales)[number];

/** The first of the system's preferred languages we speak: any Portuguese → pt-PT, otherwise English. */
export function systemLocale(languages: readonly string[] = navigator.languages ?? [navigator.language]): AppLocale {
  for (const language of languages) {
    const lower = language.toLowerCase();
    if (lower.startsWith('pt')) return 'pt-PT';
    if (lower.startsWith('en')) return 'en';
  }
  return 'en';
}

export const isAppLocale = (value: unknown): value is AppLocale =>
  typeof value === 'string' && (supportedLocales as readonly string[]).includes(value);

/** The saved choice when there is one, else the system language. */
export function initialLocale(): AppLocale {
  // Outside a page (Node importing a renderer module, as an end-to-end test does) nothing was chosen.
  if (typeof localStorage === 'undefined' || typeof navigator === 'undefined') return 'en';
  const saved = localStorage.getItem(LOCALE_STORAGE_KEY);
  return isAppLocale(saved) ? saved : systemLocale();
}
