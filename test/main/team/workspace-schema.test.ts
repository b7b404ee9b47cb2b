import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleFailure } from '@shared/result';
import {
  checkWorkspaceSchema,
  migrateWorkspace,
  WORKSPACE_SCHEMA_VERSION,
  workspaceSchemaVersion,
} from '../../../src-main/team/schema/workspace-schema';
import { startThrowawayCluster, type ThrowawayCluster } from '../../support/pg-cluster';
import { createTestWorkspace } from '../../support/team-workspace';

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
    expect(first).toEqual({ from: 0, to: WORKSPACE_SCHEMA_VERSION, applied: ['001_workspace'] });

    const again = await migrateWorkspace(workspace.owner.url);
    expect(again).toEqual({ from: WORKSPACE_SCHEMA_VERSION, to: WORKSPACE_SCHEMA_VERSION, applied: [] });

    const owner = await workspace.connect(workspace.owner);
    const { rows } = await owner.query<{ name: string }>('SELECT name FROM team_migrations');
    expect(rows.map((r) => r.name)).toEqual(['001_workspace']);
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
});
