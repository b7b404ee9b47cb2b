/**
 * This page's localStorage copy of the user's settings. Main keeps the settings (settings.json in the
 * user-data folder); the copy only makes the first paint right (theme, language) before main answers,
 * and holds what a page chose before main kept settings, handed to main once. Each value is checked on
 * read: anything else in the storage is ignored, never trusted.
 */
import { historyRetentionSchema, userSettingsSchema, type UserSettings } from '@shared/contract/settings';
import {
  CONCURRENCY_KEY,
  LOCALE_STORAGE_KEY,
  RETENTION_KEY,
  STALE_AFTER_KEY,
  THEME_STORAGE_KEY,
} from './settings-keys';

type StorageArea = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const field = <K extends keyof UserSettings>(key: K, value: unknown): UserSettings[K] | undefined => {
  const parsed = userSettingsSchema.shape[key].safeParse(value);
  return parsed.success && parsed.data !== null ? (parsed.data as UserSettings[K]) : undefined;
};

const number = (text: string | null): number | null => (text === null || text.trim() === '' ? null : Number(text));

function retention(text: string | null): UserSettings['historyRetention'] | undefined {
  if (text === null) return undefined;
  try {
    const raw = JSON.parse(text) as { maxAgeDays?: unknown; maxCount?: unknown } | null;
    // Older pages saved 0 or a missing field for "no limit".
    const limit = (value: unknown) => (typeof value === 'number' && value > 0 ? value : null);
    const parsed = historyRetentionSchema.safeParse({
      maxAgeDays: limit(raw?.maxAgeDays),
      maxCount: limit(raw?.maxCount),
    });
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The settings this page has a valid copy of (fields it has none for are left out). */
export function readBrowserSettings(storage: StorageArea = localStorage): Partial<UserSettings> {
  const found: Partial<UserSettings> = {
    locale: field('locale', storage.getItem(LOCALE_STORAGE_KEY)),
    theme: field('theme', storage.getItem(THEME_STORAGE_KEY)),
    supportStaleAfterMinutes: field('supportStaleAfterMinutes', number(storage.getItem(STALE_AFTER_KEY))),
    bulkRefreshConcurrency: field('bulkRefreshConcurrency', number(storage.getItem(CONCURRENCY_KEY))),
    historyRetention: retention(storage.getItem(RETENTION_KEY)),
  };
  return Object.fromEntries(Object.entries(found).filter(([, value]) => value !== undefined));
}

/** Mirrors main's settings into this page's copy (a null setting removes the copy: the default applies). */
export function writeBrowserSettings(settings: UserSettings, storage: StorageArea = localStorage): void {
  const put = (key: string, value: string | null) =>
    value === null ? storage.removeItem(key) : storage.setItem(key, value);
  put(LOCALE_STORAGE_KEY, settings.locale);
  put(THEME_STORAGE_KEY, settings.theme);
  put(STALE_AFTER_KEY, settings.supportStaleAfterMinutes === null ? null : String(settings.supportStaleAfterMinutes));
  put(CONCURRENCY_KEY, settings.bulkRefreshConcurrency === null ? null : String(settings.bulkRefreshConcurrency));
  put(RETENTION_KEY, settings.historyRetention === null ? null : JSON.stringify(settings.historyRetention));
}
