import { formatMbwayPhone, parseMbwayPhone } from '@shared/gateway/mbway-phone';

/**
 * MB WAY phone numbers: users type `+351 912 345 678`, `912345678` or `351#912345678`; the gateway
 * expects `<country code>#<national number>` (gateway-behaviour.md: `351#9XXXXXXXX`).
 */
export type PhoneParse = { ok: true; value: string } | { ok: false; message: string };

const PORTUGAL = '351';

export function toMbwayPhone(input: string): PhoneParse {
  const text = input.trim();
  const hashed = /^\+?(\d{1,3})#(\d{4,14})$/.exec(text.replace(/[\s.()-]/g, ''));
  if (hashed) return checked(hashed[1]!, hashed[2]!);
  const compact = text.replace(/[\s.()-]/g, '');
  if (/^\+\d+$/.test(compact) || /^00\d+$/.test(compact)) {
    const digits = compact.replace(/^(\+|00)/, '');
    // Only Portugal's code is unambiguous without a separator; MB WAY is a Portuguese scheme.
    if (digits.startsWith(PORTUGAL)) return checked(PORTUGAL, digits.slice(PORTUGAL.length));
    return {
      ok: false,
      message: `Phone "${input}": write international numbers other than +351 as <country code>#<number>.`,
    };
  }
  if (/^\d+$/.test(compact)) return checked(PORTUGAL, compact);
  return {
    ok: false,
    message: `Phone "${input}" is not a phone number: use +351 912 345 678, 912345678 or 351#912345678.`,
  };
}

function checked(country: string, national: string): PhoneParse {
  if (country === PORTUGAL && !/^9\d{8}$/.test(national))
    return { ok: false, message: `Phone: Portuguese mobile numbers have 9 digits starting with 9, got "${national}".` };
  const phone = parseMbwayPhone(`${country}#${national}`);
  // E.164 allows at most 15 digits in total.
  if (!phone) return { ok: false, message: 'Phone number is too long: at most 15 digits with the country code.' };
  return { ok: true, value: formatMbwayPhone(phone) };
}
