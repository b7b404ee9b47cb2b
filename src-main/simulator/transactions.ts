/**
 * Transactions and their state machine (docs/gateway-behaviour.md): finals never change, only the listed
 * transitions happen, and every change is recorded and announced (the notifier listens).
 */
import { mainText } from '@shared/console-text';
import {
  PAYMENT_STATUS_TRANSITIONS,
  isFinalPaymentStatus,
  type Order,
  type PaymentStatus,
  type Variant,
} from '@shared/gateway';
import type { SimClock } from './clock';
import { httpError } from './errors';
import type { SimulatorTerminal } from './options';
import type { Random } from './random';
import { runShopperStep, type ShopperStepKind } from './shopper-steps';
import type { WorldShopper, WorldShopperOutcome, WorldStepOutcome } from '@shared/shop/shop-faults';

const HEX = '0123456789abcdef';

export {
  WORLD_SHOPPER_OUTCOMES,
  WORLD_STEP_OUTCOMES,
  type WorldShopper,
  type WorldShopperOutcome,
  type WorldStepOutcome,
} from '@shared/shop/shop-faults';

export interface StatusChange {
  at: string;
  from: PaymentStatus | null;
  to: PaymentStatus;
  reason: string;
  statusCode: string;
  statusMsg: string;
}

export interface ReferenceState {
  reference: string;
  entity: string;
  expiresAt: number;
  status: 'UNPAID' | 'PAID' | 'EXPIRED';
  payments: number;
}

export interface Transaction {
  id: string;
  /** What follow-ups must present: 64 random hex characters drawn at creation, as the gateway issues them. */
  signature: string;
  terminal: SimulatorTerminal;
  variant: Variant;
  /**
   * Only what the answers, follow-ups, notifications and the Simulator panel read of the order: the
   * whole parsed order would cost more than a kilobyte per transaction in memory and in the state file.
   */
  merchantTransactionId: string;
  /** The order's paymentMethod list (shared between transactions: see internMethods). */
  paymentMethods: readonly string[];
  /** The order's paymentReference limits a reference generate uses. */
  referenceLimits?: { entity?: string; finalDatetime?: string };
  amount: { value: number; currency: string };
  paymentType: string;
  /** Method the shopper chose (set by reference generate / MB WAY purchase); else the first listed. */
  paymentMethod: string;
  createdAt: number;
  expiresAt: number;
  status: PaymentStatus;
  /** returnStatus of the last change, reported by notifications. */
  lastResult: { statusCode: string; statusMsg: string };
  /** Replaced, never changed in place: a new order's may be shared (see openingHistory). */
  history: readonly StatusChange[];
  reference?: ReferenceState;
  mbwayPhone?: string;
  action?: { token: string };
  statusQueries: number;
  /**
   * What is due to happen to this transaction on the simulator clock, as data (not closures), so a
   * restarted simulator re-creates the same jobs from its persisted state. A step removed from this
   * list is cancelled: its clock job finds it gone and does nothing.
   */
  steps: readonly ScheduledStep[];
}

/** `expire`: the order (or its reference) runs out; the others are the shopper's delayed answers. */
export type StepKind = 'expire' | ShopperStepKind;

export interface ScheduledStep {
  kind: StepKind;
  /** Simulated time (ms). */
  at: number;
}

/** Told of every change worth persisting; `statusQueried` is separate because it is frequent and tiny. */
export interface BookObserver {
  changed(transaction: Transaction): void;
  statusQueried(transaction: Transaction): void;
  shopperChanged(shopper: WorldShopper): void;
}

/** What tests and the console's Simulator panel may see: no signature, no token. */
export interface TransactionView {
  transactionID: string;
  terminalId: string;
  variant: Variant;
  merchantTransactionId: string;
  amount: { value: number; currency: string };
  paymentType: string;
  paymentMethod: string;
  paymentMethodList: string[];
  paymentStatus: PaymentStatus;
  final: boolean;
  createdAt: string;
  expiry: string;
  history: StatusChange[];
  reference?: { reference: string; entity: string; status: string; expireDate: string; payments: number };
  mbwayPhone?: string;
  actionPending: boolean;
  statusQueries: number;
}

export type ChangeListener = (transaction: Transaction, change: StatusChange) => void;

const OK_RESULT = { statusCode: '000', statusMsg: 'Success' };

/**
 * One shared array per distinct paymentMethod list: a CI run creates the same few orders again and
 * again, so 100,000 transactions hold a handful of lists instead of 100,000 copies.
 */
