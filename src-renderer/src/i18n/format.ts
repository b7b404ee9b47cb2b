import { currentLocale } from './index';
import type { AppLocale } from './locales';

/** The BCP 47 tag Intl formats with for each console language. */
const intlTag: Record<AppLocale, string> = { en: 'en-GB', 'pt-PT': 'pt-PT' };

// Intl formatters are costly to build: one per (locale, style), reused for every row.
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
const cached = <T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, build: (tag: string) => T): T => {
  const locale = currentLocale();
  const id = `${locale}|${key}`;
  let formatter = cache.get(id) as T | undefined;
  if (!formatter) {
    formatter = build(intlTag[locale]);
    cache.set(id, formatter);
  }
  return formatter;
};

const toDate = (value: number | string | Date) => (value instanceof Date ? value : new Date(value));

/**
 * Date and time, e.g. "24/11/2026, 12:30:05", four-digit year in every language (the short date style
 * writes "24/11/26" in Portuguese, which reads as a different date next to the gateway's ISO times).
 */
export const formatDateTime = (value: number | string | Date): string =>
  cached(
    'datetime',
    (tag) =>
      new Intl.DateTimeFormat(tag, {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }),
  ).format(toDate(value));

/** Time of day, e.g. "12:30:05". */
export const formatTime = (value: number | string | Date): string =>
  cached('time', (tag) => new Intl.DateTimeFormat(tag, { timeStyle: 'medium' })).format(toDate(value));

/** A plain number with the locale's grouping and decimal separator. */
export const formatNumber = (value: number, fractionDigits?: number): string =>
  cached(
    `number|${fractionDigits}`,
    (tag) =>
      new Intl.NumberFormat(tag, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }),
  ).format(value);

/**
 * An amount in its currency. English keeps the gateway's own notation, "1,234.50 EUR" (what support
 * agents compare against the API and the bank statement); Portuguese writes it the Portuguese way,
 * "1234,50 €". Unknown currency codes fall back to the number and the code.
 */
export function formatAmount(value: number, currency: string | null | undefined): string {
  if (!currency) return formatNumber(value, 2);
  if (currentLocale() === 'en') return `${formatNumber(value, 2)} ${currency}`;
  try {
    return cached(`currency|${currency}`, (tag) => new Intl.NumberFormat(tag, { style: 'currency', currency })).format(
      value,
    );
  } catch {
    return `${formatNumber(value, 2)} ${currency}`;
  }
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/**
 * A size in the current language, e.g. "512 bytes" / "1.5 kB" (English), "512 bytes" / "1,5 kB"
 * (Portuguese): Intl writes the unit and the decimal separator, so neither stays English. Steps of
 * 1024, as the browser reports storage quotas; plain bytes spelled out (the short form reads "512 byte").
 */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let step = 0;
  while (Math.abs(value) >= 1024 && step < BYTE_UNITS.length - 1) {
    value /= 1024;
    step++;
  }
  const unit = BYTE_UNITS[step];
  return cached(
    `bytes|${unit}`,
    (tag) =>
      new Intl.NumberFormat(tag, {
        style: 'unit',
        unit,
        unitDisplay: step === 0 ? 'long' : 'short',
        maximumFractionDigits: step === 0 ? 0 : 1,
        minimumFractionDigits: step === 0 ? 0 : 1,
      }),
  ).format(value);
}
