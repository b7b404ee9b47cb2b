/**
 * Reveals decided by the workspace's database, and the lead's audit trail read in the console (issue 30),
 * against a real throwaway PostgreSQL cluster. Each console connects as its own login: the refusals come
 * from the database's grants, not from a check in the console.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../../src-shared/csv';
import type { Result } from '../../../src-shared/result';
import { startCore } from '../core/harness';
import { orderA } from '../gateway/fixtures';
import {
  closeConsolesAndDb,
  startTeamWorkspaceDb,
  teamConfigFor,
  type TeamWorkspaceDb,
} from '../../support/team-workspace-db';

type Harness = Awaited<ReturnType<typeof startCore>>;

let db: TeamWorkspaceDb;
let alicePw: string;
let lenaPw: string;
const consoles: Harness[] = [];

async function consoleAs(login: string, password: string, url = db.urlFor(login)): Promise<Harness> {
  const harness = await startCore({ team: { backoff: { first: 100, max: 400 } } });
  consoles.push(harness);
  await harness.call('team.configure', teamConfigFor(db, login, password, url));
  return harness;
}

/** An order this console created, with a customer e-mail main keeps in clear (only those can be revealed). */
async function orderWithCustomer(harness: Harness, email: string): Promise<string> {
  const order = { ...orderA(), customer: { customerInfo: { customerEmail: email } } };
  return (await harness.call('orders.create', { profileId: 'sandbox-a', order })).exchange.transactionID as string;
}

type RevealAnswer = Result<{ value: string; workspaceEntry?: { seq: string; at: string; hash: string } }>;
const reveal = (harness: Harness, transactionId: string, reason: string) =>
  harness.core.dispatch('support.reveal', {
    profileId: 'sandbox-a',
    transactionId,
    field: 'email',
    reason,
  }) as Promise<RevealAnswer>;

const auditRows = () =>
  db.sql<{ seq: string; actor: string; transaction_id: string; reason: string; hash: string }>(
    'SELECT seq::text AS seq, actor, transaction_id, reason, hash FROM reveal_audit ORDER BY seq',
  );

beforeAll(async () => {
  db = await startTeamWorkspaceDb();
  alicePw = await db.addLogin('alice', 'agent');
  lenaPw = await db.addLogin('lena', 'lead');
}, 60_000);

afterAll(() => closeConsolesAndDb(consoles, db));

