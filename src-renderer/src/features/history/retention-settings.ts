import { DEFAULT_RETENTION, type RetentionSettings } from '../../db/retention';

const RETENTION_KEY = 'gateway-console.history-retention';

/** Retention is a preference of this browser profile, like the theme: localStorage is enough. */
export function loadRetention(storage: Storage = localStorage): RetentionSettings {
  try {
    const saved = JSON.parse(storage.getItem(RETENTION_KEY) ?? '{}') as Partial<RetentionSettings>;
    const days = typeof saved.maxAgeDays === 'number' && saved.maxAgeDays > 0 ? saved.maxAgeDays : null;
    const count = typeof saved.maxCount === 'number' && saved.maxCount > 0 ? saved.maxCount : null;
    return { maxAgeDays: days, maxCount: count };
  } catch {
    return { ...DEFAULT_RETENTION };
  }
}

export function saveRetention(settings: RetentionSettings, storage: Storage = localStorage): void {
  storage.setItem(RETENTION_KEY, JSON.stringify(settings));
}
