/**
 * `npm run test:deep` sets DEEP=1: property tests and matrices run their full counts (×10), while
 * `npm test` runs a fast slice of the same tests. Counts and seeds are logged so a failure can be replayed.
 */
export const DEEP = process.env.DEEP === '1';

/** `fast` cases in `npm test`, ten times as many in `npm run test:deep`. */
export const scaled = (fast: number): number => (DEEP ? fast * 10 : fast);

/** A fixed seed per property, overridable with FUZZ_SEED to replay a failure. */
export function fuzzSeed(name: string, fallback: number): number {
  const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : fallback;
  console.info(`[fuzz] ${name}: seed ${seed}, ${DEEP ? 'deep' : 'fast'} mode`);
  return seed;
}
