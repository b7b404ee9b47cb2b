/**
 * Issue 26 §1: main keeps the record. Every exchange the core makes and every notification it receives is
 * appended to the journal in the user-data folder with a seq, before anything is pushed, and read back
 * through `record.since` — also by a second core on the same folder (the CLI beside the console).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordEntry } from '@shared/contract/record';
import { RECORD_DIR, RECORD_FILE } from '../../../src-main/record/record-journal';
import { orderA } from '../gateway/fixtures';
import { startCore } from '../core/harness';
import { SETTINGS_FILE, UserSettingsStore } from '../../../src-main/settings/user-settings';

type Core = Awaited<ReturnType<typeof startCore>>;
const cores: Core[] = [];
afterEach(async () => {
  const closing = cores.splice(0);
  for (const core of closing) await core.close();
  for (const core of closing) await core.removeDir();
});
const start = async (options: Parameters<typeof startCore>[0] = {}) => {
  const core = await startCore(options);
  cores.push(core);
  return core;
};
const allEntries = async (core: Core): Promise<RecordEntry[]> =>
  (await core.call('record.since', { after: 0 })).entries;

describe('main keeps the record of every exchange and notification', () => {
  it('issue 26 defect: calls reached History only by a live push — now each is journaled in main with a seq first', async () => {
    const core = await start();
    const created = await core.call('orders.create', { profileId: 'sandbox-a', order: orderA() });
    const transactionId: string = created.exchange.transactionID;
    await core.call('payments.mbwayPurchase', { profileId: 'sandbox-a', transactionId, phone: '912345678' });
    await core.call('payments.status', { profileId: 'sandbox-a', transactionId });

    const entries = await allEntries(core);
    expect(entries.map((entry) => entry.seq)).toEqual([1, 2, 3]);
    expect(entries.map((entry) => (entry.kind === 'exchange' ? entry.exchange.operation : entry.kind))).toEqual([
      'createOrder',
      'mbwayPurchase',
      'getStatus',
    ]);
    expect(entries[0]).toMatchObject({ kind: 'exchange', exchange: { id: created.exchange.id } });
    // The push carries the same entry with its seq, so a window can tell when it missed one.
    const pushed = core.events.filter((event) => event.name === 'record.appended').map((event) => event.payload);
    expect(pushed).toEqual(entries);
    expect(await core.call('record.head')).toMatchObject({ head: 3, entries: 3, unreadableLines: 0 });
  });

  it('journals notification deliveries as entries of the same sequence', async () => {
    const core = await start();
    const created = await core.call('orders.create', { profileId: 'sandbox-a', order: orderA() });
    const transactionId: string = created.exchange.transactionID;
    await core.call('payments.mbwayPurchase', { profileId: 'sandbox-a', transactionId, phone: '912345678' });
    await core.call('simulator.advanceClock', { seconds: 10 });
    await expect
      .poll(async () => (await allEntries(core)).filter((entry) => entry.kind === 'notification').length, {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    const notification = (await allEntries(core)).find((entry) => entry.kind === 'notification');
    expect(notification).toMatchObject({
      kind: 'notification',
      delivery: { verdict: 'accepted', notification: { transactionId } },
    });
  });

  it('keeps no secret in the journal file: bearer token, client id and signatures are masked as in the push', async () => {
    const core = await start();
    await core.call('orders.create', { profileId: 'sandbox-a', order: orderA() });
    const text = readFileSync(join(core.userDataDir, RECORD_DIR, RECORD_FILE), 'utf8');
    const simulator = core.core.simulator!;
    expect(text).toContain('createOrder');
    expect(text).not.toContain(simulator.clientId);
    expect(text).not.toMatch(/"transactionSignature":"(?!••••)/);
    expect(text).not.toMatch(/Bearer (?!••••)/);
  });

  it('a second core on the same user-data folder (the CLI) continues the numbering and the first one reads its calls', async () => {
    const console = await start();
    const first = await console.call('orders.create', { profileId: 'sandbox-a', order: orderA() });
    const cli = await start({ userDataDir: console.userDataDir });
    const second = await cli.call('payments.status', { profileId: 'sandbox-a', transactionId: 's2NOTKNOWN' });
    const entries = await allEntries(console);
    expect(entries.map((entry) => entry.seq)).toEqual([1, 2]);
    expect(entries.map((entry) => (entry.kind === 'exchange' ? entry.exchange.id : null))).toEqual([
      first.exchange.id,
      second.exchange.id,
    ]);
    expect((await console.call('record.head')).journalId).toBe((await cli.call('record.head')).journalId);
  });

  it('a Sandbox reset forgets the Sandbox’s entries, so a History rebuilt from the record does not bring them back', async () => {
    const core = await start();
    await core.call('orders.create', { profileId: 'sandbox-a', order: orderA() });
    await core.call('simulator.reset');
    expect(await allEntries(core)).toEqual([]);
    // Numbers are never reused after a reset.
    await core.call('orders.create', { profileId: 'sandbox-a', order: orderA() });
    expect((await allEntries(core)).map((entry) => entry.seq)).toEqual([2]);
  });

  it('issue 26 defect: a page could shrink main’s record with made-up limits — record.applyRetention takes none and applies the saved retention', async () => {
    const core = await start();
    for (let i = 0; i < 3; i += 1) await core.call('orders.create', { profileId: 'sandbox-a', order: orderA() });
    // Limits from a page are refused, and nothing is dropped.
    const refused = await core.core.dispatch('record.applyRetention', { maxAgeDays: null, maxCount: 1 });
    expect(refused).toMatchObject({ ok: false });
    expect((await allEntries(core)).map((entry) => entry.seq)).toEqual([1, 2, 3]);
    // With no saved retention, "apply now" keeps everything.
    expect(await core.call('record.applyRetention')).toEqual({ removed: 0 });
    expect(await allEntries(core)).toHaveLength(3);
  });

  it('issue 26: main applies the saved retention to its record as soon as the user saves it', async () => {
    const core = await start();
    for (let i = 0; i < 3; i += 1) await core.call('orders.create', { profileId: 'sandbox-a', order: orderA() });
    await core.call('settings.update', { historyRetention: { maxAgeDays: null, maxCount: 1 } });
    expect((await allEntries(core)).map((entry) => entry.seq)).toEqual([3]);
  });

  it('issue 26: main applies the saved retention to its record at start, with no window open', async () => {
    const first = await start();
    for (let i = 0; i < 3; i += 1) await first.call('orders.create', { profileId: 'sandbox-a', order: orderA() });
    await first.close();
    cores.splice(cores.indexOf(first), 1); // its folder goes with the restarted core
    // Saved by another core on the same folder (the CLI, a page of another run) while this one was closed.
    await new UserSettingsStore(join(first.userDataDir, SETTINGS_FILE)).update({
      historyRetention: { maxAgeDays: null, maxCount: 2 },
    });
    const restarted = await start({ userDataDir: first.userDataDir });
    expect((await allEntries(restarted)).map((entry) => entry.seq)).toEqual([2, 3]);
  });

  it('issue 26: “Clear older than N days” is its own narrowly validated method', async () => {
    const core = await start();
    for (let i = 0; i < 2; i += 1) await core.call('orders.create', { profileId: 'sandbox-a', order: orderA() });
    for (const input of [{ days: -1 }, { days: 1.5 }, { days: 36_501 }, { days: 1, maxCount: 1 }, {}]) {
      expect(await core.core.dispatch('record.clearOlderThan', input)).toMatchObject({ ok: false });
    }
    expect(await allEntries(core)).toHaveLength(2);
    expect(await core.call('record.clearOlderThan', { days: 1 })).toEqual({ removed: 0 });
    expect(await core.call('record.clearOlderThan', { days: 0 })).toEqual({ removed: 2 });
    expect(await allEntries(core)).toEqual([]);
  });
});
