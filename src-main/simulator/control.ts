/**
 * What tests and the console's Simulator panel can do to a running simulator: move the clock, play the
 * shopper's part (pay, approve, decline), read a transaction and the notification delivery log. Used by
 * the HTTP control API and by the `simulator.*` contract handlers alike.
 */
import { mainText } from '@shared/console-text';
import { isFinalPaymentStatus, isPaymentStatus, type PaymentStatus } from '@shared/gateway';
import { SHOPPER_OUTCOMES, type ShopperOutcome } from '@shared/shop/shop-faults';
import type { SimClock } from './clock';
import { httpError } from './errors';
import { payReference } from './shopper-steps';
import type { Delivery, Notifier } from './notifier';
import {
  WORLD_SHOPPER_OUTCOMES,
  WORLD_STEP_OUTCOMES,
  type TransactionBook,
  type TransactionView,
  type WorldShopper,
} from './transactions';

export interface ClockView {
  now: string;
  offsetSeconds: number;
}

export class SimulatorControl {
  constructor(
    private readonly clock: SimClock,
    private readonly book: TransactionBook,
    private readonly notifier: Notifier,
    /** Runs after an in-memory reset: the persisted state forgets too. */
    private readonly onReset: () => void = () => {},
  ) {}

  /**
   * Forgets every transaction, pending job, delivery, the clock offset and the shop traffic captured, in memory and on disk; the
   * credentials stay. Notification attempts in flight finish unrecorded.
   */
  reset(): { removedTransactions: number } {
    const removedTransactions = this.book.clear();
    this.book.setShopper({ outcome: null, step: null });
    this.notifier.reset();
    this.clock.reset();
    this.onReset();
    return { removedTransactions };
  }

  clockView(): ClockView {
    return { now: this.clock.iso(), offsetSeconds: this.clock.offsetSeconds };
  }

  /**
   * Moves the clock and waits until everything it made due has happened, notification retries that
   * fall inside the jump included, so a caller can assert on the result right away.
   */
  async advanceClock(seconds: number): Promise<ClockView> {
    if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0 || seconds > 400 * 86_400)
      throw httpError(400, mainText('simClockRange', { max: 400 * 86_400 }));
    this.clock.advance(seconds);
    await this.settle();
    return this.clockView();
  }

  /** Plays the shopper's part: pays the reference, approves / declines MB WAY, finishes the extra step. */
  async complete(transactionId: string, paymentStatus: unknown): Promise<TransactionView> {
    if (!isPaymentStatus(paymentStatus) || paymentStatus === 'Pending')
      throw httpError(
        400,
        'paymentStatus: must be one of InProcessing, Partial, Success, Declined, Error, Timeout, Expired',
      );
    const transaction = this.mustGet(transactionId);
    const status: PaymentStatus = paymentStatus;
    // Partial is "the extra step is still to do" and always comes with its actionResponse (docs/gateway-behaviour.md).
    if (status === 'Partial' && !transaction.action)
      throw httpError(409, mainText('simNoExtraStep', { transactionId: transaction.id }));
    if (status === 'Success' && transaction.reference) {
      payReference(this.book, transaction, 'shopper paid the reference (control API)');
    } else {
      this.book.transition(transaction, status, 'completed through the control API');
    }
    if (transaction.action && status !== 'InProcessing' && status !== 'Partial') {
      transaction.action = undefined;
      this.book.touch(transaction);
    }
    await this.settle();
    return this.book.view(transaction);
  }

  /**
   * The shopper's outcome in the tester's words (shop-faults.ts SHOPPER_OUTCOMES): approve, decline, time
   * out, pay or expire the reference, complete or fail the extra step. `expire` also marks the reference
   * expired, so a later payment of it is refused (E0612) as the real gateway does.
   */
  async shopperOutcome(transactionId: string, outcome: unknown): Promise<TransactionView> {
    if (typeof outcome !== 'string' || !Object.hasOwn(SHOPPER_OUTCOMES, outcome))
      throw httpError(400, `outcome: must be one of ${Object.keys(SHOPPER_OUTCOMES).join(', ')}`);
    const transaction = this.mustGet(transactionId);
    const status = SHOPPER_OUTCOMES[outcome as ShopperOutcome];
    if (
      outcome === 'expire' &&
      transaction.reference &&
      transaction.reference.status === 'UNPAID' &&
      !isFinalPaymentStatus(transaction.status)
    ) {
      transaction.reference.status = 'EXPIRED';
      this.book.touch(transaction);
    }
    return this.complete(transactionId, status);
  }

  /** What this world's shopper does with every new payment and every new extra step no magic value decides. */
  worldShopper(): WorldShopper {
    return this.book.shopper;
  }

  /**
   * Sets it: `outcome` (`approve`, `decline`, `timeout`) and `step` (`complete`, `fail`), each null for a
   * passive shopper and left as it is when absent; 400 for anything else. A world with a state file keeps it.
   */
  setWorldShopper(input: { outcome?: unknown; step?: unknown }): WorldShopper {
    const current = this.book.shopper;
    const outcome = input.outcome === undefined ? current.outcome : input.outcome;
    const step = input.step === undefined ? current.step : input.step;
    if (outcome !== null && !(WORLD_SHOPPER_OUTCOMES as readonly unknown[]).includes(outcome))
      throw httpError(400, `outcome: must be one of ${WORLD_SHOPPER_OUTCOMES.join(', ')}, or null`);
    if (step !== null && !(WORLD_STEP_OUTCOMES as readonly unknown[]).includes(step))
      throw httpError(400, `step: must be one of ${WORLD_STEP_OUTCOMES.join(', ')}, or null`);
    this.book.setShopper({ outcome, step } as WorldShopper);
    return this.book.shopper;
  }

  transaction(transactionId: string): TransactionView {
    return this.book.view(this.mustGet(transactionId));
  }

  /** Every transaction, oldest first (the control API's listing). */
  transactions(): TransactionView[] {
    this.clock.runDue();
    return this.book.list().map((transaction) => this.book.view(transaction));
  }

  /** The `limit` newest, newest first, without viewing the rest (the panel asks for a page at a time). */
  newestTransactions(limit: number): TransactionView[] {
    this.clock.runDue();
    return this.book.newest(limit).map((transaction) => this.book.view(transaction));
  }

  transactionCount(): number {
    return this.book.size;
  }

  deliveries(transactionId?: string): Delivery[] {
    return transactionId === undefined ? this.notifier.deliveries() : this.notifier.deliveriesOf(transactionId);
  }

  /** Runs due jobs and waits for the notification attempts they start, until nothing is left to do. */
  async settle(): Promise<void> {
    for (let round = 0; round < 10_000; round++) {
      this.clock.runDue();
      if (!this.notifier.busy) return;
      await this.notifier.idle();
    }
  }

  private mustGet(transactionId: string) {
    this.clock.runDue();
    const transaction = this.book.get(transactionId);
    if (!transaction) throw httpError(404, mainText('simTransactionUnknown', { transactionId }));
    return transaction;
  }
}
