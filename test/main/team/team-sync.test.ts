/**
 * The team workspace from main's side (issue 30), against a real throwaway PostgreSQL cluster: main shares
 * its record masked, queues every write in its outbox and applies it exactly once across a killed
 * database, and a note by one console reaches another within 2 s by LISTEN/NOTIFY.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore } from '../core/harness';
import { orderA } from '../gateway/fixtures';
import { startFaultServer } from '../../support/fault-server';
import type { ThrowawayCluster } from '../../support/pg-cluster';
import {
  closeConsolesAndDb,
  startTeamWorkspaceDb,
  TEAM_DB,
  TEAM_MERCHANT,
  type TeamWorkspaceDb,
} from '../../support/team-workspace-db';
import { killCluster, restartCluster, stopInPlace } from '../../support/pg-restart';
import { TEAM_OUTBOX_FILE } from '../../../src-main/team/outbox';
import { TEAM_WORKSPACE_FILE } from '../../../src-main/team/workspace-settings';

type Harness = Awaited<ReturnType<typeof startCore>>;

const CUSTOMER = {
  customerName: 'Ana Maria Silva',
  customerEmail: 'ana.silva@example.pt',
  customerPhone: '+351912345678',
};
const CARD = '4111111111111111';
const WEBHOOK_SECRET = Buffer.alloc(32, 0x6c).toString('base64');

let db: TeamWorkspaceDb;
let cluster: ThrowawayCluster;
let restarted = false;
let alicePw: string;
let brunoPw: string;
const consoles: Harness[] = [];
const sql = <T extends pg.QueryResultRow = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  db.sql<T>(text, values);

/** A console core configured for the workspace as `login`. */
async function consoleAs(login: string, password: string): Promise<Harness> {
  const harness = await startCore({ team: { backoff: { first: 100, max: 400 } } });
  consoles.push(harness);
  const status = await harness.call('team.configure', {
    url: db.urlFor(login),
    merchantId: TEAM_MERCHANT,
    tlsMode: 'disable',
    caPath: null,
    password,
  });
  expect(status.state).toBe('connected');
  return harness;
}

const status = (harness: Harness) => harness.call('team.status');
const allShared = (harness: Harness) =>
  expect.poll(async () => (await status(harness)).notShared, { timeout: 15_000, interval: 100 }).toBe(0);

const BEARER = 'live-token-never-test-0001';
const CLIENT_ID = 'live-client-never-test-01';
const SIGNATURE = 'SIGNATURE-never-shared-0001-abcdefghijklmnop';

/** A production profile whose gateway answers a create echoing the customer, the card and a signature. */
async function saveLiveProfile(harness: Harness, gatewayUrl: string): Promise<string> {
  const live = await harness.call('profiles.save', {
    settings: {
      name: 'Live shop',
      environment: 'production',
      baseUrl: gatewayUrl,
      terminalId: '1000001',
      variant: 'A',
    },
    secrets: { bearerToken: BEARER, clientId: CLIENT_ID, webhookSecret: WEBHOOK_SECRET },
    productionConfirmation: { profileName: 'Live shop' },
  });
  return live.id;
}

const hostileCreateAnswer = (transactionID: string) => ({
  returnStatus: { statusCode: '000', statusMsg: 'Success', statusDescription: `echo ${BEARER} ${CARD}` },
  transactionID,
  transactionSignature: SIGNATURE,
  paymentStatus: 'Pending',
  merchant: { terminalId: '1000001', merchantTransactionId: 'live-canary-1' },
  amount: { value: '12.50', currency: 'EUR' },
  customer: { customerInfo: CUSTOMER },
  paymentReference: { reference: '123 456 789', entity: '12345' },
});

beforeAll(async () => {
  db = await startTeamWorkspaceDb();
  cluster = db.cluster;
  alicePw = await db.addLogin('alice', 'agent');
  brunoPw = await db.addLogin('bruno', 'agent');
}, 60_000);

