/**
 * The pulled copy of the desk's transactions, searchable in memory while the workspace is unreachable: one
 * row per transaction (the newest) and an exact-match index on the fields a team search matches that the
 * copy holds — transactionID, merchant order id, Multibanco reference (digits) and the e-mail as shared
 * (lower-cased). Notes and lookups (and their tickets) are not pulled, so they are not searched here.
 */
import type { TeamTransaction } from '@shared/contract/team';

/** One transaction as pulled from the workspace (one line of `team-transactions.jsonl`). */
export interface PulledTransaction {
  transactionId: string;
  merchantId: string;
  terminalId: string;
  merchantTransactionId: string | null;
  reference: string | null;
  status: string | null;
  amount: string | null;
  currency: string | null;
  email: string | null;
  updatedAt: string;
}

const MAX_RESULTS = 50;

const keysOf = (row: PulledTransaction): string[] => {
  const keys = [`id:${row.transactionId}`];
  if (row.merchantTransactionId) keys.push(`order:${row.merchantTransactionId}`);
  if (row.reference) keys.push(`ref:${row.reference}`);
  if (row.email) keys.push(`mail:${row.email.toLowerCase()}`);
  return keys;
};

export class PulledCopy {
  private readonly rows = new Map<string, PulledTransaction>();
  private readonly byKey = new Map<string, Set<string>>();

  get size(): number {
    return this.rows.size;
  }

  /** Adds pulled rows; a row already held is replaced only by a copy at least as recent. */
  add(rows: Iterable<PulledTransaction>): void {
    for (const row of rows) {
      const held = this.rows.get(row.transactionId);
      if (held && held.updatedAt > row.updatedAt) continue;
      if (held) for (const key of keysOf(held)) this.byKey.get(key)?.delete(held.transactionId);
      this.rows.set(row.transactionId, row);
      for (const key of keysOf(row)) {
        let ids = this.byKey.get(key);
        if (!ids) this.byKey.set(key, (ids = new Set()));
        ids.add(row.transactionId);
      }
    }
  }

  /** The same exact matches a workspace search makes on these fields, newest first. */
  search(query: string): TeamTransaction[] {
    const q = query.trim();
    const digits = q.replace(/\D/g, '');
    const keys = [`id:${q}`, `order:${q}`];
    if (digits) keys.push(`ref:${digits}`);
    if (q.includes('@')) keys.push(`mail:${q.toLowerCase()}`);
    const found = new Set<string>();
    for (const key of keys) for (const id of this.byKey.get(key) ?? []) found.add(id);
    return [...found]
      .map((id) => this.rows.get(id)!)
      .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0))
      .slice(0, MAX_RESULTS)
      .map((row) => ({
        transactionId: row.transactionId,
        merchantTransactionId: row.merchantTransactionId,
        reference: row.reference,
        terminalId: row.terminalId,
        status: row.status,
        amount: row.amount,
        currency: row.currency,
        email: row.email,
        updatedAt: row.updatedAt,
        notes: [],
        lookups: [],
      }));
  }
}
