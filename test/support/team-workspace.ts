// A team workspace database on a throwaway cluster, set up the way docs/team.md tells a DBA to: group
// roles, an owner role that is not a superuser, the migrations run as that owner, and one login role per
// person. Shared by the role, audit, schema and canary tests (and teamsync's).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  createWorkspaceRoles,
  migrateWorkspace,
  WORKSPACE_ROLES,
  type WorkspaceRole,
} from '../../src-main/team/schema/workspace-schema';
import type { ThrowawayCluster } from './pg-cluster';

export interface Login {
  name: string;
  password: string;
  url: string;
}

export interface TestWorkspace {
  database: string;
  owner: Login;
  /** Creates a login role for one person, a member of `role`, scoped to the given merchants/terminals. */
  addPerson(name: string, role: WorkspaceRole, scopes?: { merchantId: string; terminalId?: string }[]): Promise<Login>;
  /** A connected client (closed by the caller, or by close()). */
  connect(login: Login | 'superuser'): Promise<pg.Client>;
  close(): Promise<void>;
}

/** Runs `fn` with a superuser client of `database`. */
async function asSuperuser<T>(cluster: ThrowawayCluster, database: string, fn: (c: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: cluster.superuserUrl(database) });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** CREATE ROLE with identifiers and the password quoted by the server (format %I / %L), never by hand. */
async function createLoginRole(client: pg.Client, name: string, password: string, group: string | null) {
  const { rows } = await client.query<{ sql: string }>(
    `SELECT format('CREATE ROLE %I LOGIN PASSWORD %L', $1::text, $2::text) ||
            CASE WHEN $3::text IS NULL THEN '' ELSE format(' IN ROLE %I', $3::text) END AS sql`,
    [name, password, group],
  );
  await client.query(rows[0]!.sql);
}

/** A fresh database migrated to this console's schema, owned by a non-superuser owner role. */
export async function createTestWorkspace(
  cluster: ThrowawayCluster,
  database = `ws_${randomBytes(4).toString('hex')}`,
  options: { migrate?: boolean } = {},
): Promise<TestWorkspace> {
  const suffix = database;
  const owner: Login = { name: `${suffix}_owner`, password: randomBytes(12).toString('hex'), url: '' };
  owner.url = cluster.urlFor(owner.name, owner.password, database);
  await asSuperuser(cluster, 'postgres', async (client) => {
    await createWorkspaceRoles(client);
    await createLoginRole(client, owner.name, owner.password, null);
    await client.query(`CREATE DATABASE ${database} OWNER ${owner.name}`);
  });
  await asSuperuser(cluster, database, async (client) => {
    // PostgreSQL 15's public schema belongs to the database owner already; older clusters need this.
    await client.query(`ALTER SCHEMA public OWNER TO ${owner.name}`);
  });
  if (options.migrate !== false) await migrateWorkspace(owner.url);

  const clients: pg.Client[] = [];
  const workspace: TestWorkspace = {
    database,
    owner,
    async addPerson(name, role, scopes = []) {
      const login: Login = { name, password: randomBytes(12).toString('hex'), url: '' };
      login.url = cluster.urlFor(name, login.password, database);
      await asSuperuser(cluster, database, async (client) => {
        await createLoginRole(client, name, login.password, WORKSPACE_ROLES[role]);
        await client.query(`GRANT CONNECT ON DATABASE ${database} TO ${name}`);
        for (const scope of scopes) {
          await client.query('INSERT INTO memberships (member, merchant_id, terminal_id) VALUES ($1, $2, $3)', [
            name,
            scope.merchantId,
            scope.terminalId ?? null,
          ]);
        }
      });
      return login;
    },
    async connect(login) {
      const client = new pg.Client({
        connectionString: login === 'superuser' ? cluster.superuserUrl(database) : login.url,
      });
      // A test that fails before close() leaves its clients open; stopping the cluster then ends their
      // sessions, which pg reports as an 'error' event that must not become an unhandled error.
      client.on('error', () => {});
      await client.connect();
      clients.push(client);
      return client;
    },
    async close() {
      await Promise.all(clients.splice(0).map((client) => client.end().catch(() => {})));
    },
  };
  return workspace;
}
