/**
 * The pulled copy of the desk's transactions at work (issue 30), against a real throwaway cluster: while the
 * console pulls, its drain and its activity relay keep working on the same connection without pg's
 * "already executing a query" deprecation (each waits its turn); and once the database is gone, a team
 * search answers from the copy, saying so — never with another merchant's row.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore } from '../core/harness';
import { restartCluster, stopInPlace } from '../../support/pg-restart';
import {
  closeConsolesAndDb,
  startTeamWorkspaceDb,
  teamConfigFor,
  TEAM_MERCHANT,
  seedSharedTransactions,
  type TeamWorkspaceDb,
} from '../../support/team-workspace-db';

type Harness = Awaited<ReturnType<typeof startCore>>;

let db: TeamWorkspaceDb;
let alicePw: string;
let restarted = false;
const consoles: Harness[] = [];
const ROWS = 20_000;
const warnings: string[] = [];
const onWarning = (warning: Error) => warnings.push(warning.message);

const seed = (merchant: string, from: number, to: number) => seedSharedTransactions(db, merchant, from, to);

beforeAll(async () => {
  db = await startTeamWorkspaceDb();
  alicePw = await db.addLogin('alice', 'agent');
  await seed(TEAM_MERCHANT, 1, ROWS);
  // Another merchant's rows with the very same order ids and references.
  await seed('M2', 1, 300);
  process.on('warning', onWarning);
}, 60_000);

afterAll(async () => {
  process.off('warning', onWarning);
  await closeConsolesAndDb(consoles, db, () => restarted && stopInPlace(db.cluster));
});

describe('team workspace: the pulled copy', () => {
  let alice: Harness;

  it('the drain, the activity relay and the pull share one connection at once, each in its turn, without pg’s deprecation warning', async () => {
    alice = await startCore({ team: { backoff: { first: 100, max: 400 } } });
    consoles.push(alice);
    expect((await alice.call('team.configure', teamConfigFor(db, 'alice', alicePw))).state).toBe('connected');
    // While the pull runs: notes this console shares (the drain) and notes another console adds (the relay).
    const notes = Array.from({ length: 10 }, (_, i) =>
      alice.call('support.addCaseNote', { transactionKey: `M1-${i + 1}`, text: `shared ${i}`, ticket: '' }),
    );
    // One at a time: the test's own connection must not queue queries either (the warning is per process).
    for (let i = 0; i < 10; i += 1)
      await db.sql(
        `INSERT INTO case_notes (client_id, transaction_id, merchant_id, terminal_id, ticket, body)
         VALUES ($1, $2, $3, '1000001', '', $4)`,
        [randomUUID(), `M1-${i + 100}`, TEAM_MERCHANT, `relayed ${i}`],
      );
    await Promise.all(notes);
    expect((await alice.call('team.status')).pull?.finished).not.toBe(true);

    await expect
      .poll(async () => (await alice.call('team.status')).pull?.finished, { timeout: 30_000, interval: 100 })
      .toBe(true);
    expect((await alice.call('team.status')).pull!.done).toBe(ROWS);
    await expect
      .poll(async () => (await alice.call('team.status')).notShared, { timeout: 15_000, interval: 100 })
      .toBe(0);
    const shared = await db.sql<{ n: number }>(`SELECT count(*)::int AS n FROM case_notes WHERE body LIKE 'shared %'`);
    expect(shared[0]!.n).toBe(10);
    await expect
      .poll(
        () =>
          alice.events.filter(
            (event) => event.name === 'team.activity' && /^relayed \d$/.test((event.payload as { text: string }).text),
          ).length,
        { timeout: 5_000, interval: 50 },
      )
      .toBe(10);
    expect(warnings.filter((message) => /already executing a query/.test(message))).toEqual([]);
  }, 60_000);

  it('with the database stopped, a search finds the row in the copy pulled, says it comes from that copy, and never another merchant’s', async () => {
    const online = await alice.call('team.search', { query: 'order-17', ticket: '' });
    expect(online.pulledAt).toBeNull();
    expect(online.transactions.map((found: { transactionId: string }) => found.transactionId)).toEqual(['M1-17']);

    stopInPlace(db.cluster);
    try {
      await expect
        .poll(async () => (await alice.call('team.status')).state, { timeout: 10_000, interval: 100 })
        .not.toBe('connected');
      for (const query of ['order-17', 'M1-17', '000000017']) {
        const found = await alice.call('team.search', { query, ticket: 'ZD-9' });
        expect(found.transactions).toEqual([
          expect.objectContaining({ transactionId: 'M1-17', merchantTransactionId: 'order-17', notes: [] }),
        ]);
        expect(Date.parse(found.pulledAt)).toBeLessThanOrEqual(Date.now());
      }
      expect((await alice.call('team.search', { query: 'M2-17', ticket: '' })).transactions).toEqual([]);
    } finally {
      restartCluster(db.cluster);
      restarted = true;
    }
  }, 30_000);
});
