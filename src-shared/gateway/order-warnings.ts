/**
 * Checks that do not make an order invalid but are integrator pain points (docs/gateway-behaviour.md): the
 * order is sent only after the user confirms. Used by the SDK before sending and by the order builder.
 */
import type { ValidationIssue } from './order-schema';
import { rule } from '../rule-text';

/**
 * The shortest Multibanco validity window (paymentReference.finalDatetime − initialDatetime) sent without
 * a confirmation: 24 hours. Shoppers pay a reference at an ATM or in home banking, often the next day;
 * the interbank network reports a payment with a delay; and a reference past its expiry is refused
 * (E0612) even when the shopper has it in hand. A window under a day expires before many shoppers can
 * pay, which reads as "the gateway lost the payment". Shorter windows are legitimate for tests, so this
 * warns rather than refuses, and the simulator keeps accepting them.
 */
export const MULTIBANCO_MIN_VALIDITY_HOURS = 24;

export interface OrderWarning extends ValidationIssue {
  code: 'short-multibanco-window';
}

const objectAt = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

const timeOf = (value: unknown): number | null => {
  if (typeof value !== 'string') return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
};

/** The warning's words, in minutes under two hours and in hours (one decimal) above. */
const shortWindowText = (ms: number): string => {
  const minutes = Math.round(ms / 60_000);
  const min = MULTIBANCO_MIN_VALIDITY_HOURS;
  return minutes < 120
    ? rule('shortMultibancoMinutes', { n: minutes, min })
    : rule('shortMultibancoHours', { n: Math.round(minutes / 6) / 10, min });
};

/** Warnings for an order body (valid or not: unreadable fields simply give no warning). */
export function orderWarnings(order: unknown): OrderWarning[] {
  const transaction = objectAt(objectAt(order)?.transaction);
  const methods = Array.isArray(transaction?.paymentMethod) ? (transaction.paymentMethod as unknown[]) : [];
  const reference = objectAt(transaction?.paymentReference);
  if (!methods.includes('REFERENCE') || !reference) return [];
  const final = timeOf(reference.finalDatetime);
  // Without an initialDatetime the reference is valid from the order's own timestamp.
  const initial = timeOf(reference.initialDatetime) ?? timeOf(transaction?.transactionTimestamp);
  if (final === null || initial === null || final <= initial) return []; // order-schema reports final ≤ initial
  const window = final - initial;
  if (window >= MULTIBANCO_MIN_VALIDITY_HOURS * 3_600_000) return [];
  return [
    {
      code: 'short-multibanco-window',
      path: 'transaction.paymentReference.finalDatetime',
      message: shortWindowText(window),
    },
  ];
}

/** Follow-up calls need their method in the order's paymentMethod list; null when it is there (or unknown). */
export function followUpMethodProblem(
  paymentMethods: readonly string[] | null | undefined,
  method: 'MBWAY' | 'REFERENCE',
): string | null {
  if (!paymentMethods || paymentMethods.includes(method)) return null;
  const call = method === 'MBWAY' ? 'An MB WAY payment' : 'A Multibanco reference';
  return `${call} needs ${method} in the order's paymentMethod list (${paymentMethods.join(', ') || 'empty'}); the gateway refuses it.`;
}
