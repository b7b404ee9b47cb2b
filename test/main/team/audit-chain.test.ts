/**
 * The reveal audit chain, end to end: entries written concurrently by several leads form one chain (the
 * database serialises them), `gateway-console workspace verify-audit` says so, and when the only role that
 * can touch the trail — the superuser — breaks it, the command names the first broken link and exits 1.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../../src-main/cli/cli-io';
import { EXIT_AUDIT_BROKEN, runWorkspace } from '../../../src-main/cli/workspace-command';
import { auditEntryHash, GENESIS_HASH, type AuditEntryText } from '../../../src-main/team/audit-chain';
import { startThrowawayCluster, type ThrowawayCluster } from '../../support/pg-cluster';
import { createTestWorkspace, type Login, type TestWorkspace } from '../../support/team-workspace';

let cluster: ThrowawayCluster;

const capture = () => {
  const out = { stdout: '', stderr: '' };
  const io: CliIo = {
    stdout: (text) => void (out.stdout += text),
    stderr: (text) => void (out.stderr += text),
    readStdin: async () => Buffer.alloc(0),
    stdinIsTty: true,
  };
  return { io, out };
};

/** Runs the CLI command with the URL in an environment variable, as the docs recommend. */
async function verifyAs(login: Login) {
  const { io, out } = capture();
  process.env.GC_TEST_WORKSPACE_URL = login.url;
  const code = await runWorkspace(['verify-audit', '--url-env', 'GC_TEST_WORKSPACE_URL'], io);
  delete process.env.GC_TEST_WORKSPACE_URL;
  return { code, ...out };
}

async function reveal(client: pg.Client, reason = 'customer asked to confirm', ticket: string | null = 'T-1') {
  await client.query(
    `INSERT INTO reveal_audit (client_id, transaction_id, merchant_id, terminal_id, field, reason, ticket)
     VALUES ($1, 'tx-1', 'M1', 'T1', 'email', $2, $3)`,
    [randomUUID(), reason, ticket],
  );
}

/** A workspace with three leads of merchant M1. */
async function workspaceWithLeads(name: string) {
  const ws = await createTestWorkspace(cluster, name);
  const leads = [
    await ws.addPerson(`${name}_lena`, 'lead', [{ merchantId: 'M1' }]),
    await ws.addPerson(`${name}_lucas`, 'lead', [{ merchantId: 'M1' }]),
    await ws.addPerson(`${name}_lia`, 'lead', [{ merchantId: 'M1' }]),
  ];
  return { ws, leads };
}

/** Writes `count` entries from all leads at once, each in its own transaction. */
async function concurrentReveals(ws: TestWorkspace, leads: Login[], count: number) {
  const clients = await Promise.all(leads.map((lead) => ws.connect(lead)));
  await Promise.all(
    clients.map(async (client, index) => {
      for (let i = index; i < count; i += clients.length) {
        await client.query('BEGIN');
        await reveal(client);
        await client.query('COMMIT');
      }
    }),
  );
}

const opened: TestWorkspace[] = [];
beforeAll(async () => {
  cluster = await startThrowawayCluster();
}, 60_000);
afterEach(async () => {
  await Promise.all(opened.splice(0).map((ws) => ws.close()));
});
afterAll(async () => {
  await cluster?.stop();
});

