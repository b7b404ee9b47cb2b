/**
 * One derivation of a transaction's current state — payment status, final or not, what may still be
 * done with it, expiry — from everything recorded about it: the answers to this console's calls
 * (create, reference, MB WAY, action step, status queries) and the notifications the receiver accepted.
 * Every view (Orders card, History row and detail, Support card, timeline, reports) and main's guard
 * read it from here, so two screens can never tell two stories about one payment (architecture rule 12).
 *
 * Reports are ordered by gateway time (`transactionDateTime`: when the gateway says the status changed),
 * because notifications arrive late, duplicated and out of order: a notification about a later change
 * beats an earlier status answer and vice versa. Finals never change (docs/gateway-behaviour.md), so any
 * final beats any open status, and the first final is kept; when two sources disagree about the final
 * status, the status query's word wins (it is the source of truth).
 *
 * Pure and total: garbled or hostile input (unknown statuses, unreadable dates, `__proto__`) is shown as
 * undocumented text and never makes a payment final.
 */
import { isFinalPaymentStatus } from './gateway/codes';

/** Where a status report came from: an answer to a call, or a notification the receiver accepted. */
export type StatusSource = 'answer' | 'notification';

export interface StatusReport {
  /** The paymentStatus as reported (PascalCase when documented; anything else is kept as text). */
  status: string;
  /** The returnStatus.statusCode that came with it, when there was one. */
  statusCode: string | null;
  source: StatusSource;
  /** When the gateway says this status came about (epoch ms of `transactionDateTime`); null when it did not say. */
  gatewayAt: number | null;
  /** When this console received it (epoch ms). */
  observedAt: number;
  /** The exchange's or delivery's id: a stable last tie-break, so the order never depends on input order. */
  id: string;
}

/** Marks for a history row with no status yet: a create that ended without an answer, or nothing seen. */
export const OUTCOME_UNKNOWN = 'OutcomeUnknown';
export const STATUS_NOT_SEEN = 'NotSeen';

// Dates outside this range are garbage, not gateway clocks (Date accepts years up to 275760).
const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(2200, 0, 1);

/**
 * Reads a gateway timestamp leniently: published samples carry a trailing space, and a time without a
 * zone is UTC (docs/gateway-behaviour.md: "payment date only in the notification, in UTC"). Null when unreadable.
 */
export function gatewayTime(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(text)) return null;
  const zoned = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(text) ? text : `${text}Z`;
  const ms = Date.parse(zoned.replace(' ', 'T'));
  return Number.isFinite(ms) && ms >= EARLIEST && ms < LATEST ? ms : null;
}

/** The `transactionDateTime` of a parsed answer or notification body; null when absent or unreadable. */
export function gatewayTimeOf(body: unknown): number | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  return Object.hasOwn(body, 'transactionDateTime')
    ? gatewayTime((body as { transactionDateTime?: unknown }).transactionDateTime)
    : null;
}

const parseBody = (text: string | null | undefined): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

/** The parts of a recorded exchange a status report is read from. */
export interface AnsweredCall {
  id: string;
  paymentStatus: string | null;
  returnStatus: { statusCode: string } | null;
  timings: { startedAt: string };
  response?: { bodyText: string } | null;
}

/**
 * The status an answer reported, or null when it reported none. `body` is the parsed answer when the
 * caller already has it; otherwise the recorded response text is read (list rows without bodies give
 * no gateway time and are placed by receipt).
 */
export function answerReport(
  call: AnsweredCall,
  body: unknown = parseBody(call.response?.bodyText),
): StatusReport | null {
  if (!call.paymentStatus) return null;
  return {
    status: call.paymentStatus,
    statusCode: call.returnStatus?.statusCode ?? null,
    source: 'answer',
    gatewayAt: gatewayTimeOf(body),
    observedAt: Date.parse(call.timings.startedAt) || 0,
    id: call.id,
  };
}

/** The parts of a stored notification a status report is read from (`payload`: the decrypted JSON). */
export interface ReceivedNotification {
  id: string;
  paymentStatus: string | null;
  receivedAt: number;
  payload: unknown;
}

/** The status an accepted notification reported, or null when it named none. */
export function notificationReport(notification: ReceivedNotification): StatusReport | null {
  if (!notification.paymentStatus) return null;
  const returnStatus = (notification.payload as { returnStatus?: unknown } | null)?.returnStatus;
  const code = (returnStatus as { statusCode?: unknown } | null | undefined)?.statusCode;
  return {
    status: notification.paymentStatus,
    statusCode: typeof code === 'string' ? code : typeof code === 'number' ? String(code) : null,
    source: 'notification',
    gatewayAt: gatewayTimeOf(notification.payload),
    observedAt: notification.receivedAt,
    id: notification.id,
  };
}

/**
 * When a report happened on one timeline: the gateway's time when it said, else when it was received.
 * Answers to a create, reference or MB WAY call carry no time; they come first in a payment's life, and a
 * world clock is never behind real time, so receipt time places them correctly.
 */
const timeOf = (report: StatusReport) => report.gatewayAt ?? report.observedAt;

/** 2: a final the status query gave; 1: a final a notification gave; 0: an open (or undocumented) status. */
const weight = (report: StatusReport) =>
  isFinalPaymentStatus(report.status) ? (report.source === 'answer' ? 2 : 1) : 0;

