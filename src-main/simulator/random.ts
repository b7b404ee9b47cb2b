import { randomInt, randomUUID } from 'node:crypto';

/** Source of ids and tokens: seeded (deterministic for `--seed`) or cryptographic. */
export interface Random {
  /** Integer in [0, max). */
  int(max: number): number;
  string(length: number, alphabet?: string): string;
  uuid(): string;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

const build = (int: (max: number) => number, uuid: () => string): Random => ({
  int,
  string: (length, alphabet = ALPHANUMERIC) =>
    Array.from({ length }, () => alphabet[int(alphabet.length)] ?? '').join(''),
  uuid,
});

/** mulberry32: small, fast, good enough for test data (not for secrets in production). */
export function createRandom(seed?: number): Random {
  if (seed === undefined)
    return build(
      (max) => randomInt(max),
      () => randomUUID(),
    );
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const hex = (length: number) => Array.from({ length }, () => '0123456789abcdef'[int(16)]).join('');
  // Version-4 layout so receivers that validate UUIDs accept it.
  const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[int(4)]}${hex(3)}-${hex(12)}`;
  return build(int, uuid);
}
