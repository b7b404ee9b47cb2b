import { describe, expect, it } from 'vitest';
import { readPhone } from '@shared/gateway/mbway-phone';
import { toMbwayPhone } from '../../../src-main/gateway/phone';
import { toE164 } from '../../../src-renderer/src/features/orders/phone';

describe('one MB WAY phone reader for main and renderer (src-shared/gateway/mbway-phone.ts)', () => {
  it.each([
    ['+351 912 345 678', '+351912345678', '351#912345678'],
    ['00351 912-345-678', '+351912345678', '351#912345678'],
    ['351912345678', '+351912345678', '351#912345678'],
    ['912 345 678', '+351912345678', '351#912345678'],
    ['(912) 345.678', '+351912345678', '351#912345678'],
    ['351#912345678', '+351912345678', '351#912345678'],
    ['+34#612345678', '+34612345678', '34#612345678'],
    ['+34 612 34 56 78', '+34612345678', null],
  ])('reads %s as %s (MB WAY form %s)', (typed, e164, mbway) => {
    const reading = readPhone(typed);
    expect(reading).toMatchObject({ ok: true, e164 });
    if (reading.ok) expect(reading.mbway && `${reading.mbway.countryCode}#${reading.mbway.national}`).toBe(mbway);
  });

  it.each([
    ['91234567', /Portuguese mobile numbers have 9 digits starting with 9, got "91234567"/],
    // A Portuguese landline, and the trunk 0 other countries use: MB WAY serves neither.
    ['212345678', /9 digits starting with 9/],
    ['0912345678', /9 digits starting with 9/],
    ['+351 21 234 5678', /9 digits starting with 9/],
    ['', /is not a phone number/],
    ['call me', /is not a phone number/],
    ['+0123', /is not a phone number/],
    ['+1234567890123456', /is not a phone number/],
    ['999#12345678901234', /too long: at most 15 digits/],
  ])('refuses %j with a message saying why', (typed, message) => {
    const reading = readPhone(typed);
    expect(reading.ok).toBe(false);
    if (!reading.ok) expect(reading.message).toMatch(message);
  });

  it('main and the renderer accept and refuse exactly the same numbers', () => {
    const typed = ['+351 912 345 678', '912345678', '0912345678', '212345678', '12', '351#912345678', '34#612345678'];
    for (const text of typed) {
      const renderer = toE164(text);
      const main = toMbwayPhone(text);
      expect(main.ok, text).toBe(renderer !== null);
      if (main.ok) expect(`+${main.value.replace('#', '')}`).toBe(renderer);
    }
  });
});
