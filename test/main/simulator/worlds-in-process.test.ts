/**
 * Worlds as the console uses them in-process (`RunningSimulator.worlds`), their persisted state across a
 * restart, and the cap on their number.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_WORLDS, startSimulator, type RunningSimulator, type SimulatorOptions } from '../../../src-main/simulator';
import { SimError } from '../../../src-main/simulator/errors';
import type { WorldRegistry } from '../../../src-main/simulator/worlds';
import { validOrderA } from './harness';

let dir: string;
const running: RunningSimulator[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sim-worlds-'));
});
afterEach(async () => {
  while (running.length) await running.pop()!.close();
  rmSync(dir, { recursive: true, force: true });
});

const start = async (options: SimulatorOptions = {}) => {
  const sim = await startSimulator({ seed: 7, ...options });
  running.push(sim);
  return sim;
};
const stop = async (sim: RunningSimulator) => {
  running.splice(running.indexOf(sim), 1);
  await sim.close();
};

/** Creates an order through a world's base URL, as a profile pointed at it would. */
const createOrder = async (sim: RunningSimulator, apiUrl: string, merchantTransactionId = 'order-1') => {
  const terminal = sim.terminals.find((t) => t.variant === 'A')!;
  const order = validOrderA();
  order.merchant.merchantTransactionId = merchantTransactionId;
  const response = await fetch(`${apiUrl}/payments`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${terminal.token}`,
      [sim.clientIdHeader]: sim.clientId,
    },
    body: JSON.stringify(order),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { transactionID: string; transactionSignature: string; expiry: string };
};

const thrown = (run: () => unknown): SimError => {
  try {
    run();
  } catch (error) {
    if (error instanceof SimError) return error;
    throw error;
  }
  throw new Error('expected a SimError');
};

describe('issue 26, Sandbox worlds never overwrite each other: RunningSimulator.worlds (the console’s in-process API)', () => {
  it('creates a world with its own base path, URLs, controls and faults; the default world is sim.control', async () => {
    const sim = await start();
    const world = sim.worlds.create({ id: 'demo', clockOffsetMs: 21 * 86_400_000 });
    expect(world).toMatchObject({
      id: 'demo',
      basePath: '/worlds/demo/api',
      apiUrl: `${sim.url}/worlds/demo/api/v2`,
      controlUrl: `${sim.url}/worlds/demo/__simulator`,
      statePath: null,
    });
    expect(world.control.clockView().offsetSeconds).toBe(21 * 86_400);
    expect(sim.control.clockView().offsetSeconds).toBe(0);
    expect(sim.worlds.get('default')!.control).toBe(sim.control);
    expect(sim.worlds.get('default')!.faults).toBe(sim.faults);
    expect(sim.worlds.get('demo')).toBe(world);
    expect(sim.worlds.get('nope')).toBeUndefined();
    expect(sim.worlds.list().map((w) => w.id)).toEqual(['default', 'demo']);

    const inDemo = await createOrder(sim, world.apiUrl);
    const inSandbox = await createOrder(sim, sim.apiUrl);
    // The demo world's orders are dated in its own time; the user's Sandbox keeps real time.
    expect(Date.parse(inDemo.expiry) - Date.parse(inSandbox.expiry)).toBeGreaterThan(20 * 86_400_000);
    expect(world.control.transactions().map((t) => t.transactionID)).toEqual([inDemo.transactionID]);
    expect(sim.control.transactions().map((t) => t.transactionID)).toEqual([inSandbox.transactionID]);

    // The Simulator screen acts on one world: completing and moving the clock there leaves the Sandbox alone.
    await world.control.complete(inDemo.transactionID, 'Success');
    await world.control.advanceClock(3600);
    expect(sim.control.transaction(inSandbox.transactionID).paymentStatus).toBe('Pending');
    expect(sim.control.clockView().offsetSeconds).toBe(0);
    world.faults.armNextCall(503);
    expect(sim.faults.armed().nextCalls).toEqual([]);

    expect(sim.worlds.delete('demo')).toBe(true);
    expect(sim.worlds.delete('demo')).toBe(false);
    expect(sim.worlds.list().map((w) => w.id)).toEqual(['default']);
    expect(sim.control.transactions()).toHaveLength(1);
  });

  it('refuses bad ids, taken ids, bad clock offsets and deleting the default world, with a clear error', async () => {
    const sim = await start();
    for (const id of ['__proto__', '../escape', 'UPPER', '', 'a'.repeat(41), 'x/y', 'x\u0000y'])
      expect(thrown(() => sim.worlds.create({ id })).httpStatus, id).toBe(400);
    sim.worlds.create({ id: 'taken' });
    expect(thrown(() => sim.worlds.create({ id: 'taken' })).message).toBe('The world "taken" already exists.');
    expect(thrown(() => sim.worlds.create({ id: 'default' })).httpStatus).toBe(409);
    for (const clockOffsetMs of [-401 * 86_400_000, Number.NaN, Infinity, 401 * 86_400_000])
      expect(thrown(() => sim.worlds.create({ clockOffsetMs })).httpStatus).toBe(400);
    expect(thrown(() => sim.worlds.delete('default')).httpStatus).toBe(409);
    expect(sim.worlds.list().map((w) => w.id)).toEqual(['default', 'taken']);
  });
});

describe('issue 26: persisted worlds', () => {
  it('come back after a restart with their transactions and clocks; a deleted world’s file is gone and it stays gone', async () => {
    const state = join(dir, 'sandbox.jsonl');
    const first = await start({ state });
    const kept = first.worlds.create({ id: 'kept', clockOffsetMs: 3_600_000 });
    const dropped = first.worlds.create({ id: 'dropped' });
    const keptOrder = await createOrder(first, kept.apiUrl);
    await createOrder(first, dropped.apiUrl);
    const sandboxOrder = await createOrder(first, first.apiUrl);
    expect(kept.statePath).toBe(join(dir, 'sandbox.worlds', 'kept.jsonl'));
    expect(existsSync(dropped.statePath!)).toBe(true);
    expect(first.worlds.delete('dropped')).toBe(true);
    expect(existsSync(dropped.statePath!)).toBe(false);
    await stop(first);

    const second = await start({ state });
    expect(second.worlds.list().map((w) => w.id)).toEqual(['default', 'kept']);
    const back = second.worlds.get('kept')!;
    expect(back.control.clockView().offsetSeconds).toBeGreaterThanOrEqual(3600);
    expect(back.control.transactions().map((t) => t.transactionID)).toEqual([keptOrder.transactionID]);
    expect(second.control.transactions().map((t) => t.transactionID)).toEqual([sandboxOrder.transactionID]);
    // Its follow-ups still work through the world's base URL after the restart (signature kept).
    const reference = await fetch(`${back.apiUrl}/payments/${keptOrder.transactionID}/service-reference/generate`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Digest ${keptOrder.transactionSignature}`,
        [second.clientIdHeader]: second.clientId,
      },
      body: '{}',
    });
    expect(reference.status).toBe(200);
    expect(readdirSync(join(dir, 'sandbox.worlds')).sort()).toEqual(['kept.jsonl']);
  });

  it('a world’s changes are written by the flush every answer runs first, not later (a kill -9 after the answer loses nothing)', async () => {
    const sim = await start({ state: join(dir, 'sandbox.jsonl') });
    const world = sim.worlds.create({ id: 'flushed' });
    const lines = () => readFileSync(world.statePath!, 'utf8').trim().split('\n');
    const before = lines().length;
    // The clock moves synchronously; what it changed is queued for the journal.
    const moved = world.control.advanceClock(60);
    expect(lines()).toHaveLength(before);
    (sim.worlds as WorldRegistry).flush();
    expect(lines().at(-1)).toBe('{"k":"clock","offsetMs":60000}');
    await moved;
  });

  it('a world reset forgets that world on disk too, not the others', async () => {
    const state = join(dir, 'sandbox.jsonl');
    const first = await start({ state });
    const reset = first.worlds.create({ id: 'reset' });
    const other = first.worlds.create({ id: 'other' });
    await createOrder(first, reset.apiUrl);
    const otherOrder = await createOrder(first, other.apiUrl);
    expect(reset.control.reset()).toEqual({ removedTransactions: 1 });
    await stop(first);
    const second = await start({ state });
    expect(second.worlds.get('reset')!.control.transactions()).toEqual([]);
    expect(
      second.worlds
        .get('other')!
        .control.transactions()
        .map((t) => t.transactionID),
    ).toEqual([otherOrder.transactionID]);
  });

  it('files in the worlds folder that are not world journals are left alone and not opened', async () => {
    const state = join(dir, 'sandbox.jsonl');
    const first = await start({ state });
    first.worlds.create({ id: 'real' });
    await stop(first);
    const folder = join(dir, 'sandbox.worlds');
    for (const name of ['Bad_Name.jsonl', '__proto__.jsonl', 'default.jsonl', 'notes.txt'])
      writeFileSync(join(folder, name), 'not a journal\n');
    const second = await start({ state });
    expect(second.worlds.list().map((w) => w.id)).toEqual(['default', 'real']);
    expect(second.stateProblems()).toEqual([]);
  });

  it('a world file that is not a simulator journal is reported and left alone; the other worlds start', async () => {
    const state = join(dir, 'sandbox.jsonl');
    const first = await start({ state });
    const good = first.worlds.create({ id: 'good' });
    const goodOrder = await createOrder(first, good.apiUrl);
    await stop(first);
    const foreign = join(dir, 'sandbox.worlds', 'foreign.jsonl');
    writeFileSync(foreign, '{"k":"header","format":"something-else","version":9}\n');
    const second = await start({ state });
    expect(second.worlds.list().map((w) => w.id)).toEqual(['default', 'good']);
    expect(
      second.worlds
        .get('good')!
        .control.transactions()
        .map((t) => t.transactionID),
    ).toEqual([goodOrder.transactionID]);
    expect(second.stateProblems().join('\n')).toMatch(
      /The world "foreign" was not restored: .*not a version-1 simulator state file/,
    );
    expect(readFileSync(foreign, 'utf8')).toContain('something-else');
  });
});

