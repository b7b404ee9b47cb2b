/**
 * `settings.*`: the user's preferences, kept by main in the user-data folder (settings.json) so a new
 * browser origin, a cleared browser or the desktop app all start with the same choices. The page may
 * cache them; main's copy wins. A field left null means "the console's default".
 */
import { z } from 'zod';
import { consoleErrorSchema } from '../result-schema';
import { method } from './define';

export const themeNameSchema = z.enum(['light', 'dark']);
export const settingsLocaleSchema = z.enum(['en', 'pt-PT']);

export const historyRetentionSchema = z
  .object({
    /** Days to keep; null = forever. */
    maxAgeDays: z.number().int().min(1).max(36_500).nullable(),
    /** Most transactions to keep; null = no limit. */
    maxCount: z.number().int().min(1).max(10_000_000).nullable(),
  })
  .strict();

export const userSettingsSchema = z
  .object({
    /** The console's language; null = the system language. */
    locale: settingsLocaleSchema.nullable(),
    /** Light or dark; null = the system's preference. */
    theme: themeNameSchema.nullable(),
    /** Support desk: a non-final status older than this many minutes is marked stale. */
    supportStaleAfterMinutes: z.number().int().min(1).max(1440).nullable(),
    /** History / support bulk jobs: status queries in flight at once. */
    bulkRefreshConcurrency: z.number().int().min(1).max(32).nullable(),
    historyRetention: historyRetentionSchema.nullable(),
  })
  .strict();
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const DEFAULT_USER_SETTINGS: UserSettings = {
  locale: null,
  theme: null,
  supportStaleAfterMinutes: null,
  bulkRefreshConcurrency: null,
  historyRetention: null,
};

const settingsPatchSchema = userSettingsSchema.partial().strict();

const settingsAnswerSchema = z.object({
  settings: userSettingsSchema,
  /** Whether a browser's older localStorage choices were already moved here (it happens once). */
  importedFromBrowser: z.boolean(),
  /** What main could not read in settings.json (the file is kept aside, never dropped). */
  problems: z.array(consoleErrorSchema),
});
export type SettingsAnswer = z.infer<typeof settingsAnswerSchema>;

export const settingsMethods = {
  'settings.get': method(
    "The user's settings as main keeps them in the user-data folder.",
    z.undefined().or(z.object({}).strict()),
    settingsAnswerSchema,
  ),
  'settings.update': method(
    'Change some settings (fields not given stay as they are); main writes them before answering.',
    settingsPatchSchema,
    settingsAnswerSchema,
  ),
  'settings.importFromBrowser': method(
    "Once per user-data folder: a page's older choices (from its localStorage) fill the settings main has not set; later calls change nothing.",
    settingsPatchSchema,
    settingsAnswerSchema,
  ),
};