const methodLists = new Map<string, readonly string[]>();
export function internMethods(methods: readonly string[]): readonly string[] {
  const key = methods.join('\u0000');
  let shared = methodLists.get(key);
  if (!shared) {
    shared = Object.freeze([...methods]);
    if (methodLists.size < 1_000) methodLists.set(key, shared);
  }
  return shared;
}

/**
 * Built by assignment, not by spreading optional parts into a literal: V8 gives every object built from
 * such spreads a hidden class of its own (measured: ~200 bytes per transaction). Shared, like the method
 * lists: a CI run sends the same limits with every order.
 */
const referenceLimitSets = new Map<string, NonNullable<Transaction['referenceLimits']>>();
function referenceLimitsOf(order: Order): Transaction['referenceLimits'] {
  const limits = order.transaction.paymentReference;
  if (!limits?.entity && !limits?.finalDatetime) return undefined;
  const key = `${limits.entity ?? ''}\u0000${limits.finalDatetime ?? ''}`;
  const known = referenceLimitSets.get(key);
  if (known) return known;
  const kept: NonNullable<Transaction['referenceLimits']> = {};
  if (limits.entity) kept.entity = limits.entity;
  if (limits.finalDatetime) kept.finalDatetime = limits.finalDatetime;
  Object.freeze(kept);
  if (referenceLimitSets.size < 1_000) referenceLimitSets.set(key, kept);
  return kept;
}

/**
 * The same immutable value for every transaction created with it: a CI run sends the same few amounts.
 * Interned as the method lists are; a transaction's amount is never changed in place.
 */
const amounts = new Map<string, Transaction['amount']>();
function amountOf(value: number, currency: string): Transaction['amount'] {
  const key = `${value}\u0000${currency}`;
  let shared = amounts.get(key);
  if (!shared) {
    shared = Object.freeze({ value, currency });
    if (amounts.size < 1_000) amounts.set(key, shared);
  }
  return shared;
}

/**
 * A new order's history and steps depend only on the instant it was created (its first history entry)
 * and the instant it expires (its one step). Orders that arrive together share them, read-only: each
 * is replaced by a new array when it changes, never changed in place. Every stored transaction held its
 * own three or four small objects for each, which is most of what a busy simulator's heap and its
 * garbage collector work through; the last one made is kept, for the orders of the same millisecond.
 */
let lastOpening: { at: string; history: readonly StatusChange[] } | undefined;
function openingHistory(at: string): readonly StatusChange[] {
  if (lastOpening?.at === at) return lastOpening.history;
  const created: StatusChange = Object.freeze({
    at,
    from: null,
    to: 'Pending',
    reason: 'order created',
    statusCode: OK_RESULT.statusCode,
    statusMsg: OK_RESULT.statusMsg,
  });
  lastOpening = { at, history: Object.freeze([created]) };
  return lastOpening.history;
}
let lastExpiry: { at: number; steps: readonly ScheduledStep[] } | undefined;
function expiryStepAt(at: number): readonly ScheduledStep[] {
  if (lastExpiry?.at === at) return lastExpiry.steps;
  lastExpiry = { at, steps: Object.freeze([Object.freeze<ScheduledStep>({ kind: 'expire', at })]) };
  return lastExpiry.steps;
}

export class TransactionBook {
  private readonly byId = new Map<string, Transaction>();
  /** Ids in creation order, so the newest can be listed without walking the whole book. */
  private ids: string[] = [];
  private readonly listeners: ChangeListener[] = [];
  private observer: BookObserver | undefined;
  /**
   * What this world's shopper does when no magic value decides (docs/shop-testing.md): approve, decline
   * or let an MB WAY request time out, pay a reference. Null: the shopper does nothing (the window runs out).
   * Set through setShopper, so a world with a state file keeps it across a restart.
   */
  shopperOutcome: WorldShopperOutcome | null = null;
  /** What this world's shopper does with every new extra step (3-D Secure, redirect); null: nothing. */
  shopperStep: WorldStepOutcome | null = null;

  constructor(
    private readonly clock: SimClock,
    private readonly random: Random,
  ) {}

  onChange(listener: ChangeListener): void {
    this.listeners.push(listener);
  }

  observe(observer: BookObserver): void {
    this.observer = observer;
  }

  get shopper(): WorldShopper {
    return { outcome: this.shopperOutcome, step: this.shopperStep };
  }

