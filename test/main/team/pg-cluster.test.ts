import { existsSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startThrowawayCluster, type ThrowawayCluster } from '../../support/pg-cluster';

describe('throwaway PostgreSQL cluster for the team workspace tests', () => {
  let cluster: ThrowawayCluster;
  beforeAll(async () => {
    cluster = await startThrowawayCluster();
  }, 60_000);
  afterAll(async () => {
    await cluster?.stop();
  });

  it('accepts the superuser on loopback and refuses a wrong password', async () => {
    const client = new pg.Client({ connectionString: cluster.superuserUrl() });
    await client.connect();
    const { rows } = await client.query<{ user: string; version: string }>(
      'select current_user as user, current_setting($1) as version',
      ['server_version_num'],
    );
    await client.end();
    expect(rows[0]!.user).toBe('postgres');
    expect(Number(rows[0]!.version)).toBeGreaterThanOrEqual(150000);

    const intruder = new pg.Client({ connectionString: cluster.urlFor('postgres', 'not-the-password') });
    await expect(intruder.connect()).rejects.toThrow(/password authentication failed/);
  });

  it('stop() ends the server and removes its folder', async () => {
    const other = await startThrowawayCluster();
    await other.stop();
    expect(existsSync(other.dir)).toBe(false);
    const client = new pg.Client({ connectionString: other.superuserUrl(), connectionTimeoutMillis: 2000 });
    await expect(client.connect()).rejects.toThrow();
  }, 60_000);
});
