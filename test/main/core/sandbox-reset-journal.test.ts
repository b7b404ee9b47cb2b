/**
 * Issue 27, onboarding presenter item 5: after End demo → Reset the Notifications header said
 * "84 deliveries journaled" while the table was empty. The reset happens in main, so main's journal
 * (the receiver's count and `notifications.list`, from which History is rebuilt) forgets the Sandbox too.
 */
import { afterEach, describe, expect, it } from 'vitest';
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

describe('Sandbox reset and the delivery journal', () => {
  it('issue 27 item 5 defect: the receiver kept counting the reset Sandbox’s deliveries — now count and list are 0', async () => {
    const core = await startCore({ simulator: true });
    cores.push(core);
    const created = await core.call('orders.create', { profileId: 'sandbox-a', order: orderA() });
    const transactionId: string = created.exchange.transactionID;
    await core.call('payments.mbwayPurchase', { profileId: 'sandbox-a', transactionId, phone: '912345678' });
    await core.call('simulator.advanceClock', { seconds: 10 });
    await expect
      .poll(async () => (await core.call('notifications.receiverStatus')).deliveries, { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect((await core.call('notifications.list', {})).records.length).toBeGreaterThan(0);

    await core.call('simulator.reset');

    expect((await core.call('notifications.receiverStatus')).deliveries).toBe(0);
    expect((await core.call('notifications.list', {})).records).toEqual([]);
  });
});
