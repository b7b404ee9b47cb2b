/**
 * The one rule for a transactionID given to the console (the spec: a string of at most 36 characters,
 * assigned by the gateway; real ones are `s2` + 18 alphanumerics). It becomes a URL path segment, so
 * anything that could change the path — `.`, `..`, `/`, `%`, `?`, `#`, spaces, control characters — is
 * refused outright rather than encoded: a typo must never steer a call to another endpoint.
 * Checked by the contract, the SDK (every caller passes through it) and the CLI.
 */
import { z } from 'zod';
import { rule } from '../rule-text';

export const TRANSACTION_ID_MAX = 36;
const TRANSACTION_ID_PATTERN = /^[A-Za-z0-9_-]+$/;

/** Why `value` is not a transactionID, or null when it is one. */
export function transactionIdProblem(value: string): string | null {
  if (value.length === 0) return 'is empty';
  if (value.length > TRANSACTION_ID_MAX) return `is longer than ${TRANSACTION_ID_MAX} characters`;
  if (!TRANSACTION_ID_PATTERN.test(value))
    return `"${value.replace(/[^\x20-\x7e]/g, '?')}" may hold only letters, digits, - and _`;
  return null;
}

export const transactionIdSchema = z
  .string()
  .trim()
  .min(1, rule('transactionIdRequired'))
  .max(TRANSACTION_ID_MAX, rule('transactionIdMax', { max: TRANSACTION_ID_MAX }))
  .regex(TRANSACTION_ID_PATTERN, rule('transactionIdChars'));
