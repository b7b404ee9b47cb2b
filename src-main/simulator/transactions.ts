/**
 * Transactions and their state machine (gateway-behaviour.md): finals never change, only the listed
 * transitions happen, and every change is recorded and announced (the notifier listens).
 */
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
  signature: string;
  terminal: SimulatorTerminal;
  variant: Variant;
  order: Order;
  amount: { value: number; currency: string };
  paymentType: string;
  /** Method the shopper chose (set by reference generate / MB WAY purchase); else the first listed. */
  paymentMethod: string;
  createdAt: number;
  expiresAt: number;
  status: PaymentStatus;
  /** returnStatus of the last change, reported by notifications. */
  lastResult: { statusCode: string; statusMsg: string };
  history: StatusChange[];
  reference?: ReferenceState;
  mbwayPhone?: string;
  action?: { token: string };
  statusQueries: number;
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

export class TransactionBook {
  private readonly byId = new Map<string, Transaction>();
  private readonly jobs = new Map<string, Array<() => void>>();
  private readonly listeners: ChangeListener[] = [];

  constructor(
    private readonly clock: SimClock,
    private readonly random: Random,
  ) {}

  onChange(listener: ChangeListener): void {
    this.listeners.push(listener);
  }

  create(input: { terminal: SimulatorTerminal; order: Order; ttlSeconds: number }): Transaction {
    const now = this.clock.now();
    const { order } = input;
    const transaction: Transaction = {
      // Real ids look like `s2` + 18 alphanumerics (gateway-behaviour.md); 20 ≤ 36.
      id: `s2${this.random.string(18)}`,
      signature: this.random.string(64),
      terminal: input.terminal,
      variant: input.terminal.variant,
      order,
      amount: { value: order.transaction.amount.value, currency: order.transaction.amount.currency },
      paymentType: order.transaction.paymentType,
      paymentMethod: order.transaction.paymentMethod[0] ?? '',
      createdAt: now,
      expiresAt: now + input.ttlSeconds * 1000,
      status: 'Pending',
      lastResult: OK_RESULT,
      history: [{ at: this.clock.iso(now), from: null, to: 'Pending', reason: 'order created', ...OK_RESULT }],
      statusQueries: 0,
    };
    this.byId.set(transaction.id, transaction);
    this.setExpiry(transaction, transaction.expiresAt);
    return transaction;
  }

  get(id: string): Transaction | undefined {
    return this.byId.get(id);
  }

  list(): Transaction[] {
    return [...this.byId.values()];
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
        isFinalPaymentStatus(from)
          ? `Transaction ${transaction.id} is ${from}, a final status; it cannot become ${to}.`
          : `Transaction ${transaction.id} cannot move from ${from} to ${to}.`,
      );
    }
    const change: StatusChange = { at: this.clock.iso(), from, to, reason, ...result };
    transaction.status = to;
    transaction.lastResult = result;
    transaction.history.push(change);
    if (isFinalPaymentStatus(to)) this.cancelJobs(transaction.id);
    for (const listener of this.listeners) listener(transaction, change);
    return change;
  }

  /** Runs `run` at simulated time `at` unless the transaction has become final by then. */
  scheduleFor(transaction: Transaction, at: number, run: () => void): void {
    const cancel = this.clock.schedule(at, () => {
      if (!isFinalPaymentStatus(transaction.status)) run();
    });
    const list = this.jobs.get(transaction.id) ?? [];
    list.push(cancel);
    this.jobs.set(transaction.id, list);
  }

  /** (Re)sets when a still-pending order expires; a generated reference carries its own expiry. */
  setExpiry(transaction: Transaction, at: number): void {
    transaction.expiresAt = at;
    this.scheduleFor(transaction, at, () => {
      // A later setExpiry moved the deadline; this job is stale.
      if (transaction.expiresAt !== at || transaction.status !== 'Pending') return;
      if (transaction.reference) transaction.reference.status = 'EXPIRED';
      this.transition(transaction, 'Expired', 'order expired before payment', {
        statusCode: transaction.reference ? 'E0612' : '000',
        statusMsg: transaction.reference ? 'Reference expired' : 'Success',
      });
    });
  }

  view(transaction: Transaction): TransactionView {
    const { reference } = transaction;
    return {
      transactionID: transaction.id,
      terminalId: transaction.terminal.terminalId,
      variant: transaction.variant,
      merchantTransactionId: transaction.order.merchant.merchantTransactionId,
      amount: { ...transaction.amount },
      paymentType: transaction.paymentType,
      paymentMethod: transaction.paymentMethod,
      paymentMethodList: [...transaction.order.transaction.paymentMethod],
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

  close(): void {
    for (const id of this.jobs.keys()) this.cancelJobs(id);
  }

  private cancelJobs(id: string): void {
    for (const cancel of this.jobs.get(id) ?? []) cancel();
    this.jobs.delete(id);
  }
}