  /** Sets the world's shopper (persisted); what is already scheduled reads it when it falls due. */
  setShopper(shopper: WorldShopper): void {
    this.shopperOutcome = shopper.outcome;
    this.shopperStep = shopper.step;
    this.observer?.shopperChanged(this.shopper);
  }

  /** Call after changing a transaction's fields outside the book, so the change is persisted. */
  touch(transaction: Transaction): void {
    this.observer?.changed(transaction);
  }

  /** Counts a status query (the 999 / first-status scenarios depend on the count). */
  countStatusQuery(transaction: Transaction): void {
    transaction.statusQueries += 1;
    this.observer?.statusQueried(transaction);
  }

  create(input: { terminal: SimulatorTerminal; order: Order; ttlSeconds: number }): Transaction {
    const now = this.clock.now();
    const { order } = input;
    // Real ids look like `s2` + 18 alphanumerics (docs/gateway-behaviour.md); 20 ≤ 36. A seeded simulator
    // restarted on its persisted state replays the same sequence, so an id already taken is drawn again.
    let id = `s2${this.random.string(18)}`;
    while (this.byId.has(id)) id = `s2${this.random.string(18)}`;
    const expiresAt = now + input.ttlSeconds * 1000;
    const transaction: Transaction = {
      id,
      signature: this.random.string(64, HEX),
      terminal: input.terminal,
      variant: input.terminal.variant,
      merchantTransactionId: order.merchant.merchantTransactionId,
      paymentMethods: internMethods(order.transaction.paymentMethod),
      amount: amountOf(order.transaction.amount.value, order.transaction.amount.currency),
      paymentType: order.transaction.paymentType,
      paymentMethod: order.transaction.paymentMethod[0] ?? '',
      createdAt: now,
      expiresAt,
      status: 'Pending',
      lastResult: OK_RESULT,
      history: openingHistory(this.clock.iso(now)),
      statusQueries: 0,
      // Its one step: the order expires (what setExpiry would add to an empty list).
      steps: expiryStepAt(expiresAt),
      // Declared up front, even when absent, so they live inside the object: added later they would
      // cost every transaction a separate property store.
      referenceLimits: referenceLimitsOf(order),
      reference: undefined,
      mbwayPhone: undefined,
      action: undefined,
    };
    this.byId.set(transaction.id, transaction);
    this.ids.push(transaction.id);
    this.observer?.changed(transaction);
    this.arm(transaction, transaction.steps[0]!);
    return transaction;
  }

  /** Puts back a transaction read from the persisted state and re-creates its scheduled steps. */
  restore(transaction: Transaction): void {
    if (!this.byId.has(transaction.id)) this.ids.push(transaction.id);
    this.byId.set(transaction.id, transaction);
    if (isFinalPaymentStatus(transaction.status)) {
      transaction.steps = [];
      return;
    }
    for (const step of transaction.steps) this.arm(transaction, step);
  }

  get(id: string): Transaction | undefined {
    return this.byId.get(id);
  }

  get size(): number {
    return this.byId.size;
  }

  list(): Transaction[] {
    return [...this.byId.values()];
  }

  /** The `limit` newest transactions, newest first: O(limit), whatever the size of the book. */
  newest(limit: number): Transaction[] {
    const out: Transaction[] = [];
    for (let index = this.ids.length - 1; index >= 0 && out.length < limit; index--) {
      const transaction = this.byId.get(this.ids[index]!);
      if (transaction) out.push(transaction);
    }
    return out;
  }

  /** Forgets every transaction and cancels their jobs (the Sandbox reset); returns how many there were. */
  clear(): number {
    const removed = this.byId.size;
    // Their clock jobs find the transaction gone and do nothing (the reset also empties the clock).
    this.byId.clear();
    this.ids = [];
    return removed;
  }

