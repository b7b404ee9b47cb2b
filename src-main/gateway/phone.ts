import { formatMbwayPhone, readPhone } from '@shared/gateway/mbway-phone';

/**
 * The MB WAY request's phone: what the user typed, read by the one shared reader, in the
 * `<country code>#<national number>` form the gateway expects (docs/gateway-behaviour.md: `351#9XXXXXXXX`).
 */
export type PhoneParse = { ok: true; value: string } | { ok: false; message: string };

export function toMbwayPhone(input: string): PhoneParse {
  const reading = readPhone(input);
  if (!reading.ok) return reading;
  if (!reading.mbway)
    return {
      ok: false,
      message: `Phone "${input}": write international numbers other than +351 as <country code>#<number>.`,
    };
  return { ok: true, value: formatMbwayPhone(reading.mbway) };
}
