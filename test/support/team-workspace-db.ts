// The workspace database the console-side tests connect to: the DBA's setup from test/support/team-workspace
// (owner role, migrations, one login per person) on a throwaway cluster, plus what those tests need — the
// address a console is given (no password in it), a superuser connection for checks, and reconnecting it
// after a test killed and restarted the cluster.
import type pg from 'pg';
import type { WorkspaceRole } from '../../src-main/team/schema/workspace-schema';
import { startThrowawayCluster, type ThrowawayCluster } from './pg-cluster';
import { createTestWorkspace, type TestWorkspace } from './team-workspace';

export const TEAM_DB = 'desk';
export const TEAM_MERCHANT = 'M1';

export interface TeamWorkspaceDb {
  cluster: ThrowawayCluster;
  workspace: TestWorkspace;
  /** A superuser connection to the workspace database (reconnect() after a restart). */
  superuser: pg.Client;
  reconnect(): Promise<void>;
  /** A login for one person, a member of `role`, scoped to `merchantId`; answers its password. */
  addLogin(name: string, role: WorkspaceRole, merchantId?: string): Promise<string>;
  /** The address a console is given: no password in it. */
  urlFor(login: string): string;
  sql<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

export async function startTeamWorkspaceDb(): Promise<TeamWorkspaceDb> {
  const cluster = await startThrowawayCluster();
  const workspace = await createTestWorkspace(cluster, TEAM_DB);
  const db: TeamWorkspaceDb = {
    cluster,
    workspace,
    superuser: await workspace.connect('superuser'),
    async reconnect() {
      db.superuser = await workspace.connect('superuser');
    },
    addLogin: async (name, role, merchantId = TEAM_MERCHANT) =>
      (await workspace.addPerson(name, role, [{ merchantId }])).password,
    urlFor: (login) => `postgres://${login}@${cluster.host}:${cluster.port}/${TEAM_DB}`,
    sql: async (text, values = []) => (await db.superuser.query(text, values)).rows,
    async stop() {
      await workspace.close();
      await cluster.stop();
    },
  };
  return db;
}

/** Closes the console cores a test started on the workspace (and their folders), then the database. */
export async function closeConsolesAndDb(
  consoles: Array<{ close(): Promise<unknown>; removeDir(): Promise<unknown> }>,
  db: TeamWorkspaceDb | undefined,
  beforeDbStops: () => void = () => undefined,
): Promise<void> {
  for (const harness of consoles.splice(0)) {
    await harness.close();
    await harness.removeDir();
  }
  beforeDbStops();
  await db?.stop();
}

/** What a console is configured with to join the test workspace as `login` (no TLS on loopback). */
export const teamConfigFor = (db: TeamWorkspaceDb, login: string, password: string, url = db.urlFor(login)) => ({
  url,
  merchantId: TEAM_MERCHANT,
  tlsMode: 'disable' as const,
  caPath: null,
  password,
});

/** Shared transactions `from`..`to` of `merchant` (order-N, reference N in 9 digits), written as the owner. */
export const seedSharedTransactions = (db: TeamWorkspaceDb, merchant: string, from: number, to: number) =>
  db.sql(
    `INSERT INTO transactions (transaction_id, merchant_id, terminal_id, environment, merchant_transaction_id, reference, status)
     SELECT $1 || '-' || n, $1, '1000001', 'sandbox', 'order-' || n, lpad(n::text, 9, '0'), 'Pending'
       FROM generate_series($2::int, $3::int) AS n`,
    [merchant, from, to],
  );
