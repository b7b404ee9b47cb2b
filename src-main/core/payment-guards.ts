/**
 * What main allows to happen to a payment, decided from its own record of the transaction (design rule
 * 14): no money-moving follow-up on a payment it knows final, no second order with a merchantTransactionId
 * already used on the profile. QA may override either on a Sandbox or test profile, never on production,
 * and the override is written into the call's exchange so the record shows it was deliberate.
 */
import type { ExchangeOverride } from '@shared/exchange';
import { isFinalPaymentStatus } from '@shared/gateway/codes';
import { ConsoleFailure } from '@shared/result';
import type { TransactionRecord } from './signature-store';

interface GuardedProfile {
  name: string;
  environment: string;
}

export type FinalRecord = NonNullable<TransactionRecord['final']>;

/**
 * Overrides exist to see what the gateway does with a bad call; never where real money moves, so the flag
 * itself is refused on production, whether or not this call would need it.
 */
function allowOverride(profile: GuardedProfile, override: ExchangeOverride): void {
  if (profile.environment === 'production')
    throw new ConsoleFailure(
      'override-not-allowed',
      `QA overrides are accepted only on Sandbox and test profiles; "${profile.name}" is a production profile. Nothing was sent.`,
      { override, profileName: profile.name },
    );
}

/**
 * Refuses a money-moving follow-up on a transaction main's record shows final (finals never change, so
 * the gateway can only refuse it or, worse, act on it). Returns the override to record when QA asked for one.
 */
export function checkNotFinal(
  profile: GuardedProfile,
  transactionId: string,
  record: TransactionRecord | undefined,
  overrideFinal: boolean | undefined,
): ExchangeOverride | null {
  if (overrideFinal === true) allowOverride(profile, 'final-payment');
  const final = record?.final;
  if (!final) return null;
  if (overrideFinal === true) return 'final-payment';
  throw new ConsoleFailure(
    'payment-final',
    `${transactionId} is final: main learned its status ${final.status} at ${final.learnedAt} (from a ${final.source} answer). A final payment never changes, so nothing was sent.`,
    { transactionId, status: final.status, learnedAt: final.learnedAt, source: final.source },
  );
}

/** A create of this console that has no transaction to show for its merchantTransactionId (yet). */
export interface UnansweredCreate {
  /** When it was sent (ISO). */
  sentAt: string;
  /** False while it waits for its answer; true once it ended without one (the order may exist). */
  outcomeUnknown: boolean;
}

/**
 * Refuses an order whose merchantTransactionId the profile already used (a created order, a create still
 * waiting for its answer, or one that ended without an answer and may exist): two orders with one
 * merchant id cannot be told apart by the merchant.
 */
export function checkNotDuplicate(
  profile: GuardedProfile,
  merchantTransactionId: string | null,
  existing: TransactionRecord | undefined,
  unanswered: UnansweredCreate | undefined,
  allowDuplicate: boolean | undefined,
): ExchangeOverride | null {
  if (allowDuplicate === true) allowOverride(profile, 'duplicate-merchant-transaction-id');
  if (merchantTransactionId === null || (!existing && !unanswered)) return null;
  if (allowDuplicate === true) return 'duplicate-merchant-transaction-id';
  if (existing)
    throw new ConsoleFailure(
      'duplicate-merchant-transaction-id',
      `merchantTransactionId "${merchantTransactionId}" is already used on "${profile.name}" by transaction ${existing.transactionId} (created ${existing.createdAt}). Use a new merchantTransactionId; nothing was sent.`,
      { merchantTransactionId, transactionId: existing.transactionId, createdAt: existing.createdAt },
    );
  if (unanswered?.outcomeUnknown)
    throw new ConsoleFailure(
      'duplicate-merchant-transaction-id',
      `The create with merchantTransactionId "${merchantTransactionId}" sent on "${profile.name}" at ${unanswered.sentAt} got no answer, so the order may exist: find it (History, notifications, a status query) before creating it again. Nothing was sent.`,
      { merchantTransactionId, transactionId: null, outcomeUnknownSince: unanswered.sentAt },
    );
  throw new ConsoleFailure(
    'duplicate-merchant-transaction-id',
    `An order with merchantTransactionId "${merchantTransactionId}" is being created on "${profile.name}" right now; wait for its answer. Nothing was sent.`,
    { merchantTransactionId, transactionId: null },
  );
}

/**
 * The final status a call's answer or a notification teaches main, or null when it teaches nothing new.
 * The first final learned is kept: finals never change, so a later answer cannot un-finalise a payment.
 */
export function learnedFinal(
  record: TransactionRecord,
  paymentStatus: string | null,
  source: FinalRecord['source'],
  at: Date,
): FinalRecord | null {
  if (record.final || !isFinalPaymentStatus(paymentStatus)) return null;
  return { status: paymentStatus as string, learnedAt: at.toISOString(), source };
}

/** The merchantTransactionId of an order body as it will be sent (either spelling of the key). */
export function merchantTransactionIdOf(order: unknown): string | null {
  const merchant = (order as { merchant?: unknown } | null)?.merchant;
  if (typeof merchant !== 'object' || merchant === null) return null;
  const { merchantTransactionId, merchantTransactionID } = merchant as Record<string, unknown>;
  const id = merchantTransactionId ?? merchantTransactionID;
  return typeof id === 'string' && id !== '' ? id : null;
}
