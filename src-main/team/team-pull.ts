/**
 * A console's first sync with the workspace: main pulls the shared transactions in its login's scope into
 * its local team index, merchant by merchant in keyset pages (`id > last ORDER BY id`, index
 * `transactions_merchant_keyset`), saving the cursor after each page so an interrupted pull resumes where it
 * stopped. Later connections pull only what was added since. Progress is reported after every page.
 */
import type { Queryable } from './client-queue';
import type { PulledTransaction } from './pulled-copy';
import type { TeamIndex } from './team-index';

export interface PullProgress {
  /** Transactions pulled so far on this pull. */
  done: number;
  /** Transactions this pull has to bring (in scope, past the cursor), counted when it started. */
  total: number;
}

const PAGE_SIZE = 2000;

const iso = (value: unknown): string => (value instanceof Date ? value.toISOString() : String(value ?? ''));
const orNull = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

function pulled(row: Record<string, unknown>): PulledTransaction {
  return {
    transactionId: String(row.transaction_id),
    merchantId: String(row.merchant_id),
    terminalId: String(row.terminal_id),
    merchantTransactionId: orNull(row.merchant_transaction_id),
    reference: orNull(row.reference),
    status: orNull(row.status),
    amount: orNull(row.amount),
    currency: orNull(row.currency),
    email: orNull(row.customer_email),
    updatedAt: iso(row.updated_at),
  };
}

/** Pulls everything in scope past the index's cursor for `workspace`; answers how many transactions came. */
export async function pullSharedTransactions(
  client: Queryable,
  index: TeamIndex,
  workspace: string,
  onProgress: (progress: PullProgress) => void,
  pageSize = PAGE_SIZE,
): Promise<number> {
  // The login's own merchants (row-level security still decides, per row, what each page may hold).
  const { rows: scopes } = await client.query<{ merchant_id: string }>(
    'SELECT DISTINCT merchant_id FROM memberships WHERE member = session_user ORDER BY merchant_id',
  );
  let cursor = await index.cursor(workspace);
  const merchants = scopes.map((scope) => scope.merchant_id);
  let total = 0;
  for (const merchant of merchants) {
    const { rows } = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM transactions WHERE merchant_id = $1 AND id > $2',
      [merchant, cursor.through[merchant] ?? 0],
    );
    total += rows[0]?.n ?? 0;
  }
  let done = 0;
  onProgress({ done, total });
  for (const merchant of merchants) {
    for (;;) {
      const { rows } = await client.query<Record<string, unknown>>(
        `SELECT id, transaction_id, merchant_id, terminal_id, merchant_transaction_id, reference, status, amount,
                currency, customer_email, updated_at
           FROM transactions WHERE merchant_id = $1 AND id > $2 ORDER BY id LIMIT $3`,
        [merchant, cursor.through[merchant] ?? 0, pageSize],
      );
      if (!rows.length) break;
      cursor = await index.append(cursor, merchant, rows.map(pulled), Number(rows.at(-1)!.id));
      done += rows.length;
      // Rows shared while pulling may take it past the count made at the start.
      onProgress({ done, total: Math.max(total, done) });
      if (rows.length < pageSize) break;
    }
  }
  await index.finished(cursor);
  return done;
}
