/**
 * The team workspace's rules are the database's: each test connects as a person's own login role (a member
 * of gc_agent, gc_lead or gc_admin) and attempts what that role must not do. No console code in between —
 * a modified console, psql or any other client meets exactly these refusals.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startThrowawayCluster, type ThrowawayCluster } from '../../support/pg-cluster';
import { createTestWorkspace, type Login, type TestWorkspace } from '../../support/team-workspace';

let cluster: ThrowawayCluster;
let ws: TestWorkspace;
let alice: Login; // agent, merchant M1 (every terminal)
let bob: Login; // agent, merchant M2, terminal T2a only
let lena: Login; // lead, merchant M1
let adam: Login; // admin, merchant M1
let owner: pg.Client;

const tx = (transactionId: string, merchantId: string, terminalId: string) => ({
  transactionId,
  merchantId,
  terminalId,
});
const M1_TX = tx('tx-m1-1', 'M1', 'T1');
const M2A_TX = tx('tx-m2-a', 'M2', 'T2a');
const M2B_TX = tx('tx-m2-b', 'M2', 'T2b');

async function insertTransaction(client: pg.Client, t: ReturnType<typeof tx>) {
  return client.query(
    `INSERT INTO transactions (transaction_id, merchant_id, terminal_id, merchant_transaction_id, status, environment)
     VALUES ($1, $2, $3, $4, 'Success', 'test')`,
    [t.transactionId, t.merchantId, t.terminalId, `order-${t.transactionId}`],
  );
}
async function insertNote(client: pg.Client, t: ReturnType<typeof tx>, body: string, clientId = randomUUID()) {
  return client.query(
    `INSERT INTO case_notes (client_id, transaction_id, merchant_id, terminal_id, ticket, body)
     VALUES ($1, $2, $3, $4, 'TICKET-1', $5) RETURNING id, author, created_at`,
    [clientId, t.transactionId, t.merchantId, t.terminalId, body],
  );
}
async function insertReveal(client: pg.Client, t: ReturnType<typeof tx>) {
  return client.query(
    `INSERT INTO reveal_audit (client_id, transaction_id, merchant_id, terminal_id, field, reason, ticket)
     VALUES ($1, $2, $3, $4, 'email', 'customer asked to confirm', 'TICKET-1') RETURNING seq, actor`,
    [randomUUID(), t.transactionId, t.merchantId, t.terminalId],
  );
}
const as = (login: Login) => ws.connect(login);

beforeAll(async () => {
  cluster = await startThrowawayCluster();
  ws = await createTestWorkspace(cluster, 'roles');
  alice = await ws.addPerson('alice', 'agent', [{ merchantId: 'M1' }]);
  bob = await ws.addPerson('bob', 'agent', [{ merchantId: 'M2', terminalId: 'T2a' }]);
  lena = await ws.addPerson('lena', 'lead', [{ merchantId: 'M1' }]);
  adam = await ws.addPerson('adam', 'admin', [{ merchantId: 'M1' }]);
  owner = await ws.connect(ws.owner);
  for (const t of [M1_TX, M2A_TX, M2B_TX]) await insertTransaction(owner, t);
  await insertNote(await as(alice), M1_TX, 'Customer called about the refund.');
  await insertReveal(await as(lena), M1_TX);
}, 90_000);

afterAll(async () => {
  await ws?.close();
  await cluster?.stop();
});

describe('agent', () => {
  it('cannot read the reveal audit trail or its retention checkpoints', async () => {
    const client = await as(alice);
    await expect(client.query('SELECT * FROM reveal_audit')).rejects.toThrow(
      /permission denied for table reveal_audit/,
    );
    await expect(client.query('SELECT * FROM reveal_audit_checkpoints')).rejects.toThrow(/permission denied/);
  });

  it('cannot write a reveal entry (only leads reveal)', async () => {
    await expect(insertReveal(await as(alice), M1_TX)).rejects.toThrow(/permission denied for table reveal_audit/);
  });

  it('cannot update, delete or truncate a case note, not even their own, and the note is unchanged', async () => {
    const client = await as(alice);
    await expect(client.query(`UPDATE case_notes SET body = 'Nothing happened.'`)).rejects.toThrow(
      /permission denied for table case_notes/,
    );
    await expect(client.query('DELETE FROM case_notes')).rejects.toThrow(/permission denied for table case_notes/);
    await expect(client.query('TRUNCATE case_notes')).rejects.toThrow(/permission denied for table case_notes/);
    const { rows } = await owner.query<{ body: string }>(`SELECT body FROM case_notes WHERE author = 'alice'`);
    expect(rows.map((r) => r.body)).toContain('Customer called about the refund.');
  });

  it("cannot see another merchant's transactions, nor write or move rows into its scope", async () => {
    const client = await as(alice);
    const all = await client.query<{ transaction_id: string }>('SELECT transaction_id FROM transactions');
    expect(all.rows.map((r) => r.transaction_id)).toEqual(['tx-m1-1']);
    const byId = await client.query('SELECT * FROM transactions WHERE transaction_id = $1', [M2A_TX.transactionId]);
    expect(byId.rowCount).toBe(0);

    await expect(insertTransaction(client, tx('tx-forged', 'M2', 'T2a'))).rejects.toThrow(/row-level security/);
    const changed = await client.query(`UPDATE transactions SET status = 'Declined' WHERE merchant_id = 'M2'`);
    expect(changed.rowCount).toBe(0);
    await expect(
      client.query(`UPDATE transactions SET merchant_id = 'M2' WHERE transaction_id = $1`, [M1_TX.transactionId]),
    ).rejects.toThrow(/row-level security/);
    const { rows } = await owner.query(`SELECT status FROM transactions WHERE merchant_id = 'M2'`);
    expect(rows.every((r: { status: string }) => r.status === 'Success')).toBe(true);
  });

  it("scoped to one terminal, does not see the merchant's other terminals nor note on them", async () => {
    const client = await as(bob);
    const { rows } = await client.query<{ transaction_id: string }>('SELECT transaction_id FROM transactions');
    expect(rows.map((r) => r.transaction_id)).toEqual(['tx-m2-a']);
    await expect(insertNote(client, M2B_TX, 'sneaky')).rejects.toThrow(/row-level security/);
    // Nor another merchant's notes and lookups.
    const notes = await client.query('SELECT * FROM case_notes');
    expect(notes.rowCount).toBe(0);
  });

  it('cannot widen their own scope, read the others, or become a lead with SET ROLE', async () => {
    const client = await as(alice);
    await expect(client.query(`INSERT INTO memberships (member, merchant_id) VALUES ('alice', 'M2')`)).rejects.toThrow(
      /permission denied for table memberships/,
    );
    const { rows } = await client.query<{ member: string }>('SELECT member FROM memberships');
    expect(new Set(rows.map((r) => r.member))).toEqual(new Set(['alice']));
    await expect(client.query('SET ROLE gc_lead')).rejects.toThrow(/permission denied to set role/);
  });

  it('forged author and created_at on a note or lookup are overridden by the database', async () => {
    const client = await as(alice);
    const note = await client.query<{ author: string; created_at: Date; db_now: Date }>(
      `INSERT INTO case_notes (client_id, transaction_id, merchant_id, terminal_id, body, author, created_at)
       VALUES ($1, $2, 'M1', 'T1', 'Told the customer it is refunded.', 'lena', '2001-01-01T00:00:00Z')
       RETURNING author, created_at, now() AS db_now`,
      [randomUUID(), M1_TX.transactionId],
    );
    expect(note.rows[0]!.author).toBe('alice');
    expect(Math.abs(note.rows[0]!.created_at.getTime() - note.rows[0]!.db_now.getTime())).toBeLessThan(60_000);

    const lookup = await client.query<{ author: string; created_at: Date }>(
      `INSERT INTO lookups (client_id, transaction_id, merchant_id, terminal_id, author, created_at)
       VALUES ($1, $2, 'M1', 'T1', 'adam', '2001-01-01T00:00:00Z') RETURNING author, created_at`,
      [randomUUID(), M1_TX.transactionId],
    );
    expect(lookup.rows[0]!.author).toBe('alice');
    expect(lookup.rows[0]!.created_at.getUTCFullYear()).toBeGreaterThan(2001);
  });

  it('a note retried with the same client id is stored once', async () => {
    const client = await as(alice);
    const clientId = randomUUID();
    await insertNote(client, M1_TX, 'Once.', clientId);
    await expect(insertNote(client, M1_TX, 'Once.', clientId)).rejects.toThrow(/duplicate key/);
    const retried = await client.query(
      `INSERT INTO case_notes (client_id, transaction_id, merchant_id, terminal_id, body)
       VALUES ($1, $2, 'M1', 'T1', 'Once.') ON CONFLICT (client_id) DO NOTHING`,
      [clientId, M1_TX.transactionId],
    );
    expect(retried.rowCount).toBe(0);
    const { rows } = await owner.query('SELECT count(*)::int AS n FROM case_notes WHERE client_id = $1', [clientId]);
    expect(rows[0].n).toBe(1);
  });

  it("sees a colleague's lookups and notes in scope, with the colleague's name", async () => {
    await (
      await as(lena)
    ).query(`INSERT INTO lookups (client_id, transaction_id, merchant_id, terminal_id) VALUES ($1, $2, 'M1', 'T1')`, [
      randomUUID(),
      M1_TX.transactionId,
    ]);
    const { rows } = await (await as(alice)).query<{ author: string }>('SELECT author FROM lookups');
    expect(rows.map((r) => r.author)).toContain('lena');
  });
});

describe('lead', () => {
  it('reads the audit trail, and each entry carries the database’s actor, sequence and time', async () => {
    const client = await as(lena);
    const { rows } = await client.query<{ actor: string; seq: string; prev_hash: string }>(
      'SELECT actor, seq::text, prev_hash FROM reveal_audit ORDER BY seq',
    );
    expect(rows[0]).toMatchObject({ actor: 'lena', seq: '1', prev_hash: '0'.repeat(64) });
  });

  it('cannot forge the sequence, time, actor or hashes of a reveal entry', async () => {
    const client = await as(lena);
    for (const [column, value] of [
      ['seq', '999'],
      ['at', '2001-01-01T00:00:00Z'],
      ['actor', 'alice'],
      ['prev_hash', '0'.repeat(64)],
      ['hash', 'f'.repeat(64)],
    ]) {
      await expect(
        client.query(
          `INSERT INTO reveal_audit (client_id, transaction_id, merchant_id, terminal_id, field, reason, ${column})
           VALUES ($1, 'tx-m1-1', 'M1', 'T1', 'email', 'forged', $2)`,
          [randomUUID(), value],
        ),
      ).rejects.toThrow(/permission denied for table reveal_audit/);
    }
  });

  it('cannot write a reveal entry for a transaction outside their scope', async () => {
    await expect(insertReveal(await as(lena), M2A_TX)).rejects.toThrow(/row-level security/);
  });

  it('cannot update, delete or truncate audit entries', async () => {
    const client = await as(lena);
    await expect(client.query(`UPDATE reveal_audit SET reason = 'nothing to see'`)).rejects.toThrow(
      /permission denied for table reveal_audit/,
    );
    await expect(client.query('DELETE FROM reveal_audit')).rejects.toThrow(/permission denied for table reveal_audit/);
    await expect(client.query('TRUNCATE reveal_audit')).rejects.toThrow(/permission denied for table reveal_audit/);
  });

  it('cannot manage memberships', async () => {
    await expect(
      (await as(lena)).query(`INSERT INTO memberships (member, merchant_id) VALUES ('lena', 'M2')`),
    ).rejects.toThrow(/permission denied for table memberships/);
  });
});

describe('admin', () => {
  it('cannot update, delete or truncate audit entries either, nor run the retention purge', async () => {
    const client = await as(adam);
    await expect(client.query(`UPDATE reveal_audit SET reason = 'x'`)).rejects.toThrow(/permission denied/);
    await expect(client.query('DELETE FROM reveal_audit')).rejects.toThrow(/permission denied/);
    await expect(client.query('TRUNCATE reveal_audit')).rejects.toThrow(/permission denied/);
    await expect(client.query('SELECT purge_reveal_audit(now())')).rejects.toThrow(
      /permission denied for function purge_reveal_audit/,
    );
    const { rows } = await owner.query('SELECT count(*)::int AS n FROM reveal_audit');
    expect(rows[0].n).toBeGreaterThan(0);
  });

  it('manages memberships: a scope it grants is what the agent then sees', async () => {
    const admin = await as(adam);
    await admin.query(`INSERT INTO memberships (member, merchant_id, terminal_id) VALUES ('bob', 'M2', 'T2b')`);
    const { rows } = await (
      await as(bob)
    ).query<{ transaction_id: string }>('SELECT transaction_id FROM transactions ORDER BY transaction_id');
    expect(rows.map((r) => r.transaction_id)).toEqual(['tx-m2-a', 'tx-m2-b']);
    await admin.query(`DELETE FROM memberships WHERE member = 'bob' AND terminal_id = 'T2b'`);
    const after = await (await as(bob)).query('SELECT transaction_id FROM transactions');
    expect(after.rowCount).toBe(1);
  });
});

describe('table owner', () => {
  it('cannot rewrite or delete audit entries either; the retention purge keeps anything younger than 12 months', async () => {
    await expect(owner.query(`UPDATE reveal_audit SET reason = 'x'`)).rejects.toThrow(/insert-only: UPDATE is refused/);
    await expect(owner.query('DELETE FROM reveal_audit')).rejects.toThrow(/insert-only: DELETE is refused/);
    await expect(owner.query('TRUNCATE reveal_audit')).rejects.toThrow(/insert-only: TRUNCATE is refused/);
    const purged = await owner.query<{ n: string }>(`SELECT purge_reveal_audit(now() + interval '1 day') AS n`);
    expect(purged.rows[0]!.n).toBe('0');
  });
});
