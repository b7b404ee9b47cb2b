/**
 * The order card's state, derived only from what history recorded about one transaction: its exchanges
 * (create, reference, MB WAY, status queries, action step) and the notifications received for it. Nothing
 * here lives in a component, so the card reads the same after navigating away, a reload or a restart,
 * and a button that would repeat a money-moving call stays off once the record shows it was done.
 */
import type { Exchange } from '@shared/exchange';
import { isFinalPaymentStatus } from '@shared/gateway/codes';
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

interface StatusReport {
  at: number;
  status: string;
  statusCode: string | null;
  source: 'exchange' | 'notification';
  reason: DeclineReason | null;
}

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

  const reports: StatusReport[] = [
    ...ordered.flatMap((e) =>
      e.paymentStatus
        ? [
            {
              at: startedAt(e),
              status: e.paymentStatus,
              statusCode: e.returnStatus?.statusCode ?? null,
              source: 'exchange' as const,
              reason: declineReasonOf(e.returnStatus),
            },
          ]
        : [],
    ),
    ...notifications.filter(accepted).flatMap((n) => {
      if (!n.paymentStatus) return [];
      const returnStatus = notificationReturnStatus(n.payload);
      const code = (returnStatus as { statusCode?: unknown } | null)?.statusCode;
      return [
        {
          at: n.receivedAt,
          status: n.paymentStatus,
          statusCode: typeof code === 'string' ? code : null,
          source: 'notification' as const,
          reason: declineReasonOf(returnStatus),
        },
      ];
    }),
  ].sort((a, b) => a.at - b.at);
  // A final status never changes: a late or re-sent older answer must not make the card look open again.
  const finalReport = reports.find((r) => isFinalPaymentStatus(r.status));
  const current = finalReport ?? reports.at(-1) ?? null;
  const isFinal = current !== null && isFinalPaymentStatus(current.status);
  // Status queries answer 000 even for a declined payment; the reason travels with the notification or
  // the answer that declined it, so take the newest reason given for the current status.
  const declineReason =
    current && current.status !== 'Success'
      ? ([...reports].reverse().find((r) => r.status === current.status && r.reason)?.reason ?? null)
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

  return {
    order,
    results: results.slice(0, KEPT_RESULTS),
    currentStatus: current?.status ?? null,
    statusCode: current?.statusCode ?? null,
    statusSource: current?.source ?? null,
    isFinal,
    declineReason,
    reference,
    mbwayRequested,
    pendingAction,
  };
}
