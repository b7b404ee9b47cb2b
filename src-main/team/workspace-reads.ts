/**
 * What main reads from the workspace: the row a NOTIFY names (through this login's grants and row-level
 * security — the notification itself carries only an id) and the shared transactions a search finds,
 * with who looked them up or noted what, when.
 */
import type { ClientBase } from 'pg';
import { z } from 'zod';
import type { TeamActivity, TeamTransaction } from '@shared/contract/team';

/** The channel the workspace's triggers notify on (src-main/team/schema): table and row id only. */
export const ACTIVITY_CHANNEL = 'team_activity';

const notifySchema = z.object({ table: z.enum(['case_notes', 'lookups']), id: z.number().int().positive() }).strict();

const iso = (value: unknown): string => (value instanceof Date ? value.toISOString() : String(value ?? ''));
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const orNull = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

/** The note or lookup a notification names, or null when the payload is not ours or the row is not visible. */
export async function readActivity(client: ClientBase, payload: string | undefined): Promise<TeamActivity | null> {
  let parsed;
  try {
    parsed = notifySchema.safeParse(JSON.parse(payload ?? ''));
  } catch {
    return null;
  }
  if (!parsed.success) return null;
  const { table, id } = parsed.data;
  const { rows } =
    table === 'case_notes'
      ? await client.query('SELECT transaction_id, author, created_at, body, ticket FROM case_notes WHERE id = $1', [
          id,
        ])
      : await client.query('SELECT transaction_id, author, created_at, ticket FROM lookups WHERE id = $1', [id]);
  // Row-level security hides a row outside this login's scope: then there is nothing to show.
  const row = rows[0] as Record<string, unknown> | undefined;
  if (!row) return null;
  return {
    kind: table === 'case_notes' ? 'note' : 'lookup',
    subject: text(row.transaction_id),
    who: text(row.author),
    at: iso(row.created_at),
    text: text(row.body),
    ticket: text(row.ticket),
  };
}

const MAX_RESULTS = 50;

/**
 * The ids a search matches, one indexed select per field. Not one WHERE with ORs: the planner cannot
 * combine an OR over several columns and a sub-select into index scans, so it walked every row of the
 * table, calling the row-level security function on each (seconds at a million rows). Row-level security
 * still applies to every select here. The e-mail branch is only asked for a text that can be an e-mail,
 * and compares the stored lower-cased copy (schema version 3): `lower(customer_email)` is not leakproof,
 * so under row-level security no index on it is used.
 */
const matchingIds = (email: boolean) => `
  SELECT transaction_id FROM transactions WHERE transaction_id = $1
  UNION SELECT transaction_id FROM transactions WHERE merchant_transaction_id = $1
  UNION SELECT transaction_id FROM transactions WHERE $2 <> '' AND reference = $2
  UNION SELECT transaction_id FROM case_notes WHERE ticket = $1
  UNION SELECT transaction_id FROM lookups WHERE ticket = $1${
    email
      ? `
  UNION SELECT transaction_id FROM transactions WHERE customer_email_lower = lower($1)`
      : ''
  }`;

/** Shared transactions matching the query exactly on any searchable field (as the local History does). */
export async function searchShared(client: ClientBase, query: string): Promise<TeamTransaction[]> {
  const q = query.trim();
  const digits = q.replace(/\D/g, '');
  const { rows } = await client.query(
    `SELECT transaction_id, merchant_transaction_id, reference, terminal_id, status, amount, currency,
            customer_email, updated_at
       FROM transactions
      WHERE transaction_id IN (${matchingIds(q.includes('@'))})
      ORDER BY updated_at DESC
      LIMIT ${MAX_RESULTS}`,
    [q, digits],
  );
  const ids = rows.map((row: Record<string, unknown>) => String(row.transaction_id));
  const notes = ids.length
    ? (
        await client.query(
          `SELECT transaction_id, author, created_at, body, ticket FROM case_notes
            WHERE transaction_id = ANY($1) ORDER BY created_at`,
          [ids],
        )
      ).rows
    : [];
  const lookups = ids.length
    ? (
        await client.query(
          `SELECT transaction_id, author, created_at, ticket FROM lookups WHERE transaction_id = ANY($1) ORDER BY created_at`,
          [ids],
        )
      ).rows
    : [];
  return rows.map((row: Record<string, unknown>) => {
    const id = String(row.transaction_id);
    return {
      transactionId: id,
      merchantTransactionId: orNull(row.merchant_transaction_id),
      reference: orNull(row.reference),
      terminalId: orNull(row.terminal_id),
      status: orNull(row.status),
      amount: orNull(row.amount),
      currency: orNull(row.currency),
      email: orNull(row.customer_email),
      updatedAt: iso(row.updated_at),
      notes: notes
        .filter((note: Record<string, unknown>) => note.transaction_id === id)
        .map((note: Record<string, unknown>) => ({
          author: text(note.author),
          at: iso(note.created_at),
          text: text(note.body),
          ticket: text(note.ticket),
        })),
      lookups: lookups
        .filter((lookup: Record<string, unknown>) => lookup.transaction_id === id)
        .map((lookup: Record<string, unknown>) => ({
          who: text(lookup.author),
          at: iso(lookup.created_at),
          ticket: text(lookup.ticket),
        })),
    };
  });
}
