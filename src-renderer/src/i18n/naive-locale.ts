import { createLocale, dateEnGB, datePtPT, enGB, ptPT, type NDateLocale, type NLocale } from 'naive-ui';
import type { AppLocale } from './locales';

// Every field in the console has a visible label, so naive-ui's generic placeholders ("Please Input")
// only add noise: empty them; select prompts say what to do in the console's own words.
const enUi = createLocale(
  { Input: { placeholder: '' }, InputNumber: { placeholder: '' }, Select: { placeholder: 'Choose…' } },
  enGB,
);
const ptUi = createLocale(
  { Input: { placeholder: '' }, InputNumber: { placeholder: '' }, Select: { placeholder: 'Escolha…' } },
  ptPT,
);

/** naive-ui's own texts (date pickers, empty tables, pagination) and date locale for each console language. */
export const naiveLocales: Record<AppLocale, { locale: NLocale; dateLocale: NDateLocale }> = {
  en: { locale: enUi, dateLocale: dateEnGB },
  'pt-PT': { locale: ptUi, dateLocale: datePtPT },
};
