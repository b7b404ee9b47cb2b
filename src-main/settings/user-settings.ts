import { z } from 'zod';
import {
  DEFAULT_USER_SETTINGS,
  userSettingsSchema,
  type SettingsAnswer,
  type UserSettings,
} from '@shared/contract/settings';
import { firstIssue, JsonDocument } from '../common/json-document';

export const SETTINGS_FILE = 'settings.json';
/** Settings are a handful of fields: anything near this size is not a settings file. */
const MAX_SETTINGS_BYTES = 64 * 1024;

const fileSchema = z.object({
  version: z.literal(1),
  settings: userSettingsSchema,
  importedFromBrowser: z.boolean(),
});
type SettingsFile = z.infer<typeof fileSchema>;

/**
 * The user's preferences (language, theme, thresholds, retention) in settings.json in the user-data
 * folder: main's copy is the one every window starts from; pages only cache it.
 */
export class UserSettingsStore {
  private readonly document: JsonDocument<SettingsFile>;
  private readonly listeners = new Set<(settings: UserSettings) => void>();

  constructor(readonly path: string) {
    this.document = new JsonDocument<SettingsFile>(path, {
      decode: (raw) => {
        const parsed = fileSchema.safeParse(raw);
        return parsed.success ? { value: parsed.data, problems: [] } : { unreadable: firstIssue(parsed.error) };
      },
      encode: (value) => value,
      empty: () => ({ version: 1, settings: { ...DEFAULT_USER_SETTINGS }, importedFromBrowser: false }),
      maxBytes: MAX_SETTINGS_BYTES,
    });
  }

  async get(): Promise<SettingsAnswer> {
    return this.answer(await this.document.read());
  }

  async update(patch: Partial<UserSettings>): Promise<SettingsAnswer> {
    const answer = await this.document.update((current) => {
      const value = { ...current, settings: { ...current.settings, ...patch } };
      return { value, result: this.answer(value) };
    });
    this.changed(answer.settings);
    return answer;
  }

  /** Tells `listener` about every saved change (main acts on some settings itself, e.g. retention). */
  onChange(listener: (settings: UserSettings) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * A page's older localStorage choices, taken once per user-data folder: they fill only what main has
   * not set, so a stale browser never overrides a choice made since.
   */
  async importFromBrowser(patch: Partial<UserSettings>): Promise<SettingsAnswer> {
    const answer = await this.document.update((current) => {
      if (current.importedFromBrowser) return { value: current, result: this.answer(current) };
      const settings = { ...current.settings };
      for (const key of Object.keys(patch) as Array<keyof UserSettings>)
        if (settings[key] === null && patch[key] !== undefined) Object.assign(settings, { [key]: patch[key] });
      const value = { ...current, settings, importedFromBrowser: true };
      return { value, result: this.answer(value) };
    });
    this.changed(answer.settings);
    return answer;
  }

  get problems() {
    return this.document.problems;
  }

  private changed(settings: UserSettings): void {
    for (const listener of this.listeners) listener(settings);
  }

  private answer(file: SettingsFile): SettingsAnswer {
    return {
      settings: file.settings,
      importedFromBrowser: file.importedFromBrowser,
      problems: [...this.document.problems],
    };
  }
}
