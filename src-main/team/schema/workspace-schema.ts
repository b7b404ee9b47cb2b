/**
 * The team workspace's schema: creating the group roles, running the versioned migrations with
 * node-pg-migrate, and refusing a workspace upgraded by a newer console (its tables and rules may mean
 * something this console does not know, so it neither reads nor writes them).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { runner, type RunnerOption } from 'node-pg-migrate';
import pg from 'pg';
import { mainText } from '@shared/console-text';
import { ConsoleFailure } from '@shared/result';
import { WORKSPACE_MIGRATIONS } from './migrations';

/** The newest schema version this console understands. */
export const WORKSPACE_SCHEMA_VERSION = Math.max(...WORKSPACE_MIGRATIONS.map((m) => m.version));

/** The group roles; each person logs in as their own role, a member of exactly one of them. */
export const WORKSPACE_ROLES = { agent: 'gc_agent', lead: 'gc_lead', admin: 'gc_admin' } as const;
export type WorkspaceRole = keyof typeof WORKSPACE_ROLES;

/** node-pg-migrate's bookkeeping table (which migrations ran). */
export const MIGRATIONS_TABLE = 'team_migrations';

type Queryable = Pick<pg.ClientBase, 'query'>;

/** The schema version of a workspace database; 0 when it was never migrated. */
export async function workspaceSchemaVersion(client: Queryable): Promise<number> {
  const { rows } = await client.query<{ present: boolean }>(
    `SELECT to_regclass('public.schema_info') IS NOT NULL AS present`,
  );
  if (!rows[0]?.present) return 0;
  const version = await client.query<{ version: number }>('SELECT version FROM public.schema_info');
  return version.rows[0]?.version ?? 0;
}

/** The workspace's schema version, or a coded failure when a newer console upgraded it. */
export async function checkWorkspaceSchema(client: Queryable): Promise<number> {
  const found = await workspaceSchemaVersion(client);
  if (found > WORKSPACE_SCHEMA_VERSION) {
    const params = { found, supported: WORKSPACE_SCHEMA_VERSION };
    throw new ConsoleFailure('workspace-schema-too-new', mainText('workspaceSchemaTooNew', params), params);
  }
  return found;
}

/**
 * SQL that creates the group roles when missing (run once per cluster by a role with CREATEROLE, e.g.
 * the DBA). They cannot log in; people log in as their own roles, members of one of them.
 */
export const WORKSPACE_ROLES_SQL = [
  ...Object.values(WORKSPACE_ROLES).map(
    (role) =>
      `DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${role}') THEN ` +
      `CREATE ROLE ${role} NOLOGIN; END IF; END $$;`,
  ),
  // A lead does everything an agent does; an admin everything a lead does.
  `GRANT ${WORKSPACE_ROLES.agent} TO ${WORKSPACE_ROLES.lead};`,
  `GRANT ${WORKSPACE_ROLES.lead} TO ${WORKSPACE_ROLES.admin};`,
].join('\n');

export async function createWorkspaceRoles(client: Queryable): Promise<void> {
  await client.query(WORKSPACE_ROLES_SQL);
}

export interface MigrationOutcome {
  from: number;
  to: number;
  /** Names of the migrations this call ran (empty when the workspace was already current). */
  applied: string[];
}

const MIGRATION_EXTENSION = '.workspace-migration';

/**
 * Brings a workspace database to this console's schema version, as the role that owns the tables. Running
 * it again is a no-op; a workspace newer than this console is refused before anything runs.
 */
export async function migrateWorkspace(
  target: string | pg.ClientBase,
  /** Stop at this version (tests of an upgrade from an older workspace); default: the newest. */
  untilVersion = WORKSPACE_SCHEMA_VERSION,
): Promise<MigrationOutcome> {
  const own = typeof target === 'string' ? new pg.Client({ connectionString: target }) : undefined;
  const client = own ?? (target as pg.ClientBase);
  await own?.connect();
  // node-pg-migrate discovers migrations by listing a folder. The console's migrations are bundled
  // code, so the folder holds one empty marker per migration and the loader hands back the bundled code.
  const markers = await mkdtemp(join(tmpdir(), 'gc-workspace-migrations-'));
  try {
    const from = await checkWorkspaceSchema(client);
    for (const migration of WORKSPACE_MIGRATIONS.filter((m) => m.version <= untilVersion)) {
      await writeFile(join(markers, `${migration.name}${MIGRATION_EXTENSION}`), '');
    }
    const options: RunnerOption = {
      dbClient: client,
      dir: markers,
      migrationsTable: MIGRATIONS_TABLE,
      direction: 'up',
      checkOrder: true,
      singleTransaction: true,
      // Two consoles starting at once: the second waits for the first, then finds nothing to do.
      advisoryLockMode: 'wait',
      log: () => {},
      migrationLoaderStrategies: [
        {
          extensions: [MIGRATION_EXTENSION],
          loader: async (filePaths) =>
            filePaths.map((filePath) => {
              const name = basename(filePath, extname(filePath));
              const migration = WORKSPACE_MIGRATIONS.find((m) => m.name === name);
              if (!migration) throw new Error(`Unknown workspace migration ${name}`);
              return { id: filePath, filePaths: [filePath], actions: { up: migration.up, down: false } };
            }),
        },
      ],
    };
    const ran = await runner(options);
    return { from, to: await workspaceSchemaVersion(client), applied: ran.map((m) => m.name) };
  } finally {
    await rm(markers, { recursive: true, force: true });
    await own?.end();
  }
}