afterAll(() => closeConsolesAndDb(consoles, db, () => restarted && stopInPlace(cluster)));

describe('team workspace: no workspace configured', () => {
  it('team workspace off: with no workspace configured the console queues nothing and connects nowhere', async () => {
    const harness = await startCore();
    consoles.push(harness);
    await harness.call('orders.create', { profileId: 'sandbox-a', order: orderA('alone-1') });
    expect(await status(harness)).toMatchObject({ state: 'off', notShared: 0, url: null });
    expect(existsSync(join(harness.userDataDir, TEAM_OUTBOX_FILE))).toBe(false);
  });
});

describe('team workspace: sharing main’s record', () => {
  let alice: Harness;
  let liveId: string;
  let gateway: Awaited<ReturnType<typeof startFaultServer>>;
  const transactionId = 's2LIVECANARY00000001';

  beforeAll(async () => {
    alice = await consoleAs('alice', alicePw);
    gateway = await startFaultServer();
  }, 30_000);
  afterAll(() => gateway.close());

  it('team workspace canary: a production profile’s customer data, a card number, the bearer token, client id and webhook secret never reach the database', async () => {
    liveId = await saveLiveProfile(alice, gateway.url);
    const order = { ...orderA('live-canary-1'), customer: { customerInfo: CUSTOMER } };
    order.transaction.description = `Card ${CARD} paid by ${CUSTOMER.customerEmail}`;
    gateway.next({ kind: 'answer', status: 200, body: hostileCreateAnswer(transactionId) });
    const created = await alice.call('orders.create', {
      profileId: liveId,
      order,
      confirmation: { profileName: 'Live shop', amount: order.transaction.amount.value },
    });
    expect(created.exchange.transactionID).toBe(transactionId);
    gateway.next({ kind: 'answer', status: 200, body: hostileCreateAnswer(transactionId) });
    await alice.call('payments.status', { profileId: liveId, transactionId });
    await alice.call('support.addCaseNote', {
      transactionKey: transactionId,
      text: `Customer ${CUSTOMER.customerEmail} read card ${CARD} to me`,
      ticket: 'ZD-1',
    });
    await allShared(alice);
    // It was shared: the transaction is there, with its order id, masked e-mail and status.
    const [row] = await sql(`SELECT * FROM transactions WHERE transaction_id = $1`, [transactionId]);
    expect(row).toMatchObject({
      merchant_transaction_id: 'live-canary-1',
      merchant_id: 'M1',
      environment: 'production',
    });
    expect(row!.customer_email).toMatch(/^a•+@•+\.pt$/);
    expect(
      (await sql(`SELECT count(*)::int AS n FROM exchanges WHERE transaction_id = $1`, [transactionId]))[0]!.n,
    ).toBe(2);
    expect((await sql(`SELECT body FROM case_notes WHERE transaction_id = $1`, [transactionId]))[0]!.body).toContain(
      'read card',
    );
    const dump = cluster.tool('pg_dump', ['-h', cluster.host, '-p', String(cluster.port), '-U', 'postgres', TEAM_DB]);
    expect(dump).toContain(transactionId);
    for (const secret of [
      CUSTOMER.customerName,
      'Silva',
      CUSTOMER.customerEmail,
      '912345678',
      CARD,
      BEARER,
      CLIENT_ID,
      SIGNATURE,
      WEBHOOK_SECRET,
    ])
      expect(dump, `${secret} in the pg_dump`).not.toContain(secret);
  }, 60_000);

  it('team workspace QA sessions: an ended session and its evidence are shared, masked', async () => {
    const session = await alice.call('qa.startTestSession', {
      name: 'Live refunds',
      tester: 'alice',
      objective: `Check what ${CUSTOMER.customerEmail} was told`,
      profileId: liveId,
    });
    gateway.next({ kind: 'answer', status: 200, body: hostileCreateAnswer(transactionId) });
    await alice.call('payments.status', { profileId: liveId, transactionId });
    await alice.call('qa.setTestVerdict', {
      sessionId: session.id,
      key: transactionId,
      passed: true,
      note: `card ${CARD} declined first`,
    });
    await alice.call('qa.endTestSession');
    await allShared(alice);
    const [shared] = await sql<{ name: string; session: { verdicts: Array<{ key: string; passed: boolean }> } }>(
      `SELECT name, session FROM qa_sessions WHERE client_id = $1`,
      [session.id],
    );
    expect(shared).toMatchObject({ name: 'Live refunds' });
    expect(shared!.session.verdicts).toEqual([expect.objectContaining({ key: transactionId, passed: true })]);
    const evidence = await sql<{ evidence: { transactionId: string } }>(
      `SELECT evidence FROM qa_evidence WHERE session_client_id = $1`,
      [session.id],
    );
    expect(evidence.map((row) => row.evidence.transactionId)).toContain(transactionId);
    const dump = cluster.tool('pg_dump', ['-h', cluster.host, '-p', String(cluster.port), '-U', 'postgres', TEAM_DB]);
    for (const secret of [CUSTOMER.customerEmail, CUSTOMER.customerName, CARD, BEARER, CLIENT_ID, SIGNATURE])
      expect(dump, `${secret} in the pg_dump`).not.toContain(secret);
  }, 30_000);

  it('team workspace settings: a refused change (a password in the address, verify-full without a CA) keeps the saved workspace connected', async () => {
    const before = await status(alice);
    for (const [change, code] of [
      [
        { url: 'postgres://alice:leaked-pw-123@127.0.0.1:5432/desk', tlsMode: 'disable', caPath: null },
        'team-url-password',
      ],
      [{ url: db.urlFor('alice'), tlsMode: 'verify-full', caPath: null }, 'team-ca-missing'],
    ] as const) {
      const result = await alice.core.dispatch('team.configure', {
        ...change,
        merchantId: TEAM_MERCHANT,
        password: null,
      });
      expect(result).toMatchObject({ ok: false, error: { code } });
      expect(JSON.stringify(result)).not.toContain('leaked-pw-123');
    }
    expect(await status(alice)).toMatchObject({
      state: 'connected',
      url: before.url,
      tlsMode: 'disable',
      hasPassword: true,
    });
    expect(await readFile(join(alice.userDataDir, TEAM_WORKSPACE_FILE), 'utf8')).not.toContain('leaked');
  });

  it('team workspace first sync: what main recorded before the workspace was configured is shared once it is', async () => {
    const early = await startCore({ team: { backoff: { first: 100, max: 400 } } });
    consoles.push(early);
    const created = await early.call('orders.create', { profileId: 'sandbox-a', order: orderA('before-workspace-1') });
    const earlyId = created.exchange.transactionID as string;
    expect(await sql(`SELECT 1 FROM transactions WHERE transaction_id = $1`, [earlyId])).toHaveLength(0);
    await early.call('team.configure', {
      url: db.urlFor('bruno'),
      merchantId: TEAM_MERCHANT,
      tlsMode: 'disable',
      caPath: null,
      password: brunoPw,
    });
    await expect
      .poll(async () => sql(`SELECT merchant_transaction_id FROM transactions WHERE transaction_id = $1`, [earlyId]), {
        timeout: 10_000,
      })
      .toEqual([{ merchant_transaction_id: 'before-workspace-1' }]);
  }, 30_000);

  it('team workspace search: a shared transaction is found by transactionID, order id and ticket, with who noted and looked it up', async () => {
    for (const query of [transactionId, 'live-canary-1', 'ZD-1', '123456789']) {
      const found = await alice.call('team.search', { query, ticket: 'ZD-2' });
      expect(found.transactions.map((t: { transactionId: string }) => t.transactionId)).toEqual([transactionId]);
    }
    await allShared(alice);
    const [again] = (await alice.call('team.search', { query: transactionId })).transactions;
    expect(again.notes).toEqual([expect.objectContaining({ author: 'alice', ticket: 'ZD-1' })]);
    expect(again.lookups.length).toBeGreaterThanOrEqual(3);
    expect(again.lookups[0]).toMatchObject({ who: 'alice', ticket: 'ZD-2' });
  }, 30_000);

  it('team workspace search by e-mail: only where the profile allows it in clear (a Sandbox order yes, a production one never)', async () => {
    const sandboxOrder = {
      ...orderA('sandbox-mail-1'),
      customer: { customerInfo: { customerEmail: 'rui.costa@example.pt' } },
    };
    const created = await alice.call('orders.create', { profileId: 'sandbox-a', order: sandboxOrder });
    await allShared(alice);
    const byMail = await alice.call('team.search', { query: 'Rui.Costa@example.pt' });
    expect(byMail.transactions.map((t: { transactionId: string }) => t.transactionId)).toEqual([
      created.exchange.transactionID,
    ]);
    expect(byMail.transactions[0].email).toBe('rui.costa@example.pt');
    expect((await alice.call('team.search', { query: CUSTOMER.customerEmail })).transactions).toEqual([]);
  }, 30_000);

  it('team workspace live: a note by one console appears in another’s within 2 s (LISTEN/NOTIFY)', async () => {
    const bruno = await consoleAs('bruno', brunoPw);
    const started = Date.now();
    await alice.call('support.addCaseNote', {
      transactionKey: transactionId,
      text: 'Refund promised by Friday',
      ticket: '',
    });
    await expect
      .poll(
        () =>
          bruno.events.find(
            (event) =>
              event.name === 'team.activity' &&
              (event.payload as { text: string }).text === 'Refund promised by Friday',
          )?.payload,
        { timeout: 2_000, interval: 25 },
      )
      .toMatchObject({ kind: 'note', who: 'alice', subject: transactionId });
    expect(Date.now() - started).toBeLessThan(2_000);
  }, 30_000);

  it('team workspace restart: what was queued while disconnected is shared by the console after a restart', async () => {
    const first = await consoleAs('bruno', brunoPw);
    await first.call('team.disconnect');
    await first.call('support.addCaseNote', {
      transactionKey: transactionId,
      text: 'queued before a restart',
      ticket: '',
    });
    expect(await status(first)).toMatchObject({ state: 'offline', notShared: 1 });
    await first.close();
    consoles.splice(consoles.indexOf(first), 1);
    const again = await startCore({ userDataDir: first.userDataDir, credentials: first.credentials });
    consoles.push(again);
    await allShared(again);
    expect(await sql(`SELECT author FROM case_notes WHERE body = 'queued before a restart'`)).toEqual([
      { author: 'bruno' },
    ]);
  }, 30_000);

  it('team workspace as an attacker: forged NOTIFY payloads and another merchant’s notes never reach a console', async () => {
    // Mallory works for another merchant; anyone who can connect can NOTIFY on the channel.
    const malloryPw = await db.addLogin('mallory', 'agent', 'M2');
    const watcher = await consoleAs('bruno', brunoPw);
    const outsider = await startCore({ team: { backoff: { first: 100, max: 400 } } });
    consoles.push(outsider);
    await outsider.call('team.configure', {
      url: db.urlFor('mallory'),
      merchantId: 'M2',
      tlsMode: 'disable',
      caPath: null,
      password: malloryPw,
    });
    const mallory = new pg.Client({ connectionString: cluster.urlFor('mallory', malloryPw, TEAM_DB) });
    await mallory.connect();
    try {
      const [note] = await sql<{ id: number }>(`SELECT id FROM case_notes ORDER BY id LIMIT 1`);
      for (const payload of [
        'not json',
        '{"table":"reveal_audit","id":1}',
        '{"table":"memberships","id":1}',
        `{"table":"case_notes","id":${note!.id},"__proto__":{"polluted":true}}`,
        '{"table":"case_notes","id":"1 OR 1=1"}',
      ])
        await mallory.query(`SELECT pg_notify('team_activity', $1)`, [payload]);
      await alice.call('support.addCaseNote', { transactionKey: transactionId, text: 'Only for M1 eyes', ticket: '' });
      // The watcher in scope sees the real note…
      await expect
        .poll(
          () =>
            watcher.events.some((e) => e.name === 'team.activity' && JSON.stringify(e.payload).includes('Only for M1')),
          {
            timeout: 2_000,
          },
        )
        .toBe(true);
      // …and nothing forged: every activity it got is a real note or lookup of merchant M1.
      const got = watcher.events.filter((e) => e.name === 'team.activity').map((e) => e.payload as { subject: string });
      expect(got.every((activity) => activity.subject === transactionId)).toBe(true);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      // The other merchant's console is told nothing (row-level security hides the row the nudge names).
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(outsider.events.filter((e) => e.name === 'team.activity')).toEqual([]);
      // And its search finds nothing of M1.
      expect((await outsider.call('team.search', { query: transactionId })).transactions).toEqual([]);
    } finally {
      await mallory.end();
    }
  }, 30_000);

  it('team workspace outbox: notes saved while the database is killed mid-drain all land exactly once after it restarts', async () => {
    const texts = Array.from({ length: 120 }, (_, index) => `mid-drain note ${index}`);
    const saving = (async () => {
      for (const text of texts)
        await alice.call('support.addCaseNote', { transactionKey: transactionId, text, ticket: '' });
    })();
    // Let the drain start, then kill the database under it.
    await expect
      .poll(async () => (await sql(`SELECT count(*)::int AS n FROM case_notes WHERE body LIKE 'mid-drain%'`))[0]!.n, {
        timeout: 10_000,
        interval: 5,
      })
      .toBeGreaterThan(0);
    killCluster(cluster);
    restarted = true;
    await saving;
    // Every note was saved by main (the console said so) while the workspace was gone.
    const local = await alice.call('support.caseNotes', { transactionKey: transactionId });
    expect(local.entries.filter((e: { text: string }) => e.text.startsWith('mid-drain'))).toHaveLength(120);
    await expect.poll(async () => (await status(alice)).state, { timeout: 5_000 }).toBe('offline');
    expect((await status(alice)).notShared).toBeGreaterThan(0);
    restartCluster(cluster);
    await db.reconnect();
    await allShared(alice);
    const rows = await sql<{ body: string; n: number }>(
      `SELECT body, count(*)::int AS n FROM case_notes WHERE body LIKE 'mid-drain%' GROUP BY body`,
    );
    expect(rows).toHaveLength(120);
    expect(rows.every((row) => row.n === 1)).toBe(true);
  }, 90_000);

  it('team workspace schema: a workspace newer than this console is refused, clearly, and nothing is written', async () => {
    await sql('UPDATE schema_info SET version = 99');
    try {
      const harness = await startCore();
      consoles.push(harness);
      const refused = await harness.call('team.configure', {
        url: db.urlFor('bruno'),
        merchantId: TEAM_MERCHANT,
        tlsMode: 'disable',
        caPath: null,
        password: brunoPw,
      });
      expect(refused.problem).toMatchObject({ id: 'workspaceSchemaTooNew' });
      expect(refused.state).toBe('refused');
      expect(refused.problem.params).toMatchObject({ found: 99 });
      const result = await harness.core.dispatch('team.test', undefined);
      expect(result).toMatchObject({ ok: false, error: { code: 'workspace-schema-too-new' } });
    } finally {
      await sql('UPDATE schema_info SET version = 1');
    }
  }, 30_000);
});
