/**
 * What the simulated shopper (or the shopper's bank) does after a delay: answers an MB WAY request,
 * lets its approval window run out, pays a Multibanco reference. Each is named by a kind, so a
 * transaction's pending steps are plain data that survive a restart of the simulator.
 */
import { isFinalPaymentStatus, type PaymentStatus } from '@shared/gateway';
import { httpError } from './errors';
import { findMbwayScenario } from './scenarios';

// The transaction book (transactions.ts) runs these steps, so they see it and its transactions through
// these ports rather than importing it (that would be an import cycle).
interface Transaction {
  id: string;
  status: PaymentStatus;
  mbwayPhone?: string;
  reference?: { status: 'UNPAID' | 'PAID' | 'EXPIRED'; payments: number };
  action?: { token: string } | undefined;
}
interface TransactionBook<T extends Transaction = Transaction> {
  /** The world's shopper when no magic value decides (transactions.ts). */
  shopperOutcome?: 'approve' | 'decline' | 'timeout' | null;
  /** What the world's shopper does with an extra step (transactions.ts). */
  shopperStep?: 'complete' | 'fail' | null;
  transition(
    transaction: T,
    to: PaymentStatus,
    reason: string,
    result?: { statusCode: string; statusMsg: string },
  ): unknown;
}

export type ShopperStepKind = 'mbway-window-end' | 'mbway-answer' | 'reference-paid' | 'extra-step-answer';

export function runShopperStep<T extends Transaction>(
  book: TransactionBook<T>,
  transaction: T,
  kind: ShopperStepKind,
): void {
  switch (kind) {
    case 'mbway-window-end':
      if (transaction.status === 'Pending')
        book.transition(transaction, 'Timeout', 'MB WAY approval window ended', {
          statusCode: '000',
          statusMsg: 'Success',
        });
      return;
    case 'mbway-answer': {
      const scenario = transaction.mbwayPhone ? findMbwayScenario(transaction.mbwayPhone) : undefined;
      if (scenario?.finalStatus)
        book.transition(transaction, scenario.finalStatus, scenario.summary, scenario.returnStatus);
      else if (transaction.status === 'Pending' && book.shopperOutcome && book.shopperOutcome !== 'timeout')
        book.transition(
          transaction,
          book.shopperOutcome === 'approve' ? 'Success' : 'Declined',
          `the world's shopper chose ${book.shopperOutcome}`,
          book.shopperOutcome === 'approve'
            ? { statusCode: '000', statusMsg: 'Success' }
            : { statusCode: '01.106.0004', statusMsg: 'Declined' },
        );
      return;
    }
    case 'reference-paid':
      payReference(book, transaction, "shopper paid the reference (scenario 6.13, or the world's shopper)");
      return;
    case 'extra-step-answer': {
      // Read when due, as the MB WAY answer is: a shopper made passive meanwhile leaves the step waiting.
      const step = book.shopperStep;
      if (!transaction.action || !step || isFinalPaymentStatus(transaction.status)) return;
      // Cleared before the move, so the change persisted and notified already has no step left.
      transaction.action = undefined;
      book.transition(
        transaction,
        step === 'complete' ? 'Success' : 'Declined',
        `the world's shopper chose to ${step} the extra step`,
        step === 'complete'
          ? { statusCode: '000', statusMsg: 'Success' }
          : { statusCode: '01.106.0004', statusMsg: 'Declined' },
      );
      return;
    }
  }
}

/** The shopper pays a Multibanco reference: Success, PAID; a second payment is E0613. */
export function payReference<T extends Transaction>(book: TransactionBook<T>, transaction: T, reason: string): void {
  const reference = transaction.reference;
  if (!reference) return;
  if (reference.status === 'PAID')
    throw httpError(409, 'The Multibanco reference of this order is already paid.', { statusCode: 'E0613' });
  if (reference.status === 'EXPIRED')
    throw httpError(409, 'The Multibanco reference of this order is cancelled or expired.', { statusCode: 'E0612' });
  if (isFinalPaymentStatus(transaction.status))
    throw httpError(409, `Transaction ${transaction.id} is ${transaction.status}, a final status.`);
  // Marked paid before the transition so the notification it triggers already reports PAID / PREF.
  reference.status = 'PAID';
  reference.payments += 1;
  book.transition(transaction, 'Success', reason);
}
