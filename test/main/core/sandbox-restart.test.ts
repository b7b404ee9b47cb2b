/**
 * The Sandbox survives a restart of the console on a machine without a keychain (every session gets an
 * empty session-memory store, as on a headless box): same transactions, same answers, same signatures,
 * from the core and from the CLI; `simulator.reset` forgets the Sandbox and only the Sandbox.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { CliIo } from '../../../src-main/cli/cli-io';
import { referenceCommand } from '../../../src-main/cli/reference-command';
import { statusCommand } from '../../../src-main/cli/status-command';
import { sessionOnlyStore } from '../../../src-main/credentials/memory-store';
import { orderA } from '../gateway/fixtures';
import { Harness } from '../simulator/harness';
import { startCore } from './harness';

type Core = Awaited<ReturnType<typeof startCore>>;
const cleanups: Array<() => Promise<void>> = [];
const running = new Set<Core>();
afterEach(async () => {
  for (const core of running) await end(core);
  while (cleanups.length) await cleanups.pop()!();
});

/** A console session without any keychain: secrets would live in this process's memory only. */
const session = async (userDataDir?: string): Promise<Core> => {
  const core = await startCore({
    simulator: true,
    credentials: sessionOnlyStore('no D-Bus session'),
    ...(userDataDir ? { userDataDir } : {}),
  });
  running.add(core);
  return core;
};
const end = async (core: Core) => {
  running.delete(core);
  await core.close();
};

const capture = () => {
  const out = { stdout: '', stderr: '' };
  const io: CliIo = {
    stdout: (text) => void (out.stdout += text),
    stderr: (text) => void (out.stderr += text),
    readStdin: async () => Buffer.alloc(0),
    stdinIsTty: true,
  };
  return { io, out };
};

describe('the Sandbox across restarts without a keychain', () => {
  it('answers status and follow-ups for earlier transactions, from the core and the CLI', async () => {
    const first = await session();
    cleanups.push(() => first.removeDir());
    const created = await first.call('orders.create', { profileId: 'sandbox-a', order: orderA() });
    const id: string = created.exchange.transactionID;
    const reference = await first.call('payments.generateReference', { profileId: 'sandbox-a', transactionId: id });
    const mbway = await first.call('orders.create', { profileId: 'sandbox-a', order: orderA() });
    const mbwayId: string = mbway.exchange.transactionID;
    await first.call('payments.mbwayPurchase', { profileId: 'sandbox-a', transactionId: mbwayId, phone: '912345678' });
    await first.call('simulator.advanceClock', { seconds: 10 });
    const before = await first.call('payments.status', { profileId: 'sandbox-a', transactionId: mbwayId });
    expect(before.exchange.paymentStatus).toBe('Success');
    await end(first);

    const second = await session(first.userDataDir);
    expect(await second.call('simulator.status')).toMatchObject({ transactionCount: 2, clock: { offsetSeconds: 10 } });
    const after = await second.call('payments.status', { profileId: 'sandbox-a', transactionId: mbwayId });
    expect(after.exchange.classification).toBe('ok');
    expect(after.exchange.paymentStatus).toBe('Success');
    // The follow-up still finds its signature (no "could not be decrypted" after the restart).
    const again = await second.call('payments.generateReference', { profileId: 'sandbox-a', transactionId: id });
    expect(again.exchange.classification).toBe('ok');
    expect(reference.response.paymentReference.reference).toMatch(/^\d{9}$/);
    expect(again.response.paymentReference.reference).toBe(reference.response.paymentReference.reference);

    // The CLI, in its own session without a keychain, on the same user-data folder.
    const status = capture();
    const args = ['--profile', 'Sandbox · Variant A', '--user-data-dir', second.userDataDir];
    const code = await statusCommand.runWith([...args, id], status.io, {
      credentials: sessionOnlyStore('no D-Bus session'),
    });
    expect(status.out.stderr).toBe('');
    expect(code).toBe(0);
    expect(status.out.stdout).toMatch(/paymentStatus: Pending/);
    const followUp = capture();
    expect(
      await referenceCommand.runWith([...args, id], followUp.io, { credentials: sessionOnlyStore('no D-Bus') }),
    ).toBe(0);
    expect(followUp.out.stdout).not.toMatch(/signature/i);
  });

  it('simulator.reset forgets the Sandbox transactions and signatures, and nothing of other profiles', async () => {
    const other = await Harness.start();
    cleanups.push(() => other.close());
    const core = await session();
    cleanups.push(() => core.removeDir());
    const saved = await core.call('profiles.save', {
      settings: {
        name: 'Other gateway',
        environment: 'test',
        baseUrl: other.sim.url,
        terminalId: '1000001',
        variant: 'A',
      },
      secrets: { bearerToken: other.terminalA.token, clientId: other.sim.clientId },
    });
    const otherOrder = await core.call('orders.create', { profileId: saved.id, order: orderA() });
    const sandboxIds: string[] = [];
    for (let index = 0; index < 3; index++)
      sandboxIds.push(
        (await core.call('orders.create', { profileId: 'sandbox-a', order: orderA() })).exchange.transactionID,
      );
    await core.call('simulator.advanceClock', { seconds: 120 });

    expect(await core.call('simulator.reset')).toEqual({ removedTransactions: 3 });
    expect(await core.call('simulator.status')).toMatchObject({ transactionCount: 0, clock: { offsetSeconds: 0 } });
    expect(await core.call('simulator.transactions', {})).toEqual([]);
    const gone = await core.call('payments.status', { profileId: 'sandbox-a', transactionId: sandboxIds[0] });
    expect(gone.exchange.response?.status).toBe(404);
    const unsigned = await core.core.dispatch('payments.generateReference', {
      profileId: 'sandbox-a',
      transactionId: sandboxIds[1],
    });
    expect(unsigned).toMatchObject({ ok: false });
    // The other profile's signature is still there: its follow-up goes out and succeeds.
    const kept = await core.call('payments.generateReference', {
      profileId: saved.id,
      transactionId: otherOrder.exchange.transactionID,
    });
    expect(kept.exchange.classification).toBe('ok');

    // And the reset holds across a restart (the state file was emptied too).
    await end(core);
    const next = await session(core.userDataDir);
    expect(await next.call('simulator.status')).toMatchObject({ transactionCount: 0 });
  });
});
