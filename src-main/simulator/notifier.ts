/**
 * Merchant notifications (docs/gateway-behaviour.md): on every status change, an AES-256-GCM encrypted POST
 * to the terminal's webhook. An acknowledgement counts only if it is HTTP 200 with statusMsg "Success",
 * the echoed notificationID and statusCode "200" | 200 | "000"; anything else is retried on the real
 * tiered schedule, measured on the simulator clock so tests compress it with POST /__simulator/clock.
 */
import { postNotification } from '../notifications/notification-sender';
import { isFinalPaymentStatus } from '@shared/gateway';
import type { SimClock } from './clock';
import type { NotificationOptions, WebhookTarget } from './options';
import type { Random } from './random';
import type { StatusChange, Transaction } from './transactions';
import type { QaFaults } from './qa-faults';
import type { AckVerdict } from '@shared/notification-ack';
import { performance } from 'node:perf_hooks';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Delay before retry n (seconds): every 5 min for the first 5 tries, then 1 h, 2 h, 4 h, 6 h, 12 h, daily. */
export const RETRY_DELAYS_SECONDS = [
  5 * MINUTE,
  5 * MINUTE,
  5 * MINUTE,
  5 * MINUTE,
  5 * MINUTE,
  HOUR,
  2 * HOUR,
  4 * HOUR,
  6 * HOUR,
  12 * HOUR,
];
export const RETRY_HORIZON_SECONDS = 60 * DAY;
/** Out-of-order mode holds non-final notifications back this long, so the next change overtakes them. */
export const OUT_OF_ORDER_HOLD_SECONDS = 60;

export const retryDelaySeconds = (retry: number): number => RETRY_DELAYS_SECONDS[retry - 1] ?? DAY;

export interface DeliveryAttempt {
  at: string;
  httpStatus: number | null;
  acknowledged: boolean;
  verdict: string;
}

export interface Delivery {
  notificationID: string;
  transactionID: string;
  paymentStatus: string;
  url: string;
  /** true for the extra copy sent in duplicates mode. */
  duplicate: boolean;
  state: 'scheduled' | 'delivered' | 'retrying' | 'gave-up';
  firstAt: string;
  nextAttemptAt: string | null;
  attempts: DeliveryAttempt[];
  /** The plaintext JSON that was encrypted (no secrets in it). */
  payload: Record<string, unknown>;
}

export function notificationPayload(transaction: Transaction, change: StatusChange, notificationID: string) {
  return {
    returnStatus: { statusCode: change.statusCode, statusMsg: change.statusMsg },
    paymentStatus: change.to,
    paymentMethod: transaction.paymentMethod,
    transactionID: transaction.id,
    transactionDateTime: change.at,
    amount: { currency: transaction.amount.currency, value: transaction.amount.value.toFixed(2) },
    // Here `transactionId` is the merchant's id, unlike the status response (docs/gateway-behaviour.md).
    merchant: {
      transactionId: transaction.merchantTransactionId,
      terminalId: Number(transaction.terminal.terminalId),
    },
    paymentType: transaction.reference?.status === 'PAID' ? 'PREF' : transaction.paymentType,
    notificationID,
    ...(transaction.mbwayPhone ? { token: { tokenType: 'MobilePhone', value: transaction.mbwayPhone } } : {}),
    ...(transaction.reference
      ? {
          // What the gateway sends and clients parse (docs/gateway-behaviour.md, "Reference generate"): the
          // same paymentReference the generate answer carried, with its current status.
          paymentReference: {
            reference: transaction.reference.reference,
            entity: transaction.reference.entity,
            paymentEntity: transaction.reference.entity,
            amount: { value: transaction.amount.value.toFixed(2), currency: transaction.amount.currency },
            status: transaction.reference.status,
            expireDate: new Date(transaction.reference.expiresAt).toISOString(),
          },
        }
      : {}),
  };
}

/** Told of every delivery created or changed, so the delivery log can be persisted. */
export type DeliveryObserver = (delivery: Delivery) => void;

