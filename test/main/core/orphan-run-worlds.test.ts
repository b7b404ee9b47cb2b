/**
 * Issue 26 §3: a scenario run's world is kept with the run's evidence until deleted. Runs themselves are
 * kept in memory only, so after a restart main discards the run worlds with no evidence left (nobody
 * could delete them any more), keeps those with evidence, and the Simulator screen can discard a run's
 * or session's world on request — main refuses the demo's, the user's Sandbox and worlds it did not make.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SimulatorWorld } from '@shared/contract/simulator';
import { worldIdFor } from '@shared/sandbox-worlds';
import { orderA } from '../gateway/fixtures';
import { startCore } from './harness';

type Core = Awaited<ReturnType<typeof startCore>>;
const cores: Core[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) {
    await core.close();
    await core.removeDir();
  }
});

const worldIds = async (core: Core) => ((await core.call('simulator.worlds')) as SimulatorWorld[]).map((w) => w.id);
const profileIds = async (core: Core) =>
  ((await core.call('profiles.list')).profiles as Array<{ id: string }>).map((profile) => profile.id);
const errorCode = async (core: Core, worldId: string) => {
  const answer = await core.core.dispatch('simulator.discardWorld', { worldId });
  return answer.ok ? null : answer.error.code;
};

describe('run worlds after a restart', () => {
  it('issue 26 defect: after a restart a run’s world stayed in the Simulator picker with no run left to delete it from — main discards run worlds without evidence at start and keeps the rest', async () => {
    const first = await startCore();
    const mine = await first.call('orders.create', { profileId: 'sandbox-a', order: orderA() });
    const forgottenRun = randomUUID();
    const runWithEvidence = randomUUID();
    const session = randomUUID();
    const forgottenWorld = worldIdFor('run', forgottenRun)!;
    const keptWorld = worldIdFor('run', runWithEvidence)!;
    await first.core.worlds!.open(forgottenWorld);
    await first.core.worlds!.open(keptWorld);
    const sessionWorld = (await first.call('qa.openSessionWorld', { sessionId: session })).worldId as string;
    // The run with evidence: a file attached to a manual verdict, kept in qa-evidence/<run id>/.
    const evidence = join(first.userDataDir, 'qa-evidence', runWithEvidence);
    await mkdir(evidence, { recursive: true });
    await writeFile(join(evidence, 'shot.png'), 'x');
    expect(await worldIds(first)).toEqual(expect.arrayContaining([forgottenWorld, keptWorld, sessionWorld]));
    await first.close();

    const second = await startCore({ userDataDir: first.userDataDir });
    cores.push(second);
    const listed = await worldIds(second);
    expect(listed).not.toContain(forgottenWorld);
    expect(listed).toEqual(expect.arrayContaining([keptWorld, sessionWorld]));
    expect(second.core.simulator!.worlds.get(forgottenWorld)).toBeUndefined();
    expect(await profileIds(second)).not.toContain(`world-${forgottenWorld}-a`);
    // The user's Sandbox keeps its transaction.
    const sandbox = (await second.call('simulator.transactions')) as Array<{ transactionID: string }>;
    expect(sandbox.map((row) => row.transactionID)).toContain(mine.exchange.transactionID);
  }, 60_000);

  it('“Discard this world” discards a run’s or session’s world and its profiles; main refuses the demo, the Sandbox and foreign worlds', async () => {
    const core = await startCore();
    cores.push(core);
    const runWorld = worldIdFor('run', randomUUID())!;
    await core.core.worlds!.open(runWorld);
    const sessionWorld = (await core.call('qa.openSessionWorld', { sessionId: randomUUID() })).worldId as string;
    // A world the console did not make (a CI shard's on the same simulator) is not the console's to discard.
    await core.core.simulator!.worlds.create({ id: 'ci-shard-1' });

    expect(await core.call('simulator.discardWorld', { worldId: runWorld })).toEqual({ discarded: true });
    expect(await core.call('simulator.discardWorld', { worldId: sessionWorld })).toEqual({ discarded: true });
    expect(await worldIds(core)).toEqual([]);
    const profiles = await profileIds(core);
    expect(profiles).not.toContain(`world-${runWorld}-a`);
    expect(profiles).not.toContain(`world-${sessionWorld}-b`);

    expect(await errorCode(core, 'demo')).toBe('conflict');
    expect(await errorCode(core, 'ci-shard-1')).toBe('invalid-input');
    expect(core.core.simulator!.worlds.get('ci-shard-1')).toBeDefined();
    expect(await errorCode(core, 'default')).toBe('invalid-input');
    expect(await errorCode(core, runWorld)).toBe('not-found');
    expect(await errorCode(core, '../sandbox')).toBe('invalid-input');
    expect(profiles).toEqual(expect.arrayContaining(['sandbox-a', 'sandbox-b']));
  }, 60_000);
});
