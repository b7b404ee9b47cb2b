/**
 * Searching the shared transactions at a desk's size (issue 30): each kind of text an agent types finds its
 * transaction through an index, never by walking the table — where every row walked also runs row-level
 * security's scope check (a search took seconds at a million rows). Real cluster, real planner: the
 * queries the console sends are explained with the values it sends.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTeamWorkspaceDb, TEAM_MERCHANT, type TeamWorkspaceDb } from '../../support/team-workspace-db';
import { searchShared } from '../../../src-main/team/workspace-reads';

let db: TeamWorkspaceDb;
let agent: pg.Client;
const ROWS = 20_000;

/** A client that, before running each query, asks the planner how it would run it. */
function explaining(client: pg.Client, plans: string[]): pg.ClientBase {
  return {
    query: async (text: string, values?: unknown[]) => {
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, values);
      plans.push(rows.map((row) => row['QUERY PLAN']).join('\n'));
      return client.query(text, values);
    },
  } as unknown as pg.ClientBase;
}

beforeAll(async () => {
  db = await startTeamWorkspaceDb();
  await db.sql(
    `INSERT INTO transactions (transaction_id, merchant_id, terminal_id, environment, merchant_transaction_id,
                               reference, status, customer_email)
     SELECT 's2SEARCH' || lpad(n::text, 12, '0'), CASE WHEN n % 2 = 0 THEN $1 ELSE 'M2' END, '1000001', 'sandbox',
            'ORD-' || n, lpad((100000000 + n)::text, 9, '0'), 'Pending', 'buyer' || n || '@example.pt'
       FROM generate_series(1, $2::int) AS n`,
    [TEAM_MERCHANT, ROWS],
  );
  await db.sql(
    `INSERT INTO case_notes (client_id, transaction_id, merchant_id, terminal_id, ticket, body)
     SELECT md5('n' || n)::uuid, 's2SEARCH' || lpad(n::text, 12, '0'), CASE WHEN n % 2 = 0 THEN $1 ELSE 'M2' END,
            '1000001', 'ZD-' || n, 'Called the customer'
       FROM generate_series(1, $2::int) AS n WHERE n % 10 = 0`,
    [TEAM_MERCHANT, ROWS],
  );
  await db.sql(
    `INSERT INTO lookups (client_id, transaction_id, merchant_id, terminal_id, ticket)
     SELECT md5('l' || n)::uuid, 's2SEARCH' || lpad(n::text, 12, '0'), CASE WHEN n % 2 = 0 THEN $1 ELSE 'M2' END,
            '1000001', 'ZD-' || n
       FROM generate_series(1, $2::int) AS n WHERE n % 5 = 0`,
    [TEAM_MERCHANT, ROWS],
  );
  await db.sql('ANALYZE');
  const password = await db.addLogin('sara', 'agent');
  agent = await db.workspace.connect({ name: 'sara', password, url: db.cluster.urlFor('sara', password, 'desk') });
}, 60_000);

afterAll(async () => {
  await db?.stop();
});

describe('team workspace: searching the shared transactions', () => {
  it.each([
    ['a transactionID', 's2SEARCH000000004242'],
    ['a merchant order id', 'ORD-4242'],
    ['a Multibanco reference as printed', '100 004 242'],
    ['a ticket', 'ZD-4240'],
    ['an e-mail', 'Buyer4242@example.pt'],
  ])('finds %s through an index, without walking the table', async (_kind, query) => {
    const plans: string[] = [];
    const found = await searchShared(explaining(agent, plans), query);
    expect(found.map((row) => row.transactionId)).toEqual([
      query === 'ZD-4240' ? 's2SEARCH000000004240' : 's2SEARCH000000004242',
    ]);
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) expect(plan).not.toMatch(/Seq Scan on (transactions|case_notes|lookups)/);
  });

  it('finds nothing of another merchant, whatever is typed', async () => {
    expect(await searchShared(agent, 's2SEARCH000000004241')).toEqual([]);
    expect(await searchShared(agent, '100 004 241')).toEqual([]);
  });
});
