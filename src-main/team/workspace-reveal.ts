/**
 * A reveal of customer data, recorded in the team workspace's audit trail BEFORE main shows the value:
 * the database decides. Only leads (and admins) are granted INSERT on `reveal_audit`, and only for a
 * transaction in their scope; an agent's insert is refused by the database itself (SQLSTATE 42501), so a
 * modified console gains nothing. A workspace that cannot be reached refuses the reveal too: a reveal
 * never happens without its audit entry.
 */
import { randomUUID } from 'node:crypto';
import type { ClientBase } from 'pg';
import { mainText } from '@shared/console-text';
import { ConsoleFailure } from '@shared/result';
import { isRefusalState, sqlStateOf } from './sql-state';

export interface WorkspaceRevealEntry {
  seq: string;
  at: string;
  hash: string;
}

export interface RevealRequest {
  transactionId: string;
  field: string;
  /** Already masked by main (no card number, secret or e-mail address in clear). */
  reason: string;
  /** This console's scope for the transaction, used when the workspace does not hold it yet. */
  merchantId: string;
  terminalId: string;
}

/**
 * Inserts the audit entry (its seq, time, actor and hashes come from the database's trigger) and answers
 * them; ConsoleFailure when the database refuses or cannot be reached. The transaction's scope is the
 * workspace's own when it holds the transaction (row-level security then judges the database's facts).
 */
export async function recordRevealInWorkspace(
  client: ClientBase,
  request: RevealRequest,
): Promise<WorkspaceRevealEntry> {
  try {
    const { rows } = await client.query<WorkspaceRevealEntry>(
      `INSERT INTO reveal_audit (client_id, transaction_id, merchant_id, terminal_id, field, reason)
       SELECT $1, $2, coalesce(t.merchant_id, $3), coalesce(t.terminal_id, $4), $5, $6
         FROM (SELECT 1) AS one LEFT JOIN transactions t ON t.transaction_id = $2
       RETURNING seq::text AS seq, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, hash`,
      [randomUUID(), request.transactionId, request.merchantId, request.terminalId, request.field, request.reason],
    );
    return rows[0]!;
  } catch (error) {
    throw revealFailure(error);
  }
}

/** The reveal is refused: by the database (leads only, scope) or because the entry could not be written. */
export function revealFailure(error: unknown): ConsoleFailure {
  // Could not connect (unreachable, login refused, password locked, schema too new): not recorded, not shown.
  if (error instanceof ConsoleFailure)
    return new ConsoleFailure(
      'team-reveal-unreachable',
      mainText('teamRevealUnreachable', { reason: error.message.slice(0, 300) }),
    );
  const state = sqlStateOf(error);
  if (state === '42501')
    return new ConsoleFailure('team-reveal-not-allowed', mainText('teamRevealNotAllowed'), { sqlState: state });
  if (isRefusalState(state))
    return new ConsoleFailure('team-reveal-refused', mainText('teamRevealRefused', { sqlState: state }), {
      sqlState: state,
    });
  const reason = error instanceof Error ? error.message : String(error);
  return new ConsoleFailure(
    'team-reveal-unreachable',
    mainText('teamRevealUnreachable', { reason: reason.slice(0, 300) }),
  );
}
