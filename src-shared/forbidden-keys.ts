/**
 * Three key names reach a JavaScript object's machinery instead of its data — `__proto__` (the
 * prototype itself), `constructor` and `prototype` (the way to it from any value). Outside text (files,
 * scenario values, pasted JSON) that names one as a key is refused wherever it would become an object.
 */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * The dotted path of the first key anywhere in `value` that is a forbidden key, or null. Iterative, so
 * a deeply nested value cannot overflow the stack.
 */
export function findForbiddenKey(value: unknown): { path: string; key: string } | null {
  const pending: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  while (pending.length > 0) {
    const current = pending.pop()!;
    if (current.value === null || typeof current.value !== 'object') continue;
    for (const key of Object.keys(current.value)) {
      const path = current.path ? `${current.path}.${key}` : key;
      if (FORBIDDEN_KEYS.has(key)) return { path, key };
      pending.push({ value: (current.value as Record<string, unknown>)[key], path });
    }
  }
  return null;
}
