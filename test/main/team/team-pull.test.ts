/**
 * A console's first sync with the team workspace (issue 30), against a real throwaway cluster: a new
 * agent's console brings the desk's shared transactions in its scope into its own team index, in pages,
 * showing progress in its status, resumes from its cursor, and never brings another merchant's rows.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamStatus } from '@shared/contract/team';
import { startCore } from '../core/harness';
import {
  startTeamWorkspaceDb,
  TEAM_MERCHANT,
  seedSharedTransactions,
  type TeamWorkspaceDb,
} from '../../support/team-workspace-db';
import { TEAM_INDEX_FILE, TeamIndex } from '../../../src-main/team/team-index';
import { pullSharedTransactions, type PullProgress } from '../../../src-main/team/team-pull';

let db: TeamWorkspaceDb;
let harness: Awaited<ReturnType<typeof startCore>> | undefined;
let dir: string | undefined;

const seed = (merchant: string, from: number, to: number) => seedSharedTransactions(db, merchant, from, to);

const indexedIds = async (dir: string) => (await new TeamIndex(dir).read()).map((row) => row.transactionId).sort();

beforeAll(async () => {
  db = await startTeamWorkspaceDb();
  await seed(TEAM_MERCHANT, 1, 4500);
  await seed('M2', 1, 300);
}, 60_000);

afterAll(async () => {
  await harness?.close();
  await harness?.removeDir();
  if (dir) await rm(dir, { recursive: true, force: true });
  await db?.stop();
});

describe('team workspace: first sync of the shared transactions', () => {
  it('a new agent’s console brings every shared transaction in its scope into its team index, with progress shown in its status', async () => {
    const password = await db.addLogin('nina', 'agent');
    const nina = await startCore({ team: { backoff: { first: 100, max: 400 } } });
    harness = nina;
    await nina.call('team.configure', {
      url: db.urlFor('nina'),
      merchantId: TEAM_MERCHANT,
      tlsMode: 'disable',
      caPath: null,
      password,
    });
    await expect
      .poll(async () => (await nina.call('team.status')).pull, { timeout: 20_000, interval: 100 })
      .toEqual({ done: 4500, total: 4500, finished: true });

    // Progress rose page by page before it finished (what Settings shows while it runs).
    const pulls = nina.events
      .filter((event) => event.name === 'team.statusChanged')
      .map((event) => (event.payload as TeamStatus).pull)
      .filter((pull) => pull !== null);
    expect(pulls[0]).toEqual({ done: 0, total: 4500, finished: false });
    expect(pulls.filter((pull) => !pull.finished && pull.done > 0 && pull.done < 4500).length).toBeGreaterThan(0);

    const ids = await indexedIds(nina.userDataDir);
    expect(ids).toHaveLength(4500);
    expect(ids.every((id) => id.startsWith(`${TEAM_MERCHANT}-`))).toBe(true);
    const text = await readFile(join(nina.userDataDir, TEAM_INDEX_FILE), 'utf8');
    expect(text).toContain('"merchantTransactionId":"order-17"');
    expect(text).not.toContain('M2-');
  });

  it('a later pull brings only what was shared since, and an interrupted pull resumes from its cursor', async () => {
    const password = await db.addLogin('otto', 'agent');
    const client = await db.workspace.connect({
      name: 'otto',
      password,
      url: db.cluster.urlFor('otto', password, 'desk'),
    });
    const folder = await mkdtemp(join(tmpdir(), 'gc-team-pull-'));
    dir = folder;
    const index = new TeamIndex(folder);
    const progress: PullProgress[] = [];

    // Interrupted after the third page: the cursor keeps what was saved.
    let pages = 0;
    const interrupted = pullSharedTransactions(
      client,
      index,
      'desk-a',
      (step) => {
        if (step.done > 0 && (pages += 1) === 3) throw new Error('connection lost');
      },
      1000,
    );
    await expect(interrupted).rejects.toThrow('connection lost');
    expect(await indexedIds(folder)).toHaveLength(3000);

    expect(await pullSharedTransactions(client, index, 'desk-a', (step) => progress.push(step), 1000)).toBe(1500);
    expect(progress[0]).toEqual({ done: 0, total: 1500 });
    expect(progress.at(-1)).toEqual({ done: 1500, total: 1500 });
    expect(await indexedIds(folder)).toHaveLength(4500);

    await seed(TEAM_MERCHANT, 4501, 4510);
    expect(await pullSharedTransactions(client, index, 'desk-a', () => undefined, 1000)).toBe(10);
    expect(await indexedIds(folder)).toHaveLength(4510);

    // Another workspace starts over from an empty index.
    expect(await pullSharedTransactions(client, index, 'desk-b', () => undefined, 1000)).toBe(4510);
    expect(await indexedIds(folder)).toHaveLength(4510);
  });
});
