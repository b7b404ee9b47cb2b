import { holdsWholeSecret } from './redact-text';

/** Names an object must not get as keys from outside text: assigning them changes the object, not a field. */
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * An object of `entries` whose keys holding a whole secret (holdsWholeSecret) are replaced with `mask(key)`:
 * a gateway, a shop or a sender may echo a credential as a JSON key or a header name, and masking values
 * alone hands it on in clear. Only whole secrets count, so ordinary keys are kept as they are. A masked key
 * that another key already has (two secrets ending alike, or a key spelled like a mask) or that is a
 * reserved name gets a counter, so no entry is lost. Built with Object.fromEntries: a `__proto__` key stays
 * an own field.
 */
export function withSecretKeysMasked<V>(
  entries: ReadonlyArray<readonly [string, V]>,
  secrets: readonly string[],
  mask: (key: string) => string,
): Record<string, V> {
  const leaky = entries.map(([key]) => holdsWholeSecret(key, secrets));
  if (!leaky.includes(true)) return Object.fromEntries(entries) as Record<string, V>;
  const taken = new Set(entries.filter((_, index) => !leaky[index]).map(([key]) => key));
  return Object.fromEntries(
    entries.map(([key, value], index) => {
      if (!leaky[index]) return [key, value];
      const first = mask(key);
      // A masker that missed the secret must not hand it on: then nothing of the key is kept.
      const masked = holdsWholeSecret(first, secrets) ? '••••' : first;
      let unique = masked;
      for (let count = 2; taken.has(unique) || RESERVED_KEYS.has(unique); count += 1) unique = `${masked} ${count}`;
      taken.add(unique);
      return [unique, value];
    }),
  ) as Record<string, V>;
}
