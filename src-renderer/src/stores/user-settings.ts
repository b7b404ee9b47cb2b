import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import {
  DEFAULT_USER_SETTINGS,
  userSettingsSchema,
  type SettingsAnswer,
  type UserSettings,
} from '@shared/contract/settings';
import type { ConsoleError } from '@shared/result';
import { useConsoleApi } from '../api';
import { consoleErrorText } from '../i18n/console-error';
import { readBrowserSettings, writeBrowserSettings } from '../db/settings-cache';
import { useLocaleStore } from './locale';
import { useThemeStore } from './theme';

/**
 * The user's settings as main keeps them (settings.json in the user-data folder). This page caches them
 * in localStorage only so its first paint is right; main's copy wins as soon as it answers. A page that
 * still holds choices from before main kept them hands them over once (main ignores them afterwards).
 */
export const useUserSettingsStore = defineStore('user-settings', () => {
  const settings = shallowRef<UserSettings>({ ...DEFAULT_USER_SETTINGS, ...readBrowserSettings() });
  const problems = ref<ConsoleError[]>([]);
  const error = ref<string | null>(null);
  let loading: Promise<void> | null = null;

  function accept(answer: SettingsAnswer): void {
    settings.value = answer.settings;
    problems.value = answer.problems;
    error.value = null;
    writeBrowserSettings(answer.settings);
    // Main's choice wins over this page's copy; a setting main has not got leaves the page's default.
    if (answer.settings.theme) useThemeStore().theme = answer.settings.theme;
    if (answer.settings.locale) useLocaleStore().locale = answer.settings.locale;
  }

  async function load(): Promise<void> {
    const api = useConsoleApi();
    let answer = await api['settings.get']();
    if (answer.ok && !answer.value.importedFromBrowser)
      answer = await api['settings.importFromBrowser'](readBrowserSettings());
    if (answer.ok) accept(answer.value);
    else error.value = consoleErrorText(answer.error);
  }

  /** Loads main's settings once per page; later callers wait for the same answer. */
  const ready = (): Promise<void> => (loading ??= load().catch((cause: unknown) => void (error.value = String(cause))));

  /** Changes settings in main; the page shows the change at once and main's answer after. */
  async function update(patch: Partial<UserSettings>): Promise<boolean> {
    const next = userSettingsSchema.safeParse({ ...settings.value, ...patch });
    if (!next.success) return false;
    settings.value = next.data;
    writeBrowserSettings(next.data);
    try {
      const answer = await useConsoleApi()['settings.update'](patch);
      if (answer.ok) accept(answer.value);
      else error.value = consoleErrorText(answer.error);
      return answer.ok;
    } catch (cause) {
      error.value = String(cause);
      return false;
    }
  }

  /**
   * Once at start-up: main's settings, then every theme or language change (toggle, Settings screen)
   * goes to main. Changes made by applying main's own answer are not sent back.
   */
  function start(): Promise<void> {
    return ready().then(() => {
      const theme = useThemeStore();
      const language = useLocaleStore();
      watch(
        () => theme.theme,
        (value) => value !== settings.value.theme && void update({ theme: value }),
      );
      watch(
        () => language.locale,
        (value) => value !== settings.value.locale && void update({ locale: value }),
      );
    });
  }

  const problemTexts = computed(() => problems.value.map((problem) => consoleErrorText(problem)));

  return { settings, problems, problemTexts, error, ready, start, update };
});
