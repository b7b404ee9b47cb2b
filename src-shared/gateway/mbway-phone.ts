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
