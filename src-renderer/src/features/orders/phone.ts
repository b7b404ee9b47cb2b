import { E164_PATTERN } from '@shared/gateway/order-schema';
import { mbwayPhoneToE164, parseMbwayPhone } from '@shared/gateway/mbway-phone';

/** Portugal: MB WAY's home, and the country a bare national number is taken to be from. */
const DEFAULT_COUNTRY_CODE = '351';

/**
 * Reads what people type — `+351 912 345 678`, `00351912345678`, `912345678`, `351#912345678` — as
 * E.164 for customerPhone. Returns null when it cannot tell; the caller keeps the raw text so the
 * schema's own message says what is wrong.
 */
export function toE164(input: string, countryCode = DEFAULT_COUNTRY_CODE): string | null {
  const text = input.trim();
  if (!text) return null;
  const mbway = parseMbwayPhone(text.replace(/\s/g, ''));
  if (mbway) return mbwayPhoneToE164(mbway);
  const compact = text.replace(/[\s().-]/g, '');
  let e164: string;
  if (compact.startsWith('+')) e164 = compact;
  else if (compact.startsWith('00')) e164 = `+${compact.slice(2)}`;
  // Eleven digits or more starting with the country code: an international number without its +.
  else if (/^\d{11,15}$/.test(compact) && compact.startsWith(countryCode)) e164 = `+${compact}`;
  else if (/^\d{6,10}$/.test(compact)) e164 = `+${countryCode}${compact.replace(/^0/, '')}`;
  else return null;
  return E164_PATTERN.test(e164) ? e164 : null;
}