/** One POST to the shop's webhook and what came back (the shop-traffic capture listens). */
export interface NotificationAttempt {
  delivery: Delivery;
  /** 1 for the first POST of this delivery, 2… for its retries. */
  attempt: number;
  sentAt: number;
  worldTime: string;
  durationMs: number;
  httpStatus: number | null;
  responseBody: string;
  /** The shop's own answer judged by the acknowledgement rules (before any armed failAck). */
  verdict: AckVerdict;
  /** The chaos armed on this attempt, when one was. */
  fault: string | null;
  /** The webhook secret it was encrypted with (masked wherever a shop echoes it). */
  secret: string;
}

const copyOf = (delivery: Delivery): Delivery => ({ ...delivery, attempts: [...delivery.attempts] });

export class Notifier {
  private log: Delivery[] = [];
  private byTransaction = new Map<string, Delivery[]>();
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;
  /** Bumped by reset(): attempts started before it must not write into the new, empty log. */
  private generation = 0;
  private observer: DeliveryObserver | undefined;
  /** Told of every POST to the shop's webhook (shop traffic); unset, nothing is measured for it. */
  onAttempt: ((attempt: NotificationAttempt) => void) | undefined;

  constructor(
    private readonly clock: SimClock,
    private readonly random: Random,
    private readonly options: Required<NotificationOptions>,
    private readonly webhookFor: (transaction: Transaction) => WebhookTarget | undefined,
    private readonly faults?: QaFaults,
  ) {
    if (faults) faults.redeliver = (transactionId) => this.redeliver(transactionId);
  }

  private readonly targets = new WeakMap<Delivery, WebhookTarget>();

  observe(observer: DeliveryObserver): void {
    this.observer = observer;
  }

  /**
   * Puts back a delivery read from the persisted state; one still scheduled or retrying gets its next
   * attempt on the clock again, to the transaction's current webhook (the console's receiver listens on
   * a new port after a restart).
   */
  restore(delivery: Delivery, transaction: Transaction | undefined): void {
    this.add(delivery);
    if (delivery.state !== 'scheduled' && delivery.state !== 'retrying') return;
    const target = transaction ? this.webhookFor(transaction) : undefined;
    const next = delivery.nextAttemptAt === null ? NaN : Date.parse(delivery.nextAttemptAt);
    if (!target || Number.isNaN(next)) return;
    delivery.url = target.url;
    const firstAt = Date.parse(delivery.firstAt);
    this.clock.schedule(next, () => this.attempt(delivery, target, firstAt, next));
  }

  /** Forgets the whole delivery log; attempts still in flight are ignored when they finish. */
  reset(): void {
    this.generation += 1;
    this.log = [];
    this.byTransaction = new Map();
  }

  /** Called on every status change; without a webhook nothing is sent (and nothing is logged). */
  notify(transaction: Transaction, change: StatusChange): void {
    const target = this.webhookFor(transaction);
    if (!target || this.closed) return;
    const notificationID = this.random.uuid();
    const payload = notificationPayload(transaction, change, notificationID);
    const reorder = this.options.outOfOrder || (this.faults?.take(transaction.id, 'reorder') ?? false);
    // `delay` holds this one notification back for the armed world seconds (any status).
    const delayed = this.faults?.takeDelivery(transaction.id, 'delay')?.seconds ?? 0;
    const hold = (reorder && !isFinalPaymentStatus(change.to) ? OUT_OF_ORDER_HOLD_SECONDS : 0) + delayed;
    const copies = this.options.duplicates || this.faults?.take(transaction.id, 'duplicate') ? 2 : 1;
    for (let copy = 0; copy < copies; copy++) {
      const firstAt = this.clock.now() + hold * 1000;
      const delivery: Delivery = {
        notificationID,
        transactionID: transaction.id,
        paymentStatus: change.to,
        url: target.url,
        duplicate: copy > 0,
        state: 'scheduled',
        firstAt: this.clock.iso(firstAt),
        nextAttemptAt: this.clock.iso(firstAt),
        attempts: [],
        payload,
      };
      this.add(delivery);
      this.observer?.(delivery);
      this.targets.set(delivery, target);
      this.clock.schedule(firstAt, () => this.attempt(delivery, target, firstAt, firstAt));
    }
  }

