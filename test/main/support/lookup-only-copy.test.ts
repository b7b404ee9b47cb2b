/**
 * Issue 27 item 9: "New lookup-only profile from this one". A lookup-only desk on the Sandbox used to need
 * the simulator's credentials copied from a file and broke at the next start (the port changes). The copy
 * now asks with its source's address and credentials as they are at each call; nothing secret is copied.
 * (The Sandbox now keeps its port across restarts; the test makes it move by holding the old one.)
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { orderA } from '../gateway/fixtures';
import { startCore } from '../core/harness';

type Core = Awaited<ReturnType<typeof startCore>>;
const cores: Core[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
});
const start = async (userDataDir?: string) => {
  const core = await startCore({ simulator: true, ...(userDataDir ? { userDataDir } : {}) });
  cores.push(core);
  return core;
};

describe('issue 27 item 9: a lookup-only copy of the Sandbox survives restarts', () => {
  it('looks up Sandbox transactions, refuses to move money, and still works after the port changes', async () => {
    const first = await start();
    const created = await first.call('orders.create', { profileId: 'sandbox-a', order: orderA() });
    const transactionId: string = created.exchange.transactionID;
    const copy = await first.call('profiles.newLookupOnly', { fromId: 'sandbox-a', name: 'Sandbox desk' });
    expect(copy).toMatchObject({
      name: 'Sandbox desk',
      lookupOnly: true,
      managed: false,
      lookupCopyOf: 'Sandbox · Variant A',
    });
    expect(copy.secrets.bearerToken.set).toBe(true);

    const status = await first.call('payments.status', { profileId: copy.id, transactionId });
    expect(status.exchange.classification).toBe('ok');
    const refused = await first.core.dispatch('orders.create', { profileId: copy.id, order: orderA() });
    expect(refused).toMatchObject({ ok: false, error: { code: 'lookup-only' } });
    const oldUrl = first.core.simulator!.url;
    await first.close();
    cores.splice(0);

    // The Sandbox keeps its port across restarts; another program holding it makes the simulator move.
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(Number(new URL(oldUrl).port), '127.0.0.1', resolve));
    const second = await start(first.userDataDir).finally(() => squatter.close());
    expect(second.core.simulator!.url).not.toBe(oldUrl);
    const listed = (await second.call('profiles.list')).profiles.find((p: { id: string }) => p.id === copy.id);
    expect(listed.baseUrl).toBe(second.core.simulator!.url);
    const again = await second.call('payments.status', { profileId: copy.id, transactionId });
    expect(again.exchange.classification).toBe('ok');
    expect(again.exchange.paymentStatus).toBeTruthy();
    // No secret was written for the copy: profiles.json names no token, and the copy has none of its own.
    const file = await readFile(join(first.userDataDir, 'profiles.json'), 'utf8');
    expect(file).not.toMatch(/sbx_/);
    await second.removeDir();
  });

  it('refuses a duplicate name or an unknown source, and changes nothing', async () => {
    const core = await start();
    const before = (await core.call('profiles.list')).profiles.length;
    const duplicate = await core.core.dispatch('profiles.newLookupOnly', {
      fromId: 'sandbox-a',
      name: 'Sandbox · Variant B',
    });
    expect(duplicate).toMatchObject({ ok: false, error: { code: 'duplicate-name' } });
    const ghost = await core.core.dispatch('profiles.newLookupOnly', { fromId: 'nobody', name: 'Ghost desk' });
    expect(ghost).toMatchObject({ ok: false, error: { code: 'not-found' } });
    expect((await core.call('profiles.list')).profiles).toHaveLength(before);
    await core.removeDir();
  });

  it('saving the copy with an address of its own makes it an ordinary profile that no longer borrows credentials', async () => {
    const core = await start();
    const copy = await core.call('profiles.newLookupOnly', { fromId: 'sandbox-a', name: 'Desk 2' });
    const { id, secrets: _s, createdAt: _c, updatedAt: _u, managed: _m, lookupCopyOf: _l, ...settings } = copy;
    const moved = await core.call('profiles.save', { id, settings: { ...settings, baseUrl: 'http://127.0.0.1:9' } });
    expect(moved.lookupCopyOf).toBeUndefined();
    expect(moved.secrets.bearerToken.set).toBe(false);
    // Saved unchanged (as the form does), it stays a copy.
    const kept = await core.call('profiles.newLookupOnly', { fromId: 'sandbox-a', name: 'Desk 3' });
    const { id: keptId, secrets: _s2, createdAt: _c2, updatedAt: _u2, managed: _m2, lookupCopyOf: _l2, ...same } = kept;
    expect(
      (await core.call('profiles.save', { id: keptId, settings: { ...same, name: 'Desk 3b' } })).lookupCopyOf,
    ).toBe('Sandbox · Variant A');
    await core.removeDir();
  });
});
