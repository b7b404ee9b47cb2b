/**
 * The workspace's reveal audit trail as a lead reads it in the console: pages newest first, filtered by
 * day, actor and transaction; the chain's verification (audit-chain.ts); and exports. Every query runs
 * as the console's own login: the database grants SELECT on the trail to leads and admins only, so an
 * agent's read is refused there (SQLSTATE 42501) and main reports that refusal — the page decides nothing.
 */
import type { ClientBase } from 'pg';
import { mainText, type MainText } from '@shared/console-text';
import type { TeamAuditEntry, TeamAuditFilter, TeamAuditVerification } from '@shared/contract/team';
import { csvDocument } from '@shared/csv';
import { ConsoleFailure } from '@shared/result';
import { verifyAuditChain, type AuditChainBreak } from './audit-chain';
import { sqlStateOf } from './sql-state';

/** The most entries one export holds (a year of a busy desk); narrow the filter for more. */
export const AUDIT_EXPORT_MAX = 100_000;

const SELECT = `
  SELECT seq::text AS seq, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at,
         actor::text AS actor, transaction_id, merchant_id, terminal_id, field, reason, ticket, prev_hash, hash
    FROM reveal_audit
   WHERE ($1::date IS NULL OR at >= $1::date::timestamp AT TIME ZONE 'UTC')
     AND ($2::date IS NULL OR at < ($2::date + 1)::timestamp AT TIME ZONE 'UTC')
     AND ($3 = '' OR actor = $3)
     AND ($4 = '' OR transaction_id = $4)
     AND ($5::bigint IS NULL OR seq < $5::bigint)
   ORDER BY seq DESC
   LIMIT $6`;

type Row = Record<string, string | null>;
const entryOf = (row: Row): TeamAuditEntry => ({
  seq: row.seq!,
  at: row.at!,
  actor: row.actor!,
  transactionId: row.transaction_id!,
  merchantId: row.merchant_id!,
  terminalId: row.terminal_id!,
  field: row.field!,
  reason: row.reason!,
  ticket: row.ticket ?? null,
  prevHash: row.prev_hash!,
  hash: row.hash!,
});

/** The database's refusal of an agent, in words; anything else as it came. */
export function auditReadFailure(error: unknown): unknown {
  const state = sqlStateOf(error);
  if (state === '42501')
    return new ConsoleFailure('team-audit-leads-only', mainText('teamAuditLeadsOnly'), { sqlState: state });
  return error;
}

async function select(client: ClientBase, filter: TeamAuditFilter, beforeSeq: string | null, limit: number) {
  try {
    const { rows } = await client.query<Row>(SELECT, [
      filter.from,
      filter.to,
      filter.actor,
      filter.transactionId,
      beforeSeq,
      limit,
    ]);
    return rows.map(entryOf);
  } catch (error) {
    throw auditReadFailure(error);
  }
}

/** One page, newest first, and where the next (older) page starts. */
export async function readAuditPage(
  client: ClientBase,
  input: { filter: TeamAuditFilter; beforeSeq: string | null; limit: number },
): Promise<{ entries: TeamAuditEntry[]; nextBeforeSeq: string | null }> {
  const rows = await select(client, input.filter, input.beforeSeq, input.limit + 1);
  const entries = rows.slice(0, input.limit);
  return { entries, nextBeforeSeq: rows.length > input.limit ? entries[entries.length - 1]!.seq : null };
}

const breakText = (broken: AuditChainBreak): MainText => {
  const params = { seq: broken.seq, previousSeq: broken.previousSeq ?? '' };
  switch (broken.reason) {
    case 'content':
      return mainText('teamAuditBrokenContent', { seq: broken.seq });
    case 'link':
      return broken.previousSeq === null
        ? mainText('teamAuditBrokenFirst', { seq: broken.seq })
        : mainText('teamAuditBrokenLink', params);
    case 'order':
      return mainText('teamAuditBrokenOrder', params);
    case 'tail':
      return mainText('teamAuditBrokenTail', params);
  }
};

/** The chain verified by recomputing every hash here; the first broken link named. */
export async function verifyAuditTrail(client: ClientBase): Promise<TeamAuditVerification> {
  try {
    const report = await verifyAuditChain(client);
    return {
      entries: report.entries,
      firstSeq: report.firstSeq,
      lastSeq: report.lastSeq,
      broken: report.broken ? { seq: report.broken.seq, text: breakText(report.broken) } : null,
    };
  } catch (error) {
    throw auditReadFailure(error);
  }
}

const COLUMNS = [
  'seq',
  'at',
  'actor',
  'transactionId',
  'merchantId',
  'terminalId',
  'field',
  'reason',
  'ticket',
  'prevHash',
  'hash',
] as const;

/** Every entry matching the filter (up to AUDIT_EXPORT_MAX), newest first, as CSV (the one CSV writer) or JSON. */
export async function exportAuditTrail(
  client: ClientBase,
  input: { filter: TeamAuditFilter; format: 'csv' | 'json' },
  now: Date = new Date(),
): Promise<{ fileName: string; text: string; entries: number }> {
  const entries = await select(client, input.filter, null, AUDIT_EXPORT_MAX);
  const text =
    input.format === 'csv'
      ? csvDocument(
          COLUMNS,
          entries.map((entry) => COLUMNS.map((column) => entry[column] ?? '')),
        )
      : `${JSON.stringify({ exportedAt: now.toISOString(), filter: input.filter, entries }, null, 2)}\n`;
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return { fileName: `team-audit-trail-${stamp}.${input.format}`, text, entries: entries.length };
}
