/**
 * Issue 26 §3, the console's side of Sandbox worlds, against the real embedded simulator: a scenario run,
 * the demo and (on request) a QA session each get a world of their own, so the user's Sandbox keeps its
 * transactions and its clock; a run's world is kept with its evidence until the run is deleted; the
 * Simulator handlers act on one chosen world and never on a world the console did not make.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunResult } from '@shared/contract/qa';
import type { SimulatorTransaction, SimulatorWorld } from '@shared/contract/simulator';
import type { DeliveryRecord } from '@shared/contract/notifications';
import { orderA } from '../gateway/fixtures';
import { startCore } from './harness';
import { startSimulator } from '../../../src-main/simulator';

type Core = Awaited<ReturnType<typeof startCore>>;
const cores: Core[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) {
    await core.close();
    await core.removeDir();
  }
});

/** The user's own pending Multibanco reference in their Sandbox, and their Sandbox clock. */
async function userSandboxWithPendingReference(core: Core) {
  const created = await core.call('orders.create', { profileId: 'sandbox-a', order: orderA() });
  const transactionId: string = created.exchange.transactionID;
  await core.call('payments.generateReference', { profileId: 'sandbox-a', transactionId });
  const offsetSeconds: number = (await core.call('simulator.status')).clock.offsetSeconds;
  return { transactionId, offsetSeconds };
}

const statusIn = async (core: Core, transactionId: string, worldId?: string) => {
  const listed = (await core.call('simulator.transactions', worldId ? { worldId } : {})) as SimulatorTransaction[];
  return listed.find((transaction) => transaction.transactionID === transactionId)?.paymentStatus ?? null;
};

async function finishedRun(core: Core, runId: string): Promise<RunResult> {
  await expect
    .poll(
      () =>
        core.events.some(
          (event) => event.name === 'qa.finished' && (event.payload as { runId: string }).runId === runId,
        ),
      {
        timeout: 60_000,
      },
    )
    .toBe(true);
  return (await core.call('qa.result', { runId })) as RunResult;
}

