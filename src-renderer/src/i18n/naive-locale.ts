import { createLocale, dateEnGB, enGB, type NDateLocale, type NLocale } from 'naive-ui';
import { shallowReactive } from 'vue';
import type { AppLocale } from './locales';

export interface NaiveLocale {
  locale: NLocale;
  dateLocale: NDateLocale;
}

/**
 * naive-ui's own texts (date pickers, empty tables, pagination) and date locale for a console language.
 * Every field in the console has a visible label, so naive-ui's generic placeholders ("Please Input")
 * only add noise: empty them; select prompts say what to do in the console's own words.
 */
export const consoleNaiveLocale = (locale: NLocale, dateLocale: NDateLocale, choose: string): NaiveLocale => ({
  locale: createLocale(
    { Input: { placeholder: '' }, InputNumber: { placeholder: '' }, Select: { placeholder: choose } },
    locale,
  ),
  dateLocale,
});

/** English ships with the page; another language's entry arrives with its catalogue (see ./index.ts). */
export const naiveLocales = shallowReactive<Partial<Record<AppLocale, NaiveLocale>> & { en: NaiveLocale }>({
  en: consoleNaiveLocale(enGB, dateEnGB, 'Choose…'),
});