  /** Sends the transaction's last notification again, same notificationID, as the gateway's retry would. */
  redeliver(transactionId: string): boolean {
    const last = this.log.findLast((delivery) => delivery.transactionID === transactionId);
    const target = last && this.targets.get(last);
    if (!last || !target || this.closed) return false;
    const firstAt = this.clock.now();
    const copy: Delivery = {
      ...last,
      duplicate: true,
      state: 'scheduled',
      firstAt: this.clock.iso(firstAt),
      nextAttemptAt: this.clock.iso(firstAt),
      attempts: [],
    };
    this.add(copy);
    this.observer?.(copy);
    this.targets.set(copy, target);
    this.clock.schedule(firstAt, () => this.attempt(copy, target, firstAt, firstAt));
    return true;
  }

  deliveries(): Delivery[] {
    return this.log.map(copyOf);
  }

  /** One transaction's deliveries, from an index (no walk over the whole log). */
  deliveriesOf(transactionId: string): Delivery[] {
    return (this.byTransaction.get(transactionId) ?? []).map(copyOf);
  }

  get size(): number {
    return this.log.length;
  }

  /** Resolves when every attempt already started has its verdict (tests and the clock endpoint wait on it). */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  get busy(): boolean {
    return this.inFlight.size > 0;
  }

  close(): void {
    this.closed = true;
  }

  /**
   * `attemptAt` is the simulated time the attempt was due, not when the job ran: after a clock jump
   * the log and the next tier read as if time had passed attempt by attempt.
   */
  private attempt(delivery: Delivery, target: WebhookTarget, firstAt: number, attemptAt: number): void {
    if (this.closed) return;
    const generation = this.generation;
    const run = this.post(delivery, target).then((outcome) => {
      if (generation !== this.generation) return;
      delivery.attempts.push({ at: this.clock.iso(attemptAt), ...outcome });
      this.observer?.(delivery);
      if (outcome.acknowledged) {
        delivery.state = 'delivered';
        delivery.nextAttemptAt = null;
        return;
      }
      const next = attemptAt + retryDelaySeconds(delivery.attempts.length) * 1000;
      if (next - firstAt > RETRY_HORIZON_SECONDS * 1000) {
        delivery.state = 'gave-up';
        delivery.nextAttemptAt = null;
        return;
      }
      delivery.state = 'retrying';
      delivery.nextAttemptAt = this.clock.iso(next);
      this.clock.schedule(next, () => this.attempt(delivery, target, firstAt, next));
    });
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
  }

  private add(delivery: Delivery): void {
    this.log.push(delivery);
    const list = this.byTransaction.get(delivery.transactionID);
    if (list) list.push(delivery);
    else this.byTransaction.set(delivery.transactionID, [delivery]);
  }

  private async post(
    delivery: Delivery,
    target: WebhookTarget,
  ): Promise<{ httpStatus: number | null; acknowledged: boolean; verdict: string }> {
    // `drop`: this attempt is lost on the way (the shop never sees it); the retry schedule goes on.
    if (this.faults?.take(delivery.transactionID, 'drop'))
      return { httpStatus: null, acknowledged: false, verdict: 'not delivered: dropped by the Sandbox control' };
    const sentAt = Date.now();
    const worldTime = this.clock.iso();
    const started = performance.now();
    const attempt = delivery.attempts.length + 1;
    const sent = await postNotification({
      url: target.url,
      secret: target.secret,
      plaintext: JSON.stringify(delivery.payload),
      notificationId: delivery.notificationID,
      timeoutMs: this.options.ackTimeoutMs,
    });
    // failAck: the merchant got it, but the gateway judges the ack lost, so the retry schedule runs.
    const failAck = sent.verdict.ok && (this.faults?.take(delivery.transactionID, 'failAck') ?? false);
    this.onAttempt?.({
      delivery,
      attempt,
      sentAt,
      worldTime,
      durationMs: performance.now() - started,
      httpStatus: sent.httpStatus,
      responseBody: sent.responseBody,
      verdict: sent.verdict,
      fault: failAck ? 'failAck' : null,
      secret: target.secret,
    });
    if (failAck)
      return {
        httpStatus: sent.httpStatus,
        acknowledged: false,
        verdict: 'not acknowledged: Sandbox control failed the ack',
      };
    if (sent.verdict.ok) return { httpStatus: sent.httpStatus, acknowledged: true, verdict: 'acknowledged' };
    const prefix = sent.httpStatus === null ? 'not delivered' : 'not acknowledged';
    return { httpStatus: sent.httpStatus, acknowledged: false, verdict: `${prefix}: ${sent.verdict.reason}` };
  }
}
