import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleFailure } from '@shared/result';
import {
  checkWorkspaceSchema,
  migrateWorkspace,
  WORKSPACE_SCHEMA_VERSION,
  workspaceSchemaVersion,
} from '../../../src-main/team/schema/workspace-schema';
import type { CliIo } from '../../../src-main/cli/cli-io';
import { runWorkspace } from '../../../src-main/cli/workspace-command';
import { startThrowawayCluster, type ThrowawayCluster } from '../../support/pg-cluster';
import { createTestWorkspace } from '../../support/team-workspace';

/** `gateway-console workspace migrate`, in process, with the URL in an environment variable. */
async function cliMigrate(url: string) {
  const out = { stdout: '', stderr: '' };
  const io: CliIo = {
    stdout: (text) => void (out.stdout += text),
    stderr: (text) => void (out.stderr += text),
    readStdin: async () => Buffer.alloc(0),
    stdinIsTty: true,
  };
  process.env.GC_TEST_MIGRATE_URL = url;
  const code = await runWorkspace(['migrate', '--url-env', 'GC_TEST_MIGRATE_URL'], io);
  delete process.env.GC_TEST_MIGRATE_URL;
  return { code, ...out };
}

describe('team workspace schema (node-pg-migrate, versioned)', () => {
  let cluster: ThrowawayCluster;
  beforeAll(async () => {
    cluster = await startThrowawayCluster();
  }, 60_000);
  afterAll(async () => {
    await cluster?.stop();
  });

  it('migrates a fresh database to the current version, and running it again changes nothing', async () => {
    const workspace = await createTestWorkspace(cluster, 'fresh', { migrate: false });
    const first = await migrateWorkspace(workspace.owner.url);
    expect(first).toEqual({
      from: 0,
      to: WORKSPACE_SCHEMA_VERSION,
      applied: ['001_workspace', '002_production_email_masked', '003_search_and_first_sync_indexes'],
    });

    const again = await migrateWorkspace(workspace.owner.url);
    expect(again).toEqual({ from: WORKSPACE_SCHEMA_VERSION, to: WORKSPACE_SCHEMA_VERSION, applied: [] });

    const owner = await workspace.connect(workspace.owner);
    const { rows } = await owner.query<{ name: string }>('SELECT name FROM team_migrations');
    expect(rows.map((r) => r.name)).toEqual([
      '001_workspace',
      '002_production_email_masked',
      '003_search_and_first_sync_indexes',
    ]);
    await workspace.close();
  });

  it('upgrades a version-1 workspace in place: its rows stay, and a clear production e-mail is refused from then on', async () => {
    const workspace = await createTestWorkspace(cluster, 'upgrade', { migrate: false });
    expect((await migrateWorkspace(workspace.owner.url, 1)).to).toBe(1);
    const owner = await workspace.connect(workspace.owner);
    const insert = (id: string, email: string) =>
      owner.query(
        `INSERT INTO transactions (transaction_id, merchant_id, terminal_id, environment, customer_email)
         VALUES ($1, 'M1', 'T1', 'production', $2)`,
        [id, email],
      );
    await insert('tx-before', 'ana.silva@example.pt');

    expect(await migrateWorkspace(workspace.owner.url, 2)).toEqual({
      from: 1,
      to: 2,
      applied: ['002_production_email_masked'],
    });
    const kept = await owner.query('SELECT customer_email FROM transactions');
    expect(kept.rows).toEqual([{ customer_email: 'ana.silva@example.pt' }]);
    await expect(insert('tx-after', 'ana.silva@example.pt')).rejects.toThrow(/transactions_production_email_masked/);
    await insert('tx-masked', 'a•••@•••.pt');
    await workspace.close();
  });

  it('refuses a workspace upgraded by a newer console, with a coded message naming both versions, and changes nothing', async () => {
    const workspace = await createTestWorkspace(cluster, 'newer');
    const owner = await workspace.connect(workspace.owner);
    const newer = WORKSPACE_SCHEMA_VERSION + 1;
    await owner.query('UPDATE schema_info SET version = $1', [newer]);

    const refused = await migrateWorkspace(workspace.owner.url).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConsoleFailure);
    expect(refused).toMatchObject({
      code: 'workspace-schema-too-new',
      details: { found: newer, supported: WORKSPACE_SCHEMA_VERSION },
      text: { id: 'workspaceSchemaTooNew' },
    });
    expect((refused as Error).message).toContain(
      `This workspace was upgraded by a newer Gateway Console (schema ${newer}); this console understands up to ${WORKSPACE_SCHEMA_VERSION}.`,
    );
    await expect(checkWorkspaceSchema(owner)).rejects.toThrow(/newer Gateway Console/);
    expect(await workspaceSchemaVersion(owner)).toBe(newer);
    await workspace.close();
  });

  it('a database without the group roles is refused with a message that says to create them', async () => {
    // Group roles are cluster-wide: one is renamed away for this test and put back after it.
    const workspace = await createTestWorkspace(cluster, 'noroles', { migrate: false });
    const su = await workspace.connect('superuser');
    await su.query('ALTER ROLE gc_admin RENAME TO gc_admin_away');
    try {
      await expect(migrateWorkspace(workspace.owner.url)).rejects.toThrow(
        /gc_agent, gc_lead and gc_admin do not exist/,
      );
      expect(await workspaceSchemaVersion(su)).toBe(0);
    } finally {
      await su.query('ALTER ROLE gc_admin_away RENAME TO gc_admin');
      await workspace.close();
    }
  });

  it('gateway-console workspace migrate: upgrades, then says it is current, then refuses a newer workspace (exit 3) without printing the password', async () => {
    const workspace = await createTestWorkspace(cluster, 'viacli', { migrate: false });
    const first = await cliMigrate(workspace.owner.url);
    expect(first).toEqual({
      code: 0,
      stdout: `Workspace schema upgraded from version 0 to ${WORKSPACE_SCHEMA_VERSION}: 001_workspace, 002_production_email_masked, 003_search_and_first_sync_indexes.\n`,
      stderr: '',
    });
    expect((await cliMigrate(workspace.owner.url)).stdout).toBe(
      `Workspace schema is current (version ${WORKSPACE_SCHEMA_VERSION}); nothing to do.\n`,
    );
    const owner = await workspace.connect(workspace.owner);
    await owner.query('UPDATE schema_info SET version = 99');
    const refused = await cliMigrate(workspace.owner.url);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('This workspace was upgraded by a newer Gateway Console (schema 99)');
    expect(refused.stderr).toContain(`${workspace.owner.name}:***@`);
    expect(refused.stderr).not.toContain(workspace.owner.password);
    await workspace.close();
  });
});
