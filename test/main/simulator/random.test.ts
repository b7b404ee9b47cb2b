import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../src-main/simulator/random';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** How often each character of `alphabet` occurs in `count` strings of `length`. */
function tally(draw: () => string, alphabet: string, count: number): Map<string, number> {
  const seen = new Map<string, number>([...alphabet].map((character) => [character, 0]));
  for (let index = 0; index < count; index++)
    for (const character of draw()) seen.set(character, (seen.get(character) ?? 0) + 1);
  return seen;
}

describe('cryptographic random strings (no seed): ids, signatures and tokens', () => {
  const random = createRandom();

  it('draws ids and signatures of the asked length from the asked alphabet only', () => {
    for (let index = 0; index < 200; index++) {
      expect(random.string(18)).toMatch(/^[A-Za-z0-9]{18}$/);
      expect(random.string(64, '0123456789abcdef')).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(random.string(0)).toBe('');
    expect(random.string(300)).toMatch(/^[A-Za-z0-9]{300}$/);
    // An alphabet beyond one byte a character still works (the general path).
    expect(random.string(12, 'αβγ')).toMatch(/^[αβγ]{12}$/);
  });

  it('uses every character about equally often (the 62-letter alphabet does not divide 256)', () => {
    const counts = tally(() => random.string(62), ALPHANUMERIC, 2_000);
    // 2,000 per character expected; a byte taken modulo 62 without rejection would give the first 8
    // characters ~3 % more, which this does not test for, but a mapping bug (a character never drawn,
    // or drawn twice as often) fails it.
    for (const [character, count] of counts) {
      expect(count, character).toBeGreaterThan(1_700);
      expect(count, character).toBeLessThan(2_300);
    }
  });

  it('does not repeat: two draws of an id differ', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => random.string(18)));
    expect(ids.size).toBe(10_000);
  });
});