describe('Sandbox worlds in the console (main)', () => {
  it('issue 26 defect: Run all moved the user’s Sandbox clock and expired their pending reference — the run now happens in a world of its own, kept until the run is deleted', async () => {
    const core = await startCore();
    cores.push(core);
    const mine = await userSandboxWithPendingReference(core);
    const files = ((await core.call('qa.scenarios')).scenarios as Array<{ file: string; folder: string }>)
      .filter((scenario) => scenario.folder.startsWith('builtin'))
      .map((scenario) => scenario.file);
    expect(files.length).toBeGreaterThanOrEqual(30);

    const { runId } = await core.call('qa.run', { files });
    const run = await finishedRun(core, runId);
    expect(run.counts.failed).toBe(0);
    expect(run.counts.passed).toBe(run.counts.total);

    // The user's Sandbox is as it was: their reference still pending, their clock not moved.
    expect(await statusIn(core, mine.transactionId)).toBe('Pending');
    expect((await core.call('simulator.status')).clock.offsetSeconds).toBe(mine.offsetSeconds);
    expect((await core.call('simulator.transactions')) as unknown[]).toHaveLength(1);

    // The run's calls, clock moves and faults happened in its world, which is kept with the run.
    const worldId = run.worldId!;
    expect(worldId).toMatch(/^run-[a-z0-9]{12}$/);
    expect(run.profiles.map((profile) => profile.id).sort()).toEqual([`world-${worldId}-a`, `world-${worldId}-b`]);
    const worlds = (await core.call('simulator.worlds')) as SimulatorWorld[];
    const world = worlds.find((listed) => listed.id === worldId)!;
    expect(world).toMatchObject({ kind: 'run' });
    expect(world.transactionCount).toBeGreaterThan(10);
    expect(world.clock.offsetSeconds).toBeGreaterThan(3600);
    // Every exchange of the run went to the world's address, with the Sandbox's origin.
    const origin = new URL((await core.call('simulator.status')).url as string).origin;
    const exchanges = run.scenarios.flatMap((scenario) => scenario.steps.flatMap((step) => step.exchanges));
    expect(exchanges.length).toBeGreaterThan(30);
    for (const exchange of exchanges)
      expect(exchange.url.startsWith(`${origin}/worlds/${worldId}/api/`), exchange.url).toBe(true);

    // Deleting the run deletes its world and its profiles; the user's Sandbox still keeps theirs.
    expect(await core.call('qa.deleteRun', { runId })).toEqual({
      deleted: true,
      worldDiscarded: true,
      profiles: [`world-${worldId}-a`, `world-${worldId}-b`],
    });
    expect(((await core.call('simulator.worlds')) as SimulatorWorld[]).map((listed) => listed.id)).not.toContain(
      worldId,
    );
    expect(core.core.simulator!.worlds.get(worldId)).toBeUndefined();
    const profileIds = ((await core.call('profiles.list')).profiles as Array<{ id: string }>).map(
      (profile) => profile.id,
    );
    expect(profileIds).not.toContain(`world-${worldId}-a`);
    const gone = await core.core.dispatch('simulator.transactions', { worldId });
    expect(gone.ok ? null : gone.error.code).toBe('not-found');
    expect(await statusIn(core, mine.transactionId)).toBe('Pending');
  }, 120_000);

  it('a run’s evidence files go with the run, and a run under way cannot be deleted', async () => {
    const core = await startCore();
    cores.push(core);
    const files = ((await core.call('qa.scenarios')).scenarios as Array<{ file: string; folder: string }>)
      .filter((scenario) => scenario.folder.startsWith('builtin'))
      .map((scenario) => scenario.file);
    const { runId } = await core.call('qa.run', { files });
    const refused = await core.core.dispatch('qa.deleteRun', { runId });
    expect(refused.ok ? null : refused.error.code).toBe('conflict');
    const run = await finishedRun(core, runId);
    expect(core.core.simulator!.worlds.get(run.worldId!)).toBeDefined();
    const evidence = join(core.userDataDir, 'qa-evidence', runId);
    const { mkdir, writeFile } = await import('node:fs/promises');
    await mkdir(evidence, { recursive: true });
    await writeFile(join(evidence, 'shot.png'), 'x');
    await core.call('qa.deleteRun', { runId });
    expect(existsSync(evidence)).toBe(false);
    expect(core.core.simulator!.worlds.get(run.worldId!)).toBeUndefined();
  }, 120_000);

  it('Start demo no longer wipes the user’s Sandbox or moves its clock +21 days; End demo discards the demo world', async () => {
    const core = await startCore();
    cores.push(core);
    const mine = await userSandboxWithPendingReference(core);

    const seeded = await core.call('demo.seed');
    expect(seeded.worldId).toBe('demo');
    expect(seeded.profiles).toEqual({ A: 'world-demo-a', B: 'world-demo-b' });
    expect(await statusIn(core, mine.transactionId)).toBe('Pending');
    expect((await core.call('simulator.status')).clock.offsetSeconds).toBe(mine.offsetSeconds);
    expect((await core.call('simulator.transactions')) as unknown[]).toHaveLength(1);
    // One time line: the demo world's clock ends the story now, where the tour's live calls go on.
    const demoClock = (await core.call('simulator.status', { worldId: 'demo' })).clock;
    expect(Math.abs(demoClock.offsetSeconds)).toBeLessThan(120);
    expect(Math.abs(Date.parse(seeded.to) - Date.now())).toBeLessThan(120_000);
    expect(((await core.call('simulator.transactions', { worldId: 'demo' })) as unknown[]).length).toBe(27);

    expect(await core.call('demo.end')).toEqual({ discarded: true, profiles: ['world-demo-a', 'world-demo-b'] });
    expect(core.core.simulator!.worlds.get('demo')).toBeUndefined();
    const profileIds = ((await core.call('profiles.list')).profiles as Array<{ id: string }>).map(
      (profile) => profile.id,
    );
    expect(profileIds.filter((id) => id.startsWith('world-'))).toEqual([]);
    expect(await statusIn(core, mine.transactionId)).toBe('Pending');
  }, 60_000);

  it('a QA session’s own world keeps the tester’s orders, clock and notifications apart, survives a restart and goes when the session is deleted', async () => {
    const first = await startCore();
    const mine = await userSandboxWithPendingReference(first);
    const sessionId = randomUUID();
    const opened = await first.call('qa.openSessionWorld', { sessionId, name: 'Checkout <b>' });
    const { worldId } = opened;
    expect(worldId).toBe(`session-${sessionId.replace(/-/g, '').slice(0, 12)}`);

    const created = await first.call('orders.create', { profileId: opened.profiles.A, order: orderA() });
    const transactionId: string = created.exchange.transactionID;
    expect(created.exchange.url).toContain(`/worlds/${worldId}/api/`);
    await first.call('payments.mbwayPurchase', { profileId: opened.profiles.A, transactionId, phone: '912345678' });
    await first.call('simulator.advanceClock', { seconds: 600, worldId });
    expect(await statusIn(first, transactionId)).toBeNull();
    expect(await statusIn(first, transactionId, worldId)).not.toBeNull();
    expect((await first.call('simulator.status')).clock.offsetSeconds).toBe(mine.offsetSeconds);
    expect(await statusIn(first, mine.transactionId)).toBe('Pending');
    // Its notifications are the session profile's, not the user's Sandbox profile's (same terminal, same secret).
    await expect
      .poll(
        async () =>
          ((await first.call('notifications.list', {})).records as DeliveryRecord[]).filter(
            (record) => record.notification?.transactionId === transactionId,
          ).length,
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
    const records = ((await first.call('notifications.list', {})).records as DeliveryRecord[]).filter(
      (record) => record.notification?.transactionId === transactionId,
    );
    expect(new Set(records.map((record) => record.profileId))).toEqual(new Set([opened.profiles.A]));
    const oldUrl = first.core.simulator!.url;
    await first.close();

    // After a restart on a new simulator port (the Sandbox keeps its port unless another program holds it,
    // as here) the session's world and profiles are still there, at the new address.
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(Number(new URL(oldUrl).port), '127.0.0.1', resolve));
    const second = await startCore({ userDataDir: first.userDataDir }).finally(() => squatter.close());
    expect(second.core.simulator!.url).not.toBe(oldUrl);
    cores.push(second);
    const profile = (await second.call('profiles.list')).profiles.find(
      (listed: { id: string }) => listed.id === opened.profiles.A,
    );
    expect(profile.baseUrl).toBe(second.core.simulator!.url);
    expect(await statusIn(second, transactionId, worldId)).not.toBeNull();
    const followUp = await second.call('payments.status', { profileId: opened.profiles.A, transactionId });
    expect(followUp.exchange.classification).toBe('ok');

    expect(await second.call('qa.closeSessionWorld', { sessionId })).toEqual({ discarded: true });
    expect(second.core.simulator!.worlds.get(worldId)).toBeUndefined();
    // Nothing of the discarded world stays in main's journal (a History rebuilt from it would bring it back).
    const left = ((await second.call('notifications.list', {})).records as DeliveryRecord[]).filter(
      (record) => record.notification?.transactionId === transactionId,
    );
    expect(left).toEqual([]);
    expect(await statusIn(second, mine.transactionId)).toBe('Pending');
  }, 60_000);

  it('a world may start in the past (the demo lives its weeks up to now), and keeps that clock across a restart', async () => {
    const core = await startCore();
    cores.push(core);
    const state = join(core.userDataDir, 'past-world.jsonl');
    const first = await startSimulator({ port: 0, state });
    first.worlds.create({ id: 'demo', clockOffsetMs: -3 * 86_400_000 });
    expect(first.worlds.get('demo')!.control.clockView().offsetSeconds).toBe(-3 * 86_400);
    await first.control.advanceClock(60);
    await first.close();
    const second = await startSimulator({ port: 0, state });
    try {
      expect(second.worlds.get('demo')!.control.clockView().offsetSeconds).toBe(-3 * 86_400);
      expect(second.stateProblems()).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it('as an attacker: the Simulator handlers act only on the console’s own worlds and never create one', async () => {
    const core = await startCore();
    cores.push(core);
    for (const worldId of ['__proto__', '../default', 'x/../../y', '%2e%2e', 'A'.repeat(41)]) {
      const refused = await core.core.dispatch('simulator.transactions', { worldId });
      expect(refused.ok ? null : refused.error.code, worldId).toBe('invalid-input');
    }
    for (const worldId of ['ci-shard-1', 'default', 'run-000000000000']) {
      const refused = await core.core.dispatch('simulator.advanceClock', { seconds: 60, worldId });
      expect(refused.ok ? null : refused.error.code, worldId).toBe('not-found');
      expect(core.core.simulator!.worlds.get('ci-shard-1')).toBeUndefined();
    }
    expect((await core.call('simulator.status')).clock.offsetSeconds).toBe(0);
    // A session id with nothing usable in it never becomes a world id.
    const bad = await core.core.dispatch('qa.openSessionWorld', { sessionId: '../..' });
    expect(bad.ok ? null : bad.error.code).toBe('invalid-input');
  });
});
