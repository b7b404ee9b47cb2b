/**
 * Driving the shop through main (issue 29 §3): the tester's outcome and armed faults act on the shop's
 * world only — the shop's own HTTP client then meets them — and bad input is refused with a clear error.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startCore } from '../core/harness';
import { shopCreates, startShopCore } from './shop-core';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});
const start = () => startShopCore(cleanups);

describe('drive the shop through main', () => {
  it('the shopper’s outcome is played in the shop world, never in the user’s Sandbox', async () => {
    const { harness, connection } = await start();
    const { transactionID } = await shopCreates(connection);
    const view = await harness.call('shop.shopperOutcome', { transactionId: transactionID, outcome: 'decline' });
    expect(view.paymentStatus).toBe('Declined');
    expect(harness.core.simulator!.control.transactionCount()).toBe(0);
    // Per world: every new payment's shopper, set on the shop's world and not on the user's Sandbox.
    expect(await harness.call('shop.setWorldShopper', { outcome: 'approve' })).toEqual({
      outcome: 'approve',
      step: null,
    });
    expect(harness.core.simulator!.worlds.get('shop')!.control.worldShopper().outcome).toBe('approve');
    expect(harness.core.simulator!.control.worldShopper().outcome).toBeNull();
    const unknown = await harness.core.dispatch('shop.shopperOutcome', { transactionId: 'nope', outcome: 'approve' });
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.error.code).toBe('not-found');
  });

  it('a 503 armed for the next create is what the shop’s next call meets, and it is recorded with the fault', async () => {
    const { harness, connection } = await start();
    const armed = await harness.call('shop.armCallFault', {
      fault: { kind: 'status', status: 503, operation: 'createOrder' },
    });
    expect(armed.calls).toEqual([{ kind: 'status', status: 503, operation: 'createOrder', remaining: 1 }]);
    expect((await shopCreates(connection)).status).toBe(503);
    expect((await shopCreates(connection)).status).toBe(200);
    await expect.poll(async () => (await harness.call('shop.traffic', { after: 0 })).entries.length).toBe(2);
    const [first] = (await harness.call('shop.traffic', { after: 0 })).entries;
    expect(first.shop.response).toMatchObject({ status: 503 });
    // Nothing armed on the user's own Sandbox.
    expect(harness.core.simulator!.faults.armed().calls).toEqual([]);
  });

  it('a fault without what it needs is refused with the field named, and nothing is armed', async () => {
    const { harness } = await start();
    const refused = await harness.core.dispatch('shop.armCallFault', { fault: { kind: 'latency' } });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error.code).toBe('invalid-input');
      expect(JSON.stringify(refused.error)).toContain('latencyMs');
    }
    expect((await harness.call('shop.clearFaults')).calls).toEqual([]);
  });

  it('the shop world’s shopper, extra step included, is the same after the console restarts', async () => {
    const first = await startCore();
    cleanups.push(() => first.removeDir());
    await first.call('shop.connection');
    expect(await first.call('shop.setWorldShopper', { outcome: 'decline', step: 'complete' })).toEqual({
      outcome: 'decline',
      step: 'complete',
    });
    await first.close();

    const second = await startCore({ userDataDir: first.userDataDir, credentials: first.credentials });
    cleanups.push(() => second.close());
    expect(await second.call('shop.worldShopper')).toEqual({ outcome: 'decline', step: 'complete' });
    // A part left out stays as it is.
    expect(await second.call('shop.setWorldShopper', { step: null })).toEqual({ outcome: 'decline', step: null });
  });
});