describe('issue 26: the world cap', () => {
  it(`refuses world ${MAX_WORLDS + 1} with a clear 409, in-process, over the control API and on first use`, async () => {
    const sim = await start({ autoWorlds: true });
    for (let index = 0; index < MAX_WORLDS; index++) sim.worlds.create({ id: `w${index}` });
    const error = thrown(() => sim.worlds.create({ id: 'one-too-many' }));
    expect(error.httpStatus).toBe(409);
    expect(error.message).toContain(`already holds ${MAX_WORLDS} worlds, its limit`);
    const overHttp = await fetch(`${sim.url}/__simulator/worlds`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: 'one-too-many' }),
    });
    expect(overHttp.status).toBe(409);
    const terminal = sim.terminals[0]!;
    const firstUse = await fetch(`${sim.url}/worlds/one-too-many/api/v2/payments/x/status`, {
      headers: { Authorization: `Bearer ${terminal.token}`, [sim.clientIdHeader]: sim.clientId },
    });
    expect(firstUse.status).toBe(409);
    expect(sim.worlds.get('one-too-many')).toBeUndefined();
    // Discarding one makes room again.
    sim.worlds.delete('w0');
    expect(sim.worlds.create({ id: 'one-too-many' }).id).toBe('one-too-many');
  });
});
