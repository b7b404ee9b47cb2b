/**
 * The order card's state, derived only from what history recorded about one transaction: its exchanges
 * (create, reference, MB WAY, status queries, action step) and the notifications received for it. Nothing
 * here lives in a component, so the card reads the same after navigating away, a reload or a restart,
 * and a button that would repeat a money-moving call stays off once the record shows it was done.
 */
import type { Exchange } from '@shared/exchange';
import {
  answerReport,
  currentReport,
  deriveTransactionState,
  notificationReport,
  type StatusReport,
  type TransactionState,
} from '@shared/transaction-state';
import { declineReasonOf, notificationReturnStatus, type DeclineReason } from '../../composables/decline-reason';
import type { NotificationRecord } from '../../db/records';
import {
  exchangeFollowUpKind,
  fromExchange,
  orderFactsFromExchange,
  readPendingAction,
  type FollowUpResult,
  type MultibancoReference,
  type OrderFacts,
  type PendingAction,
} from './follow-up-result';

export interface OrderCard {
  /** The create exchange's facts (expiry, methods, amount, actionResponse), when it is recorded. */
  order: OrderFacts | null;
  /** The shared derivation (status, final, allowed follow-ups) every other view shows too. */
  state: TransactionState;
  /** Follow-up results, newest first; identical consecutive status answers (polling) are one entry. */
  results: FollowUpResult[];
  /** The newest paymentStatus reported by an exchange or a notification, and its statusCode. */
  currentStatus: string | null;
  statusCode: string | null;
  /** Where the current status came from. */
  statusSource: 'exchange' | 'notification' | null;
  isFinal: boolean;
  /** Why the payment is not a success, when the answer or notification that said so gave a reason. */
  declineReason: DeclineReason | null;
  /** The Multibanco reference generated for this transaction (the newest, if somehow several). */
  reference: MultibancoReference | null;
  /** An MB WAY request the gateway accepted: the shopper has it, sending another would double-ask. */
  mbwayRequested: boolean;
  /** The extra step still to perform: reported by the create or a later answer, not yet performed. */
  pendingAction: PendingAction | null;
}

export const EMPTY_ORDER_CARD: OrderCard = {
  order: null,
  state: deriveTransactionState([], {
    transactionId: null,
    methods: [],
    referenceGenerated: false,
    mbwayRequested: false,
    actionPending: false,
    expiry: null,
  }),
  results: [],
  currentStatus: null,
  statusCode: null,
  statusSource: null,
  isFinal: false,
  declineReason: null,
  reference: null,
  mbwayRequested: false,
  pendingAction: null,
};

/** How many log entries the card shows (a long poll is collapsed first, so this is rarely reached). */
export const KEPT_RESULTS = 20;

const startedAt = (exchange: Exchange) => Date.parse(exchange.timings.startedAt) || 0;

/** Notifications the receiver accepted (a rejected delivery proves nothing about the payment). */
const accepted = (notification: NotificationRecord) => notification.verdict !== 'rejected';

export function deriveOrderCard(
  exchanges: readonly Exchange[],
  notifications: readonly NotificationRecord[],
): OrderCard {
  const ordered = [...exchanges].sort((a, b) => startedAt(a) - startedAt(b) || a.id.localeCompare(b.id));
  const create = ordered.find((e) => e.operation === 'createOrder');
  const order = create ? orderFactsFromExchange(create) : null;

  // Why each report said what it said, by report id: the decline reason travels with the answer or
  // notification that refused the payment (a later status query answers 000 even for a declined one).
  const reasons = new Map<string, DeclineReason | null>();
  const reports: StatusReport[] = [];
  for (const exchange of ordered) {
    const report = answerReport(exchange);
    if (!report) continue;
    reports.push(report);
    reasons.set(report.id, declineReasonOf(exchange.returnStatus));
  }
  for (const notification of notifications.filter(accepted)) {
    const report = notificationReport(notification);
    if (!report) continue;
    reports.push(report);
    reasons.set(report.id, declineReasonOf(notificationReturnStatus(notification.payload)));
  }
  const current = currentReport(reports);
  const declineReason =
    current && current.status !== 'Success'
      ? (reasons.get(current.id) ??
        [...reports]
          .filter((r) => r.status === current.status)
          .sort((a, b) => b.observedAt - a.observedAt)
          .map((r) => reasons.get(r.id))
          .find((reason) => reason) ??
        null)
      : null;

  let reference: MultibancoReference | null = null;
  let mbwayRequested = false;
  let pendingAction = order ? readPendingAction(order.actionResponse) : null;
  const results: FollowUpResult[] = [];
  for (const exchange of ordered) {
    const kind = exchangeFollowUpKind(exchange.operation);
    if (!kind) continue;
    const result = fromExchange(kind, exchange);
    if (result.reference) reference = result.reference;
    if (kind === 'mbway' && result.succeeded) mbwayRequested = true;
    if (result.action) pendingAction = result.action;
    else if (kind === 'action' && result.succeeded) pendingAction = null;
    const newest = results[0];
    // Polling repeats the same answer: count it on one entry instead of adding entries.
    const repeated =
      newest !== undefined &&
      kind === 'status' &&
      newest.kind === 'status' &&
      newest.summary === result.summary &&
      newest.paymentStatus === result.paymentStatus;
    if (repeated) results[0] = { ...result, repeats: newest.repeats + 1 };
    else results.unshift(result);
  }

  const state = deriveTransactionState(reports, {
    transactionId: ordered.find((e) => e.transactionID)?.transactionID ?? null,
    methods: order?.methods ?? [],
    referenceGenerated: reference !== null,
    mbwayRequested,
    actionPending: pendingAction !== null,
    expiry: order?.expiry ?? reference?.expireDate ?? null,
  });

  return {
    order,
    state,
    results: results.slice(0, KEPT_RESULTS),
    currentStatus: current?.status ?? null,
    statusCode: current?.statusCode ?? null,
    statusSource: current ? (current.source === 'answer' ? 'exchange' : 'notification') : null,
    isFinal: state.final,
    declineReason,
    reference,
    mbwayRequested,
    pendingAction,
  };
}