describe('reveal audit chain', () => {
  it('entries written concurrently by three leads form one unbroken chain, and verify-audit says so', async () => {
    const { ws, leads } = await workspaceWithLeads('concurrent');
    opened.push(ws);
    await concurrentReveals(ws, leads, 30);

    const owner = await ws.connect(ws.owner);
    const { rows } = await owner.query<{ distinct_prev: number; n: number }>(
      'SELECT count(DISTINCT prev_hash)::int AS distinct_prev, count(*)::int AS n FROM reveal_audit',
    );
    expect(rows[0]).toEqual({ distinct_prev: 30, n: 30 });

    const result = await verifyAs(leads[0]!);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('Audit chain intact: 30 entries (seq 1 to 30), from the first entry.\n');
    expect(result.code).toBe(0);
  });

  it('the verifier and the database hash the same text, whatever the entry holds (accents, line breaks, escapes, no ticket)', async () => {
    const { ws, leads } = await workspaceWithLeads('texts');
    opened.push(ws);
    const lead = await ws.connect(leads[0]!);
    await reveal(lead, 'Cliente pediu confirmação do e-mail\nlinha 2\t\u001b[2J', null);
    await reveal(lead, '5:abc;', '');
    const result = await verifyAs(leads[1]!);
    expect(result.stdout).toContain('Audit chain intact: 2 entries');
    expect(result.code).toBe(0);
  });

  it('names an entry the superuser rewrote in place (its content no longer matches its hash) and exits 1', async () => {
    const { ws, leads } = await workspaceWithLeads('rewritten');
    opened.push(ws);
    await concurrentReveals(ws, leads, 6);
    const su = await ws.connect('superuser');
    await su.query('ALTER TABLE reveal_audit DISABLE TRIGGER reveal_audit_insert_only');
    await su.query(`UPDATE reveal_audit SET reason = 'routine check' WHERE seq = 4`);

    const result = await verifyAs(leads[0]!);
    expect(result.code).toBe(EXIT_AUDIT_BROKEN);
    expect(result.stdout).toMatch(/^Audit chain BROKEN: entry seq 4 was changed after it was written/);
    expect(result.stdout).toContain('3 entries before it verified, from the first entry.');
  });

  it('names the entry after one the superuser deleted, and the entry after one rewritten with a recomputed hash', async () => {
    const { ws, leads } = await workspaceWithLeads('deleted');
    opened.push(ws);
    await concurrentReveals(ws, leads, 8);
    const su = await ws.connect('superuser');
    await su.query('ALTER TABLE reveal_audit DISABLE TRIGGER reveal_audit_insert_only');
    await su.query('DELETE FROM reveal_audit WHERE seq = 3');
    const deleted = await verifyAs(leads[0]!);
    expect(deleted.code).toBe(EXIT_AUDIT_BROKEN);
    expect(deleted.stdout).toMatch(
      /^Audit chain BROKEN: entry seq 4 does not follow entry seq 2: its prev_hash is [0-9a-f]{64}, but that entry's hash is [0-9a-f]{64}/,
    );

    // A careful forger recomputes the rewritten entry's own hash: the next link still gives it away.
    await su.query(`UPDATE reveal_audit SET reason = 'routine check' WHERE seq = 1`);
    await su.query(
      `UPDATE reveal_audit SET hash = encode(sha256(convert_to(reveal_audit_canonical(r.*), 'UTF8')), 'hex')
       FROM reveal_audit r WHERE r.seq = 1 AND reveal_audit.seq = 1`,
    );
    const rehashed = await verifyAs(leads[0]!);
    expect(rehashed.stdout).toMatch(/^Audit chain BROKEN: entry seq 2 does not follow entry seq 1/);
    expect(rehashed.code).toBe(EXIT_AUDIT_BROKEN);
  });

  it('names the removal of the newest entries (the walk ends before the head the database recorded)', async () => {
    const { ws, leads } = await workspaceWithLeads('tail');
    opened.push(ws);
    await concurrentReveals(ws, leads, 8);
    const su = await ws.connect('superuser');
    await su.query('ALTER TABLE reveal_audit DISABLE TRIGGER reveal_audit_insert_only');
    await su.query('DELETE FROM reveal_audit WHERE seq > 6');
    const result = await verifyAs(leads[0]!);
    expect(result.code).toBe(EXIT_AUDIT_BROKEN);
    expect(result.stdout).toMatch(
      /^Audit chain BROKEN: the trail ends at seq 6, but the database recorded entry seq 8 as its newest/,
    );
  });

  it('a reveal retried with the same client id (ON CONFLICT DO NOTHING) is stored once and the chain still holds', async () => {
    const { ws, leads } = await workspaceWithLeads('retried');
    opened.push(ws);
    const lead = await ws.connect(leads[0]!);
    const clientId = randomUUID();
    const write = () =>
      lead.query(
        `INSERT INTO reveal_audit (client_id, transaction_id, merchant_id, terminal_id, field, reason)
         VALUES ($1, 'tx-1', 'M1', 'T1', 'email', 'asked') ON CONFLICT (client_id) DO NOTHING`,
        [clientId],
      );
    expect((await write()).rowCount).toBe(1);
    expect((await write()).rowCount).toBe(0);
    await reveal(lead);
    // Several entries in one statement chain one after the other, too.
    await lead.query(
      `INSERT INTO reveal_audit (client_id, transaction_id, merchant_id, terminal_id, field, reason)
       VALUES ($1, 'tx-1', 'M1', 'T1', 'phone', 'a'), ($2, 'tx-1', 'M1', 'T1', 'name', 'b')`,
      [randomUUID(), randomUUID()],
    );
    const result = await verifyAs(leads[1]!);
    expect(result.stdout).toMatch(/^Audit chain intact: 4 entries/);
    expect(result.code).toBe(0);
  });

  it('an agent cannot hold up reveals: the writers’ lock is a row only the owner can lock, not an advisory lock anyone can take', async () => {
    const { ws, leads } = await workspaceWithLeads('blocker');
    opened.push(ws);
    const agent = await ws.connect(await ws.addPerson('blocker_alice', 'agent', [{ merchantId: 'M1' }]));
    await expect(agent.query('SELECT * FROM reveal_audit_head FOR UPDATE')).rejects.toThrow(/permission denied/);
    // Every advisory lock key an agent could guess, held in an open transaction…
    await agent.query('BEGIN');
    await agent.query(`SELECT pg_advisory_xact_lock(hashtext('gateway-console.reveal_audit'))`);
    // …does not stop a lead's reveal.
    const lead = await ws.connect(leads[0]!);
    await lead.query(`SET statement_timeout = '3s'`);
    await reveal(lead);
    await agent.query('ROLLBACK');
    expect((await verifyAs(leads[0]!)).code).toBe(0);
  });

  it('a hash the superuser filled with terminal escapes is printed inert (the verifier prints database text)', async () => {
    const { ws, leads } = await workspaceWithLeads('hostile');
    opened.push(ws);
    await concurrentReveals(ws, leads, 2);
    const su = await ws.connect('superuser');
    await su.query('ALTER TABLE reveal_audit DISABLE TRIGGER reveal_audit_insert_only');
    await su.query(
      `UPDATE reveal_audit SET hash = E'\\u001b]52;c;cHduZWQ=\\u0007\\u001b[2J\\nAudit chain intact' WHERE seq = 2`,
    );
    const result = await verifyAs(leads[0]!);
    expect(result.code).toBe(EXIT_AUDIT_BROKEN);
    expect(result.stdout).toMatch(/^Audit chain BROKEN: entry seq 2 was changed after it was written/);
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    expect(result.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(result.stdout.split('\n').filter((line) => line.startsWith('Audit chain intact'))).toEqual([]);
  });

  it('an agent cannot run the verifier (the trail is not theirs to read): exit 3 and says who can', async () => {
    const ws = await createTestWorkspace(cluster, 'agentverify');
    opened.push(ws);
    const agent = await ws.addPerson('agentverify_alice', 'agent', [{ merchantId: 'M1' }]);
    const result = await verifyAs(agent);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('only leads and admins can read the audit trail');
    expect(result.stderr).not.toContain(agent.password);
  });

  it('retention: the owner purges entries older than 12 months; the chain still verifies from the checkpoint', async () => {
    const { ws, leads } = await workspaceWithLeads('retention');
    opened.push(ws);
    await concurrentReveals(ws, leads, 5);
    // Age the trail by 13 months, rebuilding the chain as the database would have written it back then.
    const su = await ws.connect('superuser');
    await su.query('ALTER TABLE reveal_audit DISABLE TRIGGER reveal_audit_insert_only');
    await su.query(`UPDATE reveal_audit SET at = at - interval '13 months'`);
    const { rows } = await su.query<AuditEntryText>(
      `SELECT seq::text AS seq, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, actor::text AS actor,
              client_id::text AS client_id, transaction_id, merchant_id, terminal_id, field, reason, ticket, prev_hash, hash
       FROM reveal_audit ORDER BY reveal_audit.seq`,
    );
    let prev = GENESIS_HASH;
    for (const row of rows) {
      const hash = auditEntryHash({ ...row, prev_hash: prev });
      await su.query('UPDATE reveal_audit SET prev_hash = $1, hash = $2 WHERE seq = $3', [prev, hash, row.seq]);
      prev = hash;
    }
    await su.query('UPDATE reveal_audit_head SET last_hash = $1', [prev]);
    await su.query('ALTER TABLE reveal_audit ENABLE TRIGGER reveal_audit_insert_only');
    expect((await verifyAs(leads[0]!)).code).toBe(0);
    await reveal(await ws.connect(leads[1]!)); // a recent entry, seq 6

    const owner = await ws.connect(ws.owner);
    const purged = await owner.query<{ n: string }>('SELECT purge_reveal_audit(now()) AS n');
    expect(purged.rows[0]!.n).toBe('5');
    const left = await owner.query<{ seq: string }>('SELECT seq::text FROM reveal_audit');
    expect(left.rows.map((r) => r.seq)).toEqual(['6']);

    const result = await verifyAs(leads[0]!);
    expect(result.stdout).toBe(
      'Audit chain intact: 1 entries (seq 6 to 6), from the retention checkpoint after seq 5.\n',
    );
    expect(result.code).toBe(0);
  });
});
