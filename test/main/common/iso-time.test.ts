import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isoTimestamp } from '../../../src-main/common/iso-time';

describe('ISO timestamps formatted a second at a time', () => {
  it('property: reads exactly as Date writes the same instant', () => {
    const instant = fc.oneof(
      fc.integer({ min: -8.64e15, max: 8.64e15 }),
      // Bursts within one second, and the milliseconds that need padding.
      fc.integer({ min: 0, max: 999 }).map((millis) => 1_795_000_000_000 + millis),
      fc.integer({ min: 0, max: 999 }).map((millis) => -1_000 + millis),
      fc.double({ min: -1e13, max: 1e13, noNaN: true }),
    );
    fc.assert(
      fc.property(fc.array(instant, { minLength: 1, maxLength: 5 }), (instants) => {
        for (const ms of instants) expect(isoTimestamp(ms)).toBe(new Date(ms).toISOString());
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses an instant outside Date’s range as Date does', () => {
    expect(() => isoTimestamp(8.64e15 + 1)).toThrow(RangeError);
    expect(() => isoTimestamp(Number.NaN)).toThrow(RangeError);
  });
});
