import type { TransactionRecord, TransactionSource } from './records';

const SOURCE_RANK: Record<TransactionSource, number> = { imported: 0, 'looked-up': 1, created: 2 };

/** The stronger of two sources: a row created here stays "created" even if it was also looked up. */
export const strongerSource = (a: TransactionSource, b: TransactionSource): TransactionSource =>
  SOURCE_RANK[b] > SOURCE_RANK[a] ? b : a;

/**
 * Two versions of the same transaction (an import meeting what is stored): the most recently updated one
 * decides the status; known facts are never replaced by unknowns; the time span covers both.
 */
export function mergeRows(a: TransactionRecord, b: TransactionRecord): TransactionRecord {
  const [older, newer] = a.updatedAt <= b.updatedAt ? [a, b] : [b, a];
  const pick = <K extends keyof TransactionRecord>(key: K): TransactionRecord[K] => newer[key] ?? older[key];
  return {
    ...older,
    ...newer,
    transactionId: pick('transactionId'),
    merchantTransactionId: pick('merchantTransactionId'),
    variant: pick('variant'),
    amount: pick('amount'),
    currency: pick('currency'),
    paymentStatus: pick('paymentStatus'),
    returnStatus: pick('returnStatus'),
    declineReason: pick('declineReason'),
    expiry: pick('expiry'),
    reference: pick('reference'),
    referenceEntity: pick('referenceEntity'),
    maskedPhone: pick('maskedPhone'),
    paymentMethod: pick('paymentMethod'),
    methods: [...new Set([...older.methods, ...newer.methods])],
    createdAt: Math.min(a.createdAt, b.createdAt),
    updatedAt: newer.updatedAt,
    source: strongerSource(a.source, b.source),
  };
}
