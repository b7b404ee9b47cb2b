/**
 * Keys from a scenario file (mapping keys, dotted override and `fields` paths, capture paths) are data.
 * Three names reach a JavaScript object's machinery instead of its data — `__proto__` (the prototype
 * itself), `constructor` and `prototype` (the way to it from any value) — so a path through them would
 * let a file write into `Object.prototype` and break every later request in main. They are refused
 * wherever a file names a key, and the documents read from files are built without prototypes.
 */
import { FORBIDDEN_KEYS } from '@shared/forbidden-keys';

export { FORBIDDEN_KEYS };

/** The first segment of a dotted path that is a forbidden key, or null when the path is safe. */
export function forbiddenSegment(path: string): string | null {
  for (const segment of path.split('.')) if (FORBIDDEN_KEYS.has(segment)) return segment;
  return null;
}

export const forbiddenKeyMessage = (segment: string): string =>
  `"${segment}" cannot be used as a key or path segment (it names JavaScript's object machinery, not data)`;

/** An own property only: a missing key never reads through to the prototype chain. */
export function ownValue(value: unknown, key: string): unknown {
  if (value === null || typeof value !== 'object') return undefined;
  return Object.prototype.hasOwnProperty.call(value, key) ? (value as Record<string, unknown>)[key] : undefined;
}

/** A mapping without a prototype: nothing a key says can reach Object.prototype through it. */
export const bareRecord = <T = unknown>(): Record<string, T> => Object.create(null) as Record<string, T>;
