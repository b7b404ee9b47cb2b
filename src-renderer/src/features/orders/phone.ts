import { readPhone } from '@shared/gateway/mbway-phone';

/**
 * customerPhone as E.164, read by the same rules main applies to the MB WAY request. Null when it
 * cannot be read; the caller keeps the raw text so the schema's own message says what is wrong.
 */
export function toE164(input: string): string | null {
  const reading = readPhone(input);
  return reading.ok ? reading.e164 : null;
}
