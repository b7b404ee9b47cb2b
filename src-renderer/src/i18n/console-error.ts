import { isMainTextId, MAIN_TEXTS } from '@shared/console-text';
import type { ConsoleError } from '@shared/result';
import { t } from './index';

/**
 * A failure from main in the user's language: translated by its text id and parameters, never by
 * reading the English sentence. A failure without a registered text (the gateway's or the simulator's
 * own words, passed through as data) is shown as it came.
 */
export function consoleErrorText(error: Pick<ConsoleError, 'message' | 'text'>): string {
  const text = error.text;
  if (!text || !isMainTextId(text.id)) return error.message;
  // Parameter values are interpolated as text by vue-i18n, never compiled as message syntax.
  return t(`mainText.${text.id}`, text.params);
}

/** The catalogue keys main's texts use (for the catalogue test). */
export const mainTextKeys = (): string[] => Object.keys(MAIN_TEXTS).map((id) => `mainText.${id}`);
