/**
 * MB WAY phone forms. The purchase request uses `<country code>#<national number>` (e.g. `351#912345678`);
 * the create order's customerPhone uses E.164 (`+351912345678`).
 */
import { LIMITS } from './codes';

export const MBWAY_PHONE_PATTERN = /^([1-9]\d{0,2})#(\d{4,14})$/;

export interface MbwayPhone {
  countryCode: string;
  national: string;
}

/** Parses `351#912345678`; null when the shape is wrong or it has more than 15 digits in all. */
export function parseMbwayPhone(value: unknown): MbwayPhone | null {
  if (typeof value !== 'string') return null;
  const match = MBWAY_PHONE_PATTERN.exec(value);
  if (!match?.[1] || !match[2]) return null;
  if (match[1].length + match[2].length > LIMITS.e164Digits) return null;
  return { countryCode: match[1], national: match[2] };
}

export const isMbwayPhone = (value: unknown): value is string => parseMbwayPhone(value) !== null;

export const formatMbwayPhone = ({ countryCode, national }: MbwayPhone): string => `${countryCode}#${national}`;

export const mbwayPhoneToE164 = (phone: MbwayPhone): string => `+${phone.countryCode}${phone.national}`;

/**
 * `+351912345678` → `351#912345678`. E.164 does not mark where the country code ends, so the caller
 * names it (default 351, Portugal, where MB WAY operates). Null when the number does not start with it.
 */
export function e164ToMbwayPhone(e164: string, countryCode = '351'): string | null {
  const digits = /^\+(\d{1,15})$/.exec(e164.replace(/[\s-]/g, ''))?.[1];
  if (!digits?.startsWith(countryCode)) return null;
  const national = digits.slice(countryCode.length);
  return isMbwayPhone(`${countryCode}#${national}`) ? `${countryCode}#${national}` : null;
}

/** Portugal: MB WAY's home, and the country a number typed without one is taken to be from. */
export const MBWAY_HOME_COUNTRY = '351';

/**
 * What a person typed in a phone field, read once for every side (the order builder's
 * customerPhone, the MB WAY request in main and in the CLI). `mbway` is null for an international
 * number written without `#`: E.164 does not say where its country code ends, so it cannot be
 * split into MB WAY's `<country code>#<number>` form.
 */
export type PhoneReading = { ok: true; e164: string; mbway: MbwayPhone | null } | { ok: false; message: string };

const SEPARATORS = /[\s.()-]/g;

/**
 * Reads `+351 912 345 678`, `00351912345678`, `351912345678`, `912345678`, `351#912345678`,
 * `+34 612 345 678` or `34#612345678`. A number without a country code is Portuguese, and a
 * Portuguese number must be a mobile one (9 digits starting with 9), the only kind MB WAY serves.
 */
export function readPhone(input: string): PhoneReading {
  const compact = input.trim().replace(SEPARATORS, '');
  const notPhone = {
    ok: false,
    message: `Phone "${input}" is not a phone number: use +351 912 345 678, 912345678 or 351#912345678.`,
  } as const;
  const hashed = /^\+?(\d{1,3})#(\d{4,14})$/.exec(compact);
  if (hashed) return checked(input, hashed[1]!, hashed[2]!);
  const international = /^(?:\+|00)(\d+)$/.exec(compact)?.[1];
  if (international !== undefined) {
    if (international.startsWith(MBWAY_HOME_COUNTRY))
      return checked(input, MBWAY_HOME_COUNTRY, international.slice(MBWAY_HOME_COUNTRY.length));
    if (!/^[1-9]\d{1,14}$/.test(international)) return notPhone;
    return { ok: true, e164: `+${international}`, mbway: null };
  }
  if (!/^\d+$/.test(compact)) return notPhone;
  // 351 and nine more digits: an international number typed without its +.
  if (compact.length === 12 && compact.startsWith(MBWAY_HOME_COUNTRY))
    return checked(input, MBWAY_HOME_COUNTRY, compact.slice(MBWAY_HOME_COUNTRY.length));
  return checked(input, MBWAY_HOME_COUNTRY, compact);
}

function checked(input: string, countryCode: string, national: string): PhoneReading {
  if (countryCode === MBWAY_HOME_COUNTRY && !/^9\d{8}$/.test(national))
    return {
      ok: false,
      message: `Phone "${input}": Portuguese mobile numbers have 9 digits starting with 9, got "${national}".`,
    };
  const phone = parseMbwayPhone(`${countryCode}#${national}`);
  if (!phone) return { ok: false, message: `Phone "${input}" is too long: at most 15 digits with the country code.` };
  return { ok: true, e164: mbwayPhoneToE164(phone), mbway: phone };
}
