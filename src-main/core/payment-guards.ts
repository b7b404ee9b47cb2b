/**
 * What main allows to happen to a payment, decided from its own record of the transaction (architecture rule
 * 14): no money-moving follow-up on a payment it knows final, no second order with a merchantTransactionId
 * already used on the profile. QA may override either on a Sandbox or test profile, never on production,
 * and the override is written into the call's exchange so the record shows it was deliberate.
 */
import { mainText } from '@shared/console-text';
import type { ExchangeOverride } from '@shared/exchange';
import { isFinalPaymentStatus } from '@shared/gateway/codes';
import { ConsoleFailure } from '@shared/result';
import { preferredReport, type StatusReport } from '@shared/transaction-state';
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
    throw new ConsoleFailure('override-not-allowed', mainText('overrideNotAllowed', { name: profile.name }), {
      override,
      profileName: profile.name,
    });
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
    mainText('paymentFinal', {
      transactionId,
      status: final.status,
      learnedAt: final.learnedAt,
      source: final.source,
    }),
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
      mainText('duplicateMerchantIdUsed', {
        merchantTransactionId,
        name: profile.name,
        transactionId: existing.transactionId,
        createdAt: existing.createdAt,
      }),
      { merchantTransactionId, transactionId: existing.transactionId, createdAt: existing.createdAt },
    );
  if (unanswered?.outcomeUnknown)
    throw new ConsoleFailure(
      'duplicate-merchant-transaction-id',
      mainText('duplicateMerchantIdUnanswered', {
        merchantTransactionId,
        name: profile.name,
        sentAt: unanswered.sentAt,
      }),
      { merchantTransactionId, transactionId: null, outcomeUnknownSince: unanswered.sentAt },
    );
  throw new ConsoleFailure(
    'duplicate-merchant-transaction-id',
    mainText('duplicateMerchantIdPending', { merchantTransactionId, name: profile.name }),
    { merchantTransactionId, transactionId: null },
  );
}

/** Main's kept final as a report of the shared derivation (it keeps no gateway time: placed by when it learned). */
function reportOfFinal(final: FinalRecord): StatusReport {
  return {
    status: final.status,
    statusCode: null,
    source: final.source === 'notification' ? 'notification' : 'answer',
    gatewayAt: null,
    observedAt: Date.parse(final.learnedAt) || 0,
    id: '',
  };
}

/**
 * The final status a call's answer or a notification teaches main, or null when it teaches nothing new.
 * Weighed like every screen weighs it (transaction-state.ts), so main's refusal names the status the UI
 * shows: the first final is kept (finals never change), except that a status answer's final outweighs a
 * notification's that disagreed (the status query is the source of truth). Either way the payment stays final.
 */
export function learnedFinal(
  record: TransactionRecord,
  paymentStatus: string | null,
  source: FinalRecord['source'],
  at: Date,
): FinalRecord | null {
  if (!isFinalPaymentStatus(paymentStatus)) return null;
  const learned: FinalRecord = { status: paymentStatus as string, learnedAt: at.toISOString(), source };
  if (!record.final) return learned;
  if (record.final.status === learned.status) return null;
  const held = reportOfFinal(record.final);
  return preferredReport(held, reportOfFinal(learned)) === held ? null : learned;
}

/** The merchantTransactionId of an order body as it will be sent (either spelling of the key). */
export function merchantTransactionIdOf(order: unknown): string | null {
  const merchant = (order as { merchant?: unknown } | null)?.merchant;
  if (typeof merchant !== 'object' || merchant === null) return null;
  const { merchantTransactionId, merchantTransactionID } = merchant as Record<string, unknown>;
  const id = merchantTransactionId ?? merchantTransactionID;
  return typeof id === 'string' && id !== '' ? id : null;
}
