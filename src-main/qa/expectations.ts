/**
 * Compares what a step produced with its `expect`. Each expectation becomes one check with expected and
 * actual side by side — what the Scenarios screen and the reports show for a failing step.
 * Without an explicit outcome a gateway step expects `classification: ok`, and a waiting step expects
 * not to time out: a scenario that says nothing still fails when the gateway refused.
 */
import type { CheckResult } from '@shared/contract/qa';
import { readPath } from './captures';
import type { Expectation, StepKind } from './scenario-format';

export interface StepActual {
  httpStatus?: number | undefined;
  classification?: string;
  returnStatus?: string | undefined;
  paymentStatus?: string | undefined;
  attempts?: number;
  /** The console refused before sending: the refusal code. */
  refused?: string;
  timedOut?: boolean;
  count?: number;
  /** The response (or notification) body, for `fields`. */
  body?: unknown;
  message?: string | undefined;
  /** What `${stepId.…}` reads afterwards. */
  capture?: Record<string, unknown>;
  skip?: string;
  /** The run was stopped while the step waited (with `skip` saying so). */
  stopped?: boolean;
  manual?: { passed: boolean; note: string };
}

const GATEWAY_STEPS: readonly StepKind[] = ['create', 'reference', 'mbway', 'status', 'pollUntil', 'action'];

const isMatcher = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length === 1 &&
  ['exists', 'oneOf', 'matches', 'contains', 'length'].includes(Object.keys(value)[0]!);

/** Numbers and numeric strings compare by value ("10.50" equals 10.5): the spec sends amounts both ways. */
function sameValue(expected: unknown, actual: unknown): boolean {
  if (typeof expected === 'number' && typeof actual === 'string' && actual.trim() !== '')
    return Number(actual) === expected;
  if (typeof expected === 'object' || typeof actual === 'object')
    return JSON.stringify(expected) === JSON.stringify(actual);
  return expected === actual;
}

export function matchField(expected: unknown, actual: unknown): boolean {
  if (!isMatcher(expected)) return sameValue(expected, actual);
  const [name, arg] = Object.entries(expected)[0]!;
  switch (name) {
    case 'exists':
      return (actual !== undefined && actual !== null) === arg;
    case 'oneOf':
      return (arg as unknown[]).some((option) => sameValue(option, actual));
    case 'matches':
      return typeof actual === 'string' && new RegExp(arg as string).test(actual);
    case 'contains':
      return (typeof actual === 'string' || Array.isArray(actual)) && actual.includes(arg as never);
    case 'length':
      return (typeof actual === 'string' || Array.isArray(actual)) && actual.length === arg;
    default:
      return false;
  }
}

export function checkExpectations(kind: StepKind, expect: Expectation, actual: StepActual): CheckResult[] {
  const checks: CheckResult[] = [];
  const check = (what: string, expected: unknown, got: unknown, passed = sameValue(expected, got)) =>
    checks.push({ what, expected, actual: got, passed });
  const isGateway = GATEWAY_STEPS.includes(kind);
  if (expect.refused !== undefined) {
    const passed =
      typeof expect.refused === 'boolean'
        ? (actual.refused !== undefined) === expect.refused
        : actual.refused === expect.refused;
    check('refused', expect.refused, actual.refused ?? false, passed);
  } else if (actual.refused !== undefined) {
    check('refused', false, actual.refused, false);
    return checks;
  }
  if (expect.httpStatus !== undefined) check('httpStatus', expect.httpStatus, actual.httpStatus);
  if (expect.classification !== undefined) check('classification', expect.classification, actual.classification);
  else if (
    isGateway &&
    expect.refused === undefined &&
    expect.httpStatus === undefined &&
    expect.returnStatus === undefined &&
    actual.classification !== undefined
  )
    check('classification', 'ok', actual.classification);
  if (expect.returnStatus !== undefined) check('returnStatus', expect.returnStatus, actual.returnStatus);
  if (expect.paymentStatus !== undefined) check('paymentStatus', expect.paymentStatus, actual.paymentStatus);
  if (expect.attempts !== undefined) check('attempts', expect.attempts, actual.attempts);
  if (expect.count !== undefined) check('count', expect.count, actual.count);
  if (expect.timedOut !== undefined) check('timedOut', expect.timedOut, actual.timedOut ?? false);
  else if (actual.timedOut === true) check('timedOut', false, true);
  for (const [path, expected] of Object.entries(expect.fields ?? {})) {
    const got = readPath(actual.body, path);
    check(`fields.${path}`, expected, got, matchField(expected, got));
  }
  return checks;
}