describe('team workspace reveals: the database decides', () => {
  let lena: Harness;
  let alice: Harness;
  const revealed: string[] = [];

  beforeAll(async () => {
    lena = await consoleAs('lena', lenaPw);
    alice = await consoleAs('alice', alicePw);
  }, 30_000);

  it('a lead’s reveal is written to the workspace first (its own seq, time and hash), then the value is shown', async () => {
    const transactionId = await orderWithCustomer(lena, 'lead-reveal@example.pt');
    const answer = await reveal(lena, transactionId, 'ZD-7: customer asks which address got the receipt');
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.value.value).toBe('lead-reveal@example.pt');
    const rows = await auditRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor: 'lena', transaction_id: transactionId });
    expect(answer.value.workspaceEntry).toEqual({
      seq: rows[0]!.seq,
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
      hash: rows[0]!.hash,
    });
    // Never queued: nothing waits in the outbox, nothing is "held".
    expect((await lena.call('team.status')).problem).toBeNull();
    expect((await lena.call('support.auditLog')).entries).toHaveLength(1);
    revealed.push(transactionId);
  }, 30_000);

  it('an agent’s reveal is refused by the database (no INSERT on the audit trail): no value, no local entry, nothing queued', async () => {
    const transactionId = await orderWithCustomer(alice, 'agent-reveal@example.pt');
    const answer = await reveal(alice, transactionId, 'ZD-8: just curious');
    expect(answer).toMatchObject({
      ok: false,
      error: {
        code: 'team-reveal-not-allowed',
        message: expect.stringMatching(/only leads may reveal/),
        details: { sqlState: '42501' },
      },
    });
    expect(JSON.stringify(answer)).not.toContain('agent-reveal@example.pt');
    expect((await alice.call('support.auditLog')).entries).toEqual([]);
    expect((await auditRows()).map((row) => row.actor)).toEqual(['lena']);
    await expect.poll(async () => (await alice.call('team.status')).notShared, { timeout: 10_000 }).toBe(0);
    expect((await alice.call('team.status')).problem).toBeNull();
  }, 30_000);

  it('a workspace that cannot be reached refuses the reveal: never shown without its audit entry', async () => {
    const closed = await freePort();
    const offline = await consoleAs('lena', lenaPw, `postgres://lena@127.0.0.1:${closed}/desk`);
    expect((await offline.call('team.status')).state).toBe('offline');
    const transactionId = await orderWithCustomer(offline, 'offline-reveal@example.pt');
    const answer = await reveal(offline, transactionId, 'ZD-9: customer on the phone');
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'team-reveal-unreachable', message: expect.stringMatching(/nothing was revealed/) },
    });
    expect(JSON.stringify(answer)).not.toContain('offline-reveal@example.pt');
    expect((await offline.call('support.auditLog')).entries).toEqual([]);
    const outbox = await readFile(join(offline.userDataDir, 'team-outbox.jsonl'), 'utf8').catch(() => '');
    expect(outbox).not.toContain('"reveal"');
  }, 30_000);

  it('with no workspace configured, a reveal is local as before', async () => {
    const alone = await startCore();
    consoles.push(alone);
    const transactionId = await orderWithCustomer(alone, 'alone-reveal@example.pt');
    const answer = await reveal(alone, transactionId, 'ZD-10');
    expect(answer).toMatchObject({ ok: true, value: { value: 'alone-reveal@example.pt' } });
    expect(answer.ok && answer.value.workspaceEntry).toBeUndefined();
  });

  describe('the lead’s audit trail', () => {
    beforeAll(async () => {
      // Three more reveals: a hostile reason (a formula), another transaction, an e-mail in the reason.
      const second = await orderWithCustomer(lena, 'second@example.pt');
      for (const [id, reason] of [
        [revealed[0]!, '=HYPERLINK("http://evil.example","click"), for ZD-11'],
        [second, 'ZD-12; customer disputes'],
        [second, 'ZD-13 asked by bob@example.com'],
      ] as const)
        expect((await reveal(lena, id, reason)).ok).toBe(true);
      revealed.push(second);
    }, 30_000);

    it('a lead pages it newest first and filters by transaction, actor and day', async () => {
      const all = await lena.call('team.auditTrail', { filter: {} });
      expect(all.entries.map((entry: { seq: string }) => Number(entry.seq))).toEqual([4, 3, 2, 1]);
      expect(all.nextBeforeSeq).toBeNull();
      // An e-mail typed into a reason never reaches the workspace in clear.
      expect(all.entries[0].reason).not.toContain('bob@example.com');
      const first = await lena.call('team.auditTrail', { filter: {}, limit: 3 });
      expect(first.entries.map((entry: { seq: string }) => entry.seq)).toEqual(['4', '3', '2']);
      const next = await lena.call('team.auditTrail', { filter: {}, limit: 3, beforeSeq: first.nextBeforeSeq });
      expect(next).toEqual({ entries: [expect.objectContaining({ seq: '1', actor: 'lena' })], nextBeforeSeq: null });
      const byTransaction = await lena.call('team.auditTrail', { filter: { transactionId: revealed[1] } });
      expect(byTransaction.entries.map((entry: { seq: string }) => entry.seq)).toEqual(['4', '3']);
      expect((await lena.call('team.auditTrail', { filter: { actor: 'alice' } })).entries).toEqual([]);
      const today = new Date().toISOString().slice(0, 10);
      expect((await lena.call('team.auditTrail', { filter: { from: today, to: today } })).entries).toHaveLength(4);
      expect((await lena.call('team.auditTrail', { filter: { to: '2020-01-01' } })).entries).toEqual([]);
    });

    it('a lead exports it as CSV (formulas defused) and JSON', async () => {
      const csv = await lena.call('team.exportAudit', { filter: {}, format: 'csv' });
      expect(csv.fileName).toMatch(/^team-audit-trail-.*\.csv$/);
      const records = parseCsv(csv.text);
      expect(records[0]).toEqual(expect.arrayContaining(['seq', 'at', 'actor', 'transactionId', 'reason', 'hash']));
      const reasonColumn = records[0]!.indexOf('reason');
      const hostile = records.find((record) => record[reasonColumn]!.includes('HYPERLINK'))!;
      expect(hostile[reasonColumn]!.startsWith("'=")).toBe(true);
      expect(records).toHaveLength(5);
      const json = await lena.call('team.exportAudit', { filter: { transactionId: revealed[1] }, format: 'json' });
      const parsed = JSON.parse(json.text) as { entries: Array<{ seq: string; hash: string }> };
      expect(parsed.entries.map((entry) => entry.seq)).toEqual(['4', '3']);
      expect(parsed.entries[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
    });

    it('an agent is refused by the database: "only leads may read the audit trail"', async () => {
      for (const [method, input] of [
        ['team.auditTrail', { filter: {} }],
        ['team.verifyAudit', undefined],
        ['team.exportAudit', { filter: {}, format: 'csv' }],
      ] as const)
        expect(await alice.core.dispatch(method, input)).toMatchObject({
          ok: false,
          error: {
            code: 'team-audit-leads-only',
            message: expect.stringMatching(/Only leads may read the audit trail/),
            details: { sqlState: '42501' },
          },
        });
    });

    it('the chain verifies, and a changed entry is named as the first broken link', async () => {
      expect(await lena.call('team.verifyAudit')).toEqual({ entries: 4, firstSeq: '1', lastSeq: '4', broken: null });
      // Only a superuser can do this (the trigger refuses everyone else).
      await db.sql('ALTER TABLE reveal_audit DISABLE TRIGGER reveal_audit_insert_only');
      await db.sql(`UPDATE reveal_audit SET reason = 'routine check' WHERE seq = 2`);
      await db.sql('ALTER TABLE reveal_audit ENABLE TRIGGER reveal_audit_insert_only');
      expect(await lena.call('team.verifyAudit')).toMatchObject({
        entries: 1,
        broken: { seq: '2', text: { id: 'teamAuditBrokenContent', params: { seq: '2' } } },
      });
    });
  });
});

/** A loopback port nothing listens on. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
