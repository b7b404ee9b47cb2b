/**
 * Where this page's copy of the user's settings sits in localStorage. Apart from the cache's parsing
 * (db/settings-cache.ts, which brings the settings schema and zod), so the theme and the language the
 * first paint needs are read without it.
 */
export const THEME_STORAGE_KEY = 'gateway-console.theme';
export const LOCALE_STORAGE_KEY = 'gateway-console.locale';
export const STALE_AFTER_KEY = 'gateway-console.support.stale-after-minutes';
export const CONCURRENCY_KEY = 'gateway-console.bulk-refresh-concurrency';
export const RETENTION_KEY = 'gateway-console.history-retention';
