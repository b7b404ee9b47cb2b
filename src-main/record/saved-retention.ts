import type { UserSettings } from '@shared/contract/settings';
import type { RecordJournal } from './record-journal';

/**
 * Main's record keeps what the user's saved retention (History › Storage) says, and only that: the
 * limits come from main's settings file, never from a page, so no window can shrink the record with
 * limits the user never chose. Applied at start and whenever the saved retention changes.
 */
/** Where the saved settings are read (main's settings store, handed in by core). */
export interface SavedSettings {
  get(): Promise<{ settings: UserSettings }>;
}

export class SavedRetention {
  constructor(
    private readonly journal: RecordJournal,
    private readonly settings: SavedSettings,
  ) {}

  /** Applies the saved retention now; no saved retention keeps everything. Returns entries dropped. */
  async apply(now = Date.now()): Promise<number> {
    return this.applySaved((await this.settings.get()).settings, now);
  }

  /** Applies the retention of settings main has just saved (no limits saved keeps everything). */
  applySaved(settings: UserSettings, now = Date.now()): number {
    const retention = settings.historyRetention;
    if (!retention || (retention.maxAgeDays === null && retention.maxCount === null)) return 0;
    return this.journal.applyRetention(retention, now);
  }

  /** The user's explicit "Clear older than N days": a whole number of days, nothing else. */
  clearOlderThan(days: number, now = Date.now()): number {
    if (!Number.isInteger(days) || days < 0) throw new RangeError(`days must be a whole number ≥ 0, not ${days}`);
    return this.journal.applyRetention({ maxAgeDays: days, maxCount: null }, now);
  }
}
