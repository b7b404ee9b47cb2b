/**
 * Captures between steps: `${create.transactionID}`, `${create.response.actionResponse.data.url}`,
 * `${row.phone}` (the data table), `${run.unique}`. A string that is exactly one capture keeps the
 * captured value's type (a number stays a number in an order body); inside longer text it is spliced in.
 */
import { ownValue } from './safe-keys';

export const CAPTURE_PATTERN = /\$\{([A-Za-z][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*)\}/g;
const WHOLE_CAPTURE = /^\$\{([A-Za-z][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*)\}$/;

/** What `${run.…}` offers. */
export const RUN_CAPTURES = ['id', 'unique'] as const;

export class CaptureError extends Error {
  constructor(readonly capture: string) {
    super(`\${${capture}} has no value (the step it names did not produce it)`);
    this.name = 'CaptureError';
  }
}

export type CaptureScope = Record<string, unknown>;

/**
 * Reads a dotted path: object keys and array indexes (`params.0.name`). Own properties only: a path
 * never reads through to a prototype (`constructor`, `__proto__`) — what is not in the data is undefined.
 */
export function readPath(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split('.').filter(Boolean)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = ownValue(current, key);
  }
  return current;
}

const lookup = (scope: CaptureScope, capture: string): unknown => {
  const value = readPath(scope, capture);
  if (value === undefined) throw new CaptureError(capture);
  return value;
};

/** Replaces every capture in a value (deeply). Throws CaptureError for one without a value. */
export function resolveCaptures<T>(value: T, scope: CaptureScope): T {
  if (typeof value === 'string') {
    const whole = WHOLE_CAPTURE.exec(value);
    if (whole) return lookup(scope, whole[1]!) as T;
    return value.replace(CAPTURE_PATTERN, (_, capture: string) => {
      const found = lookup(scope, capture);
      return typeof found === 'object' ? JSON.stringify(found) : String(found);
    }) as T;
  }
  if (Array.isArray(value)) return value.map((item) => resolveCaptures(item, scope)) as T;
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, resolveCaptures(item, scope)]),
    ) as T;
  return value;
}
