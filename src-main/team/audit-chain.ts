/**
 * Verifies the team workspace's reveal audit trail: each entry must carry the hash of the one before it
 * and a hash of its own content. The database computes both when an entry is written (a trigger, see
 * schema/migrations/001_workspace.ts); this module recomputes them independently — it does not call the
 * database's hash function, which a superuser could replace — and names the first link that does not hold.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';

/** prev_hash of the very first entry, before any retention purge. */
export const GENESIS_HASH = '0'.repeat(64);

/** One entry as the verifier reads it: every column as the text the database hashed. */
export interface AuditEntryText {
  seq: string;
  at: string;
  actor: string;
  client_id: string;
  transaction_id: string;
  merchant_id: string;
  terminal_id: string;
  field: string;
  reason: string;
  ticket: string | null;
  prev_hash: string;
  hash: string;
}

export type AuditBreakReason =
  /** The entry's prev_hash is not the hash of the entry before it: one was removed, inserted or rewritten. */
  | 'link'
  /** The entry's content no longer matches its own hash: it was changed after it was written. */
  | 'content'
  /** Sequence numbers do not increase. */
  | 'order'
  /** The trail ends before the newest entry the database recorded: the newest entries were removed. */
  | 'tail';

export interface AuditChainBreak {
  seq: string;
  reason: AuditBreakReason;
  /** What the chain says the value should be, and what the entry holds. */
  expected: string;
  found: string;
  /** The entry before it (null for the first entry). */
  previousSeq: string | null;
}

export interface AuditChainReport {
  entries: number;
  firstSeq: string | null;
  lastSeq: string | null;
  /** Where the chain starts: the genesis hash, or the checkpoint a retention purge left. */
  start: { kind: 'genesis' } | { kind: 'checkpoint'; purgedThroughSeq: string };
  broken: AuditChainBreak | null;
}

/** The canonical text of an entry: each field as `<UTF-8 octets>:<text>;`, a null as `-;` (unambiguous). */
export function canonicalAuditEntry(entry: AuditEntryText): string {
  const fields = [
    entry.prev_hash,
    entry.seq,
    entry.at,
    entry.actor,
    entry.client_id,
    entry.transaction_id,
    entry.merchant_id,
    entry.terminal_id,
    entry.field,
    entry.reason,
    entry.ticket,
  ];
  return fields.map((v) => (v === null ? '-;' : `${Buffer.byteLength(v, 'utf8')}:${v};`)).join('');
}

export const auditEntryHash = (entry: AuditEntryText): string =>
  createHash('sha256').update(canonicalAuditEntry(entry), 'utf8').digest('hex');

/** Walks entries in seq order from `startHash`; stops at the first broken link. Pure, for any source. */
export function verifyAuditEntries(
  entries: Iterable<AuditEntryText>,
  startHash: string,
): { checked: number; firstSeq: string | null; lastSeq: string | null; broken: AuditChainBreak | null } {
  let expectedPrev = startHash;
  let previousSeq: string | null = null;
  let firstSeq: string | null = null;
  let checked = 0;
  for (const entry of entries) {
    firstSeq ??= entry.seq;
    const at = (reason: AuditBreakReason, expected: string, found: string) => ({
      checked,
      firstSeq,
      lastSeq: previousSeq,
      broken: { seq: entry.seq, reason, expected, found, previousSeq },
    });
    if (previousSeq !== null && BigInt(entry.seq) <= BigInt(previousSeq))
      return at('order', `> ${previousSeq}`, entry.seq);
    if (entry.prev_hash !== expectedPrev) return at('link', expectedPrev, entry.prev_hash);
    const own = auditEntryHash(entry);
    if (own !== entry.hash) return at('content', own, entry.hash);
    expectedPrev = entry.hash;
    previousSeq = entry.seq;
    checked += 1;
  }
  return { checked, firstSeq, lastSeq: previousSeq, broken: null };
}

const BATCH = 5000;

/** The same formatting as reveal_audit_canonical() in the database (microseconds, UTC). */
const SELECT_ENTRIES = `
  SELECT seq::text AS seq, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at,
         actor::text AS actor, client_id::text AS client_id, transaction_id, merchant_id, terminal_id,
         field, reason, ticket, prev_hash, hash
  FROM reveal_audit WHERE seq > $1::bigint ORDER BY reveal_audit.seq LIMIT ${BATCH}`;

