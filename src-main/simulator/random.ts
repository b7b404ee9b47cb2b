import { randomFillSync, randomUUID } from 'node:crypto';

/** Source of ids and tokens: seeded (deterministic for `--seed`) or cryptographic. */
export interface Random {
  /** Integer in [0, max). */
  int(max: number): number;
  string(length: number, alphabet?: string): string;
  uuid(): string;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

// The characters are collected as codes and made into one flat string: appended one by one they make a
// chain of one-character pieces, which the id every transaction keeps would hold on to.
const build = (
  int: (max: number) => number,
  uuid: () => string,
  /** A faster source's own strings (same alphabet, still uniform), when it has one for this alphabet. */
  fastString?: (length: number, alphabet: string) => string | undefined,
): Random => {
  const codes: number[] = [];
  return {
    int,
    string: (length, alphabet = ALPHANUMERIC) => {
      const fast = fastString?.(length, alphabet);
      if (fast !== undefined) return fast;
      codes.length = length;
      for (let index = 0; index < length; index++) codes[index] = alphabet.charCodeAt(int(alphabet.length));
      return String.fromCharCode(...codes);
    },
    uuid,
  };
};

/**
 * Uniform integers in [0, max) from a pool of cryptographic random bytes: one randomFillSync per 4 KiB
 * instead of one crypto.randomInt call (a round trip into C++) per character. Rejection sampling keeps
 * every value equally likely.
 */
function pooledCryptoInt(): (max: number) => number {
  const pool = new Uint32Array(1024);
  let next = pool.length;
  const draw = (): number => {
    if (next === pool.length) {
      randomFillSync(pool);
      next = 0;
    }
    return pool[next++]!;
  };
  // A string draws many values below the same max: its bound is checked and its limit computed once.
  let lastMax = 0;
  let limit = 0;
  return (max) => {
    if (max !== lastMax) {
      if (!Number.isInteger(max) || max < 1 || max > 0x1_0000_0000) throw new RangeError('max must be in 1 … 2^32');
      limit = 0x1_0000_0000 - (0x1_0000_0000 % max);
      lastMax = max;
    }
    for (;;) {
      const value = draw();
      if (value < limit) return value % max;
    }
  };
}

const isOneByte = (text: string): boolean => {
  for (let index = 0; index < text.length; index++) if (text.charCodeAt(index) > 0xff) return false;
  return true;
};

/**
 * Strings of up to 256 characters over an alphabet of one-byte characters (ids, signatures, tokens: every
 * create draws ~100 characters), one random byte per character from a pool, written into a buffer and
 * read back as one flat string: about 5× cheaper than a 32-bit draw and a char code per character.
 * Rejection sampling (bytes at or above the largest multiple of the alphabet's size are skipped) keeps
 * every character equally likely. Anything else (undefined) is left to the general path.
 */
function pooledCryptoString(): (length: number, alphabet: string) => string | undefined {
  const pool = Buffer.allocUnsafeSlow(4096);
  let next = pool.length;
  const out = Buffer.allocUnsafeSlow(256);
  // Checked once per alphabet (in practice two, used in turn: alphanumeric and hex).
  const usable = new Map<string, boolean>();
  return (length, alphabet) => {
    let oneByte = usable.get(alphabet);
    if (oneByte === undefined) {
      oneByte = alphabet.length >= 1 && alphabet.length <= 256 && isOneByte(alphabet);
      if (usable.size < 16) usable.set(alphabet, oneByte);
    }
    if (!oneByte || length < 0 || length > out.length) return undefined;
    const size = alphabet.length;
    const limit = 256 - (256 % size);
    for (let index = 0; index < length;) {
      if (next === pool.length) {
        randomFillSync(pool);
        next = 0;
      }
      const byte = pool[next++]!;
      if (byte < limit) out[index++] = alphabet.charCodeAt(byte % size);
    }
    return out.toString('latin1', 0, length);
  };
}

/** mulberry32: small, fast, good enough for test data (not for secrets in production). */
export function createRandom(seed?: number): Random {
  if (seed === undefined) return build(pooledCryptoInt(), () => randomUUID(), pooledCryptoString());
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
