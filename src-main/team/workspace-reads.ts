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

/** ISO 8601 in UTC with milliseconds, as `Date.toISOString` writes it. */
const ISO_SQL = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

interface SearchRow {
  transaction_id: string;
  merchant_transaction_id: unknown;
  reference: unknown;
  terminal_id: unknown;
  status: unknown;
  amount: unknown;
  currency: unknown;
  customer_email: unknown;
  updated_at: unknown;
  notes: { author: unknown; at: unknown; body: unknown; ticket: unknown }[];
  lookups: { author: unknown; at: unknown; ticket: unknown }[];
}

/**
 * Shared transactions matching the query exactly on any searchable field (as the local History does), each
 * with its notes and lookups, in one round trip: a search box answers as a person types, and every round
 * trip to a busy database adds its wait.
 */
export async function searchShared(client: ClientBase, query: string): Promise<TeamTransaction[]> {
  const q = query.trim();
  const digits = q.replace(/\D/g, '');
  const { rows } = await client.query<SearchRow>(
    `SELECT t.transaction_id, t.merchant_transaction_id, t.reference, t.terminal_id, t.status, t.amount, t.currency,
            t.customer_email, t.updated_at,
            (SELECT coalesce(json_agg(json_build_object('author', n.author, 'at', ${ISO_SQL('n.created_at')},
                                                       'body', n.body, 'ticket', n.ticket) ORDER BY n.created_at), '[]')
               FROM case_notes n WHERE n.transaction_id = t.transaction_id) AS notes,
            (SELECT coalesce(json_agg(json_build_object('author', l.author, 'at', ${ISO_SQL('l.created_at')},
                                                       'ticket', l.ticket) ORDER BY l.created_at), '[]')
               FROM lookups l WHERE l.transaction_id = t.transaction_id) AS lookups
       FROM transactions t
      WHERE t.transaction_id IN (${matchingIds(q.includes('@'))})
      ORDER BY t.updated_at DESC
      LIMIT ${MAX_RESULTS}`,
    [q, digits],
  );
  return rows.map((row) => ({
    transactionId: row.transaction_id,
    merchantTransactionId: orNull(row.merchant_transaction_id),
    reference: orNull(row.reference),
    terminalId: orNull(row.terminal_id),
    status: orNull(row.status),
    amount: orNull(row.amount),
    currency: orNull(row.currency),
    email: orNull(row.customer_email),
    updatedAt: iso(row.updated_at),
    notes: row.notes.map((note) => ({
      author: text(note.author),
      at: text(note.at),
      text: text(note.body),
      ticket: text(note.ticket),
    })),
    lookups: row.lookups.map((lookup) => ({
      who: text(lookup.author),
      at: text(lookup.at),
      ticket: text(lookup.ticket),
    })),
  }));
}