/**
 * Positive when `a` is the better account of the payment than `b`. A total order, so choosing the best
 * report gives the same answer whatever order the reports are read in (History folds them one by one,
 * the Orders card reads them all at once; both must agree).
 */
export function compareReports(a: StatusReport, b: StatusReport): number {
  const byWeight = weight(a) - weight(b);
  if (byWeight !== 0) return byWeight;
  // Among finals the first one stands; among open statuses the latest one is current.
  const direction = weight(a) > 0 ? -1 : 1;
  const byTime = (timeOf(a) - timeOf(b)) * direction;
  if (byTime !== 0) return byTime;
  // Same moment: the status query is the source of truth, then the later (or earlier final) receipt.
  const bySource = (a.source === 'answer' ? 1 : 0) - (b.source === 'answer' ? 1 : 0);
  if (bySource !== 0) return bySource;
  const byReceipt = (a.observedAt - b.observedAt) * direction;
  if (byReceipt !== 0) return byReceipt;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** The better of two reports (either may be missing). */
export function preferredReport(a: StatusReport | null, b: StatusReport | null): StatusReport | null {
  if (!a) return b;
  if (!b) return a;
  return compareReports(a, b) >= 0 ? a : b;
}

/** The report that says what the payment is now; null when nothing reported a status. */
export function currentReport(reports: readonly StatusReport[]): StatusReport | null {
  return reports.reduce<StatusReport | null>(preferredReport, null);
}

/** What is still done on a transaction; the same guards whether the order is new or opened from History. */
export interface AllowedActions {
  /** Generate its Multibanco reference (money-moving). */
  reference: boolean;
  /** Send the MB WAY request to the shopper's phone (money-moving). */
  mbway: boolean;
  /** Perform the extra step (3-D Secure) the gateway asked for (money-moving). */
  action: boolean;
  /** Query the status once (read-only: also allowed on a final payment, to re-check it). */
  refresh: boolean;
  /** Keep querying until final (pointless once final). */
  poll: boolean;
}

export interface FollowUpFacts {
  /** The gateway's transactionID, when known (a create that got no answer has none). */
  transactionId: string | null;
  /** Payment methods the order offers; empty when unknown (then every follow-up is offered). */
  methods: readonly string[];
  /** A Multibanco reference was already generated for it. */
  referenceGenerated: boolean;
  /** An MB WAY request was already accepted: another would ask the shopper twice. */
  mbwayRequested: boolean;
  /** The gateway asked for an extra step that has not been performed yet. */
  actionPending: boolean;
  /** The order's expiry (ISO 8601, gateway time), when the create answer or reference gave one. */
  expiry: string | null;
  /** The create was sent but its answer never came: the order may or may not exist. */
  outcomeUnknown?: boolean;
}

export interface TransactionState {
  /** The current paymentStatus; null when none was ever reported. */
  status: string | null;
  /** `status`, or OUTCOME_UNKNOWN / STATUS_NOT_SEEN when there is none (History's indexed key). */
  statusKey: string;
  /** True only for a documented final status: unknown ones are never assumed final. */
  final: boolean;
  statusCode: string | null;
  source: StatusSource | null;
  /** The report that decided the status. */
  report: StatusReport | null;
  /** Reports gave two different finals (a gateway inconsistency worth showing; the status query's word is kept). */
  conflictingFinal: string | null;
  actions: AllowedActions;
  expiry: string | null;
}

const NO_ACTIONS: AllowedActions = { reference: false, mbway: false, action: false, refresh: false, poll: false };

/** Method codes for each follow-up, in both variants (MB WAY is `MBWAY` in A, `MBWY` in B). */
const REFERENCE_METHODS = ['REFERENCE'];
const MBWAY_METHODS = ['MBWAY', 'MBWY'];

/** The allowed follow-ups for a transaction in this state. */
export function allowedActions(final: boolean, facts: FollowUpFacts): AllowedActions {
  if (facts.transactionId === null) return NO_ACTIONS;
  const offers = (codes: readonly string[]) =>
    facts.methods.length === 0 || codes.some((code) => facts.methods.includes(code));
  const open = !final;
  return {
    reference: open && offers(REFERENCE_METHODS) && !facts.referenceGenerated,
    mbway: open && offers(MBWAY_METHODS) && !facts.mbwayRequested,
    action: open && facts.actionPending,
    refresh: true,
    poll: open,
  };
}

/** The transaction's state from all its status reports and follow-up facts. */
export function deriveTransactionState(reports: readonly StatusReport[], facts: FollowUpFacts): TransactionState {
  const report = currentReport(reports);
  const final = report !== null && isFinalPaymentStatus(report.status);
  const otherFinal = final
    ? reports.find((r) => isFinalPaymentStatus(r.status) && r.status !== report.status)
    : undefined;
  return {
    status: report?.status ?? null,
    statusKey: report?.status ?? (facts.outcomeUnknown ? OUTCOME_UNKNOWN : STATUS_NOT_SEEN),
    final,
    statusCode: report?.statusCode ?? null,
    source: report?.source ?? null,
    report,
    conflictingFinal: otherFinal?.status ?? null,
    actions: allowedActions(final, facts),
    expiry: facts.expiry,
  };
}
