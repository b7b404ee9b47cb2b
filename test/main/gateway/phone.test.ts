import { describe, expect, it } from 'vitest';
import { toMbwayPhone } from '../../../src-main/gateway/phone';

describe('MB WAY phone normalisation', () => {
  it.each([
    ['+351 912 345 678', '351#912345678'],
    ['912345678', '351#912345678'],
    ['351#912345678', '351#912345678'],
    ['00351 912-345-678', '351#912345678'],
    ['+351912345500', '351#912345500'],
    ['34#612345678', '34#612345678'],
  ])('sends %s as %s', (input, expected) => {
    expect(toMbwayPhone(input)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['91234567', /9 digits starting with 9/],
    ['212345678', /9 digits starting with 9/],
    ['+34 612 345 678', /country code>#<number>/],
    ['call me', /not a phone number/],
    ['351#1234567890123456', /not a phone number|too long/],
  ])('refuses %s with a message saying why', (input, message) => {
    const result = toMbwayPhone(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });
});