  /**
   * Moves a transaction to `to`. A move the state machine does not allow (any move out of a final
   * status included) is a 409 conflict, as the real gateway answers.
   */
  transition(
    transaction: Transaction,
    to: PaymentStatus,
    reason: string,
    result: { statusCode: string; statusMsg: string } = OK_RESULT,
  ): StatusChange {
    const from = transaction.status;
    if (!PAYMENT_STATUS_TRANSITIONS[from].includes(to)) {
      throw httpError(
        409,
        mainText(isFinalPaymentStatus(from) ? 'simFinalStatus' : 'simCannotMove', {
          transactionId: transaction.id,
          from,
          to,
        }),
      );
    }
    // Fields written out, not spread: a spread puts them in a separate property store.
    const change: StatusChange = {
      at: this.clock.iso(),
      from,
      to,
      reason,
      statusCode: result.statusCode,
      statusMsg: result.statusMsg,
    };
    transaction.status = to;
    transaction.lastResult = result;
    // A new exact-size array: push() would grow it to room for 17 entries, in each of 100,000 transactions.
    transaction.history = transaction.history.concat(change);
    // A final transaction has nothing left to do; its jobs still on the clock find no step and stop.
    if (isFinalPaymentStatus(to)) transaction.steps = [];
    this.observer?.changed(transaction);
    for (const listener of this.listeners) listener(transaction, change);
    return change;
  }

  /** Runs the step `kind` at simulated time `at` unless the transaction has become final by then. */
  scheduleStep(transaction: Transaction, kind: ShopperStepKind, at: number): void {
    this.addStep(transaction, { kind, at });
  }

  /** (Re)sets when a still-pending order expires; a generated reference carries its own expiry. */
  setExpiry(transaction: Transaction, at: number): void {
    transaction.expiresAt = at;
    // The previous deadline's step is dropped, which cancels it (a new order has no step to drop).
    if (transaction.steps.length) transaction.steps = transaction.steps.filter((step) => step.kind !== 'expire');
    this.addStep(transaction, { kind: 'expire', at });
  }

  private addStep(transaction: Transaction, step: ScheduledStep): void {
    // Exact-size, as for history: most transactions hold one step at a time.
    transaction.steps = transaction.steps.concat(step);
    this.observer?.changed(transaction);
    this.arm(transaction, step);
  }

  /**
   * Puts the step on the clock. No cancel handle is kept (that would cost an array and a closure per
   * transaction): a step is cancelled by removing it from `transaction.steps`.
   */
  private arm(transaction: Transaction, step: ScheduledStep): void {
    this.clock.scheduleFor(step.at, transaction, this.runStepDueAt);
  }

  /** One function for every transaction's jobs (no closure per transaction): runs the step due at `at`. */
  private readonly runStepDueAt = (transaction: Transaction, at: number): void => {
    const step = transaction.steps.find((candidate) => candidate.at === at);
    if (step) this.runStep(transaction, step);
  };

  private runStep(transaction: Transaction, step: ScheduledStep): void {
    const index = transaction.steps.indexOf(step);
    // Gone from the list: replaced (a new expiry) or the transaction was reset.
    if (index < 0 || this.byId.get(transaction.id) !== transaction) return;
    // A copy without it: the list may be shared with other transactions (expiryStepAt).
    transaction.steps = transaction.steps.filter((_, position) => position !== index);
    this.observer?.changed(transaction);
    if (isFinalPaymentStatus(transaction.status)) return;
    if (step.kind === 'expire') {
      if (transaction.status !== 'Pending') return;
      if (transaction.reference) transaction.reference.status = 'EXPIRED';
      this.transition(transaction, 'Expired', 'order expired before payment', {
        statusCode: transaction.reference ? 'E0612' : '000',
        statusMsg: transaction.reference ? 'Reference expired' : 'Success',
      });
      return;
    }
    runShopperStep(this, transaction, step.kind);
  }

  view(transaction: Transaction): TransactionView {
    const { reference } = transaction;
    return {
      transactionID: transaction.id,
      terminalId: transaction.terminal.terminalId,
      variant: transaction.variant,
      merchantTransactionId: transaction.merchantTransactionId,
      amount: { ...transaction.amount },
      paymentType: transaction.paymentType,
      paymentMethod: transaction.paymentMethod,
      paymentMethodList: [...transaction.paymentMethods],
      paymentStatus: transaction.status,
      final: isFinalPaymentStatus(transaction.status),
      createdAt: this.clock.iso(transaction.createdAt),
      expiry: this.clock.iso(transaction.expiresAt),
      history: transaction.history.map((change) => ({ ...change })),
      ...(reference
        ? {
            reference: {
              reference: reference.reference,
              entity: reference.entity,
              status: reference.status,
              expireDate: this.clock.iso(reference.expiresAt),
              payments: reference.payments,
            },
          }
        : {}),
      ...(transaction.mbwayPhone ? { mbwayPhone: transaction.mbwayPhone } : {}),
      actionPending: transaction.action !== undefined && !isFinalPaymentStatus(transaction.status),
      statusQueries: transaction.statusQueries,
    };
  }
}