/**
 * Reads the whole trail (in batches, as a lead or admin) and verifies it, in one read-only snapshot so
 * that reveals written meanwhile cannot make the head and the walk disagree.
 */
export async function verifyAuditChain(client: Pick<pg.ClientBase, 'query'>): Promise<AuditChainReport> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    return await walkAuditChain(client);
  } finally {
    await client.query('ROLLBACK').catch(() => {});
  }
}

async function walkAuditChain(client: Pick<pg.ClientBase, 'query'>): Promise<AuditChainReport> {
  const checkpoint = await client.query<{ purged_through_seq: string; last_hash: string }>(
    'SELECT purged_through_seq::text AS purged_through_seq, last_hash FROM reveal_audit_checkpoints ORDER BY id DESC LIMIT 1',
  );
  const last = checkpoint.rows[0];
  let expected = last ? last.last_hash : GENESIS_HASH;
  let after = last ? last.purged_through_seq : '0';
  const report: AuditChainReport = {
    entries: 0,
    firstSeq: null,
    lastSeq: null,
    start: last ? { kind: 'checkpoint', purgedThroughSeq: last.purged_through_seq } : { kind: 'genesis' },
    broken: null,
  };
  // An entry at or before the checkpoint should have been purged with it; start from the lowest seq anyway,
  // so nothing left in the table goes unverified.
  const leftover = await client.query<{ seq: string }>(
    'SELECT min(seq)::text AS seq FROM reveal_audit WHERE seq <= $1::bigint',
    [after],
  );
  if (leftover.rows[0]?.seq) {
    after = '0';
    expected = GENESIS_HASH;
    report.start = { kind: 'genesis' };
  }
  const head = await client.query<{ last_seq: string; last_hash: string }>(
    'SELECT last_seq::text AS last_seq, last_hash FROM reveal_audit_head',
  );
  for (;;) {
    const { rows } = await client.query<AuditEntryText>(SELECT_ENTRIES, [after]);
    if (rows.length === 0) {
      report.broken = tailBreak(head.rows[0], after, expected);
      return report;
    }
    const batch = verifyAuditEntries(rows, expected);
    report.entries += batch.checked;
    report.firstSeq ??= batch.firstSeq;
    if (batch.broken) {
      report.lastSeq = batch.lastSeq ?? report.lastSeq;
      report.broken = { ...batch.broken, previousSeq: batch.broken.previousSeq ?? report.lastSeq };
      return report;
    }
    report.lastSeq = batch.lastSeq;
    const tail = rows[rows.length - 1]!;
    expected = tail.hash;
    after = tail.seq;
  }
}

/** The head names the newest entry written; the walk must end exactly there. */
function tailBreak(
  head: { last_seq: string; last_hash: string } | undefined,
  lastSeq: string,
  lastHash: string,
): AuditChainBreak | null {
  if (!head || (head.last_seq === lastSeq && head.last_hash === lastHash)) return null;
  return {
    seq: head.last_seq,
    reason: 'tail',
    expected: head.last_hash,
    found: lastHash,
    previousSeq: lastSeq,
  };
}

/** One English sentence for a break, naming the entry and why (used by the CLI). */
export function describeAuditBreak(broken: AuditChainBreak): string {
  switch (broken.reason) {
    case 'content':
      return `entry seq ${broken.seq} was changed after it was written: its content hashes to ${broken.expected}, but it records ${broken.found}.`;
    case 'link':
      return broken.previousSeq === null
        ? `entry seq ${broken.seq} does not start the chain: its prev_hash is ${broken.found}, expected ${broken.expected} (an entry before it was removed outside the retention purge).`
        : `entry seq ${broken.seq} does not follow entry seq ${broken.previousSeq}: its prev_hash is ${broken.found}, but that entry's hash is ${broken.expected} (an entry between them was removed or inserted, or the earlier one was rewritten).`;
    case 'order':
      return `entry seq ${broken.seq} comes after seq ${broken.previousSeq}: sequence numbers must increase.`;
    case 'tail':
      return `the trail ends at seq ${broken.previousSeq}, but the database recorded entry seq ${broken.seq} as its newest: the entries after seq ${broken.previousSeq} were removed (or the newest one rewritten).`;
  }
}
