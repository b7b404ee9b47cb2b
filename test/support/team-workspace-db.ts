// A team workspace database on a throwaway cluster, migrated, with the group roles and a login per agent
// (all scoped to merchant M1): what a DBA would set up by docs/team.md, for tests of main's side.
import pg from 'pg';
import { createWorkspaceRoles, migrateWorkspace } from '../../src-main/team/schema/workspace-schema';
import { startThrowawayCluster, type ThrowawayCluster } from './pg-cluster';

export const TEAM_DB = 'desk';
export const TEAM_MERCHANT = 'M1';

export interface TeamWorkspaceDb {
  cluster: ThrowawayCluster;
  /** A superuser connection to the workspace database (reconnect() after a restart). */
  superuser: pg.Client;
  reconnect(): Promise<void>;
  addLogin(name: string, group: 'gc_agent' | 'gc_lead', password: string): Promise<void>;
  /** The address a console is given: no password in it. */
  urlFor(login: string): string;
  sql<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
}

export async function startTeamWorkspaceDb(): Promise<TeamWorkspaceDb> {
  const cluster = await startThrowawayCluster();
  const admin = new pg.Client({ connectionString: cluster.superuserUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${TEAM_DB}`);
  await admin.end();
  const db: TeamWorkspaceDb = {
    cluster,
    superuser: new pg.Client({ connectionString: cluster.superuserUrl(TEAM_DB) }),
    async reconnect() {
      await db.superuser.end().catch(() => undefined);
      db.superuser = new pg.Client({ connectionString: cluster.superuserUrl(TEAM_DB) });
      await db.superuser.connect();
    },
    async addLogin(name, group, password) {
      await db.superuser.query(`CREATE ROLE ${name} LOGIN PASSWORD '${password}' IN ROLE ${group}`);
      await db.superuser.query(`INSERT INTO memberships (member, merchant_id) VALUES ($1, $2)`, [name, TEAM_MERCHANT]);
    },
    urlFor: (login) => `postgres://${login}@127.0.0.1:${cluster.port}/${TEAM_DB}`,
    sql: async (text, values = []) => (await db.superuser.query(text, values)).rows,
  };
  await db.superuser.connect();
  await createWorkspaceRoles(db.superuser);
  await migrateWorkspace(db.superuser);
  return db;
}
