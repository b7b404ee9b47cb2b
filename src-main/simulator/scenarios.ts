/**
 * Magic values, like a test-card table: a merchant's CI picks an outcome by the amount or the MB WAY
 * phone it sends. docs/simulator.md renders the same table; keep them in step.
 */
import type { HTTP_STATUS_MESSAGES, PaymentStatus } from '@shared/gateway';

export interface MbwayScenario {
  phone: string;
  /** What the shopper does; `invalid-format` is any phone not shaped `<cc>#<number>`. */
  outcome: 'approve' | 'decline' | 'reject' | 'timeout' | 'not-found' | 'insufficient-funds';
  /** Final status reached after the shopper delay (none: the phone never answers or fails at once). */
  finalStatus?: PaymentStatus;
  returnStatus?: { statusCode: string; statusMsg: string };
  summary: string;
}

export const MBWAY_SCENARIOS: readonly MbwayScenario[] = [
  {
    phone: '351#912345678',
    outcome: 'approve',
    finalStatus: 'Success',
    summary: 'Shopper approves in the app after the shopper delay → Success.',
  },
  {
    phone: '351#912345500',
    outcome: 'decline',
    finalStatus: 'Declined',
    returnStatus: { statusCode: '01.106.0004', statusMsg: 'Declined' },
    summary: 'Shopper declines after the shopper delay → Declined, 01.106.0004.',
  },
  {
    phone: '351#912345501',
    outcome: 'reject',
    finalStatus: 'Declined',
    returnStatus: { statusCode: 'E0500', statusMsg: 'Operation not accepted by the shopper' },
    summary: 'Shopper does not accept the operation → Declined, E0500.',
  },
  {
    phone: '351#912345408',
    outcome: 'timeout',
    summary: 'Shopper never answers → Timeout when the approval window ends.',
  },
  {
    phone: '351#912345506',
    outcome: 'not-found',
    returnStatus: { statusCode: 'E0506', statusMsg: 'MB WAY alias does not exist' },
    summary: 'No MB WAY account for this phone → answered at once: E0506, Declined.',
  },
  {
    phone: '351#912345113',
    outcome: 'insufficient-funds',
    finalStatus: 'Declined',
    returnStatus: { statusCode: 'E0113', statusMsg: 'Insufficient funds' },
    summary: 'Shopper approves but lacks funds → Declined, E0113, after the shopper delay.',
  },
];

export const findMbwayScenario = (phone: string): MbwayScenario | undefined =>
  MBWAY_SCENARIOS.find((scenario) => scenario.phone === phone);

export interface AmountScenario {
  /** transaction.amount.value of the create request. */
  amount: number;
  /** `create`: the create call itself fails. `first-status`: the order is created and its first status query fails. */
  when: 'create' | 'first-status' | 'reference';
  httpStatus?: keyof typeof HTTP_STATUS_MESSAGES;
  statusCode?: string;
  summary: string;
}

export const AMOUNT_SCENARIOS: readonly AmountScenario[] = [
  { amount: 4.29, when: 'create', httpStatus: 429, summary: 'Create answers 429 with Retry-After: 1.' },
  { amount: 5.0, when: 'create', httpStatus: 500, summary: 'Create answers 500 Internal Server Error.' },
  { amount: 5.03, when: 'create', httpStatus: 503, summary: 'Create answers 503, T9999 (maintenance).' },
  {
    amount: 9.99,
    when: 'first-status',
    httpStatus: 200,
    statusCode: '999',
    summary: 'Order created; its first status query answers 999 "Validation Request Failed", later ones are normal.',
  },
  {
    amount: 14.29,
    when: 'first-status',
    httpStatus: 429,
    summary: 'First status query answers 429; later ones are normal.',
  },
  {
    amount: 15.0,
    when: 'first-status',
    httpStatus: 500,
    summary: 'First status query answers 500; later ones are normal.',
  },
  {
    amount: 15.03,
    when: 'first-status',
    httpStatus: 503,
    summary: 'First status query answers 503; later ones are normal.',
  },
  {
    amount: 6.12,
    when: 'reference',
    statusCode: 'E0612',
    summary:
      'Multibanco reference valid for 60 s only: past it the order is Expired and generating or paying it again answers E0612.',
  },
  {
    amount: 6.13,
    when: 'reference',
    statusCode: 'E0613',
    summary:
      'Multibanco reference paid by the shopper after the shopper delay; a second payment or generate answers E0613.',
  },
];

export const findAmountScenario = (amount: number): AmountScenario | undefined =>
  AMOUNT_SCENARIOS.find((scenario) => Math.abs(scenario.amount - amount) < 0.001);

/** How long the E0612 scenario's reference stays valid. */
export const SHORT_REFERENCE_SECONDS = 60;
