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
