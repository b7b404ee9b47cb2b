/**
 * Issue 26 §3: the Simulator screen acts on one world. Against a real console core (its embedded
 * simulator, its worlds and the `simulator.*` handlers behind the contract dispatcher): the screen shows
 * the user's Sandbox by default, lists the console's worlds in its picker, and shows and moves only the
 * chosen world's transactions and clock.
 */
import type { VueWrapper } from '@vue/test-utils';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConsoleApi } from '@shared/contract';
import SimulatorView from '../../../src-renderer/src/features/simulator/SimulatorView.vue';
import { orderA } from '../../main/gateway/fixtures';
import { startCore } from '../../main/core/harness';
import { mountInApp } from '../followups/mount';
import { consoleApiOf, settle } from '../console-core-api';

let api: ConsoleApi;
vi.mock('../../../src-renderer/src/api', () => ({ useConsoleApi: () => api }));

const rowIds = (wrapper: VueWrapper) =>
  wrapper.findAll('tr[data-transaction]').map((row) => row.attributes('data-transaction'));

describe('Simulator screen: one world at a time', () => {
  let harness: Awaited<ReturnType<typeof startCore>>;
  let mine: string;
  let theirs: string;
  let worldId: string;
  beforeAll(async () => {
    harness = await startCore();
    // The renderer's api: every method through the core's own dispatcher.
    api = consoleApiOf(harness.core);
    mine = (await harness.call('orders.create', { profileId: 'sandbox-a', order: orderA() })).exchange.transactionID;
    const opened = await harness.call('qa.openSessionWorld', { sessionId: randomUUID(), name: 'Checkout' });
    worldId = opened.worldId;
    theirs = (await harness.call('orders.create', { profileId: opened.profiles.A, order: orderA() })).exchange
      .transactionID;
  });
  afterAll(async () => {
    await harness.close();
    await harness.removeDir();
  });

  it('shows the chosen world’s transactions only, and moves only that world’s clock', async () => {
    const wrapper = mountInApp(SimulatorView);
    await settle();
    const picker = wrapper.find('select[data-testid="simulator-world"]');
    expect(picker.findAll('option').map((option) => option.text())).toEqual([
      'Your Sandbox',
      expect.stringMatching(/^Test session: Session Checkout/),
    ]);
    // The user's Sandbox by default: their order, not the session's.
    expect(rowIds(wrapper)).toEqual([mine]);

    await picker.setValue(worldId);
    await settle();
    expect(rowIds(wrapper)).toEqual([theirs]);
    const advance = wrapper
      .findAll('button')
      .find((button) => button.attributes('aria-label') === 'Advance clock +5 min')!;
    await advance.trigger('click');
    await settle();
    expect((await harness.call('simulator.status', { worldId })).clock.offsetSeconds).toBe(300);
    expect((await harness.call('simulator.status')).clock.offsetSeconds).toBe(0);

    // Back to the user's Sandbox: its own clock and rows again.
    await picker.setValue('');
    await settle();
    expect(rowIds(wrapper)).toEqual([mine]);
    expect(wrapper.find('[data-testid="simulator-clock"]').text()).not.toMatch(/offset 5/);
    wrapper.unmount();
  });

  it('issue 26 defect: a run’s or session’s world had nothing on the Simulator screen to delete it with — “Discard this world” discards it (main decides), never the user’s Sandbox', async () => {
    const wrapper = mountInApp(SimulatorView);
    await settle();
    // On the user's Sandbox there is nothing to discard.
    expect(wrapper.find('[data-testid="discard-world"]').exists()).toBe(false);
    await wrapper.find('select[data-testid="simulator-world"]').setValue(worldId);
    await settle();
    await wrapper.find('[data-testid="discard-world"]').trigger('click');
    await settle();
    const confirm = [...document.body.querySelectorAll('.n-popconfirm__action button')].find((button) =>
      /OK|Confirm/i.test(button.textContent ?? ''),
    ) as HTMLButtonElement;
    expect(document.body.textContent).toContain('Your Sandbox is not touched.');
    confirm.click();
    await settle();

    expect(harness.core.simulator!.worlds.get(worldId)).toBeUndefined();
    expect((await harness.call('simulator.worlds')) as unknown[]).toEqual([]);
    expect(wrapper.find('[data-testid="world-outcome"]').text()).toMatch(/was discarded/);
    // Back on the user's Sandbox, whose order is still there.
    expect(rowIds(wrapper)).toEqual([mine]);
    expect(wrapper.find('[data-testid="discard-world"]').exists()).toBe(false);
    wrapper.unmount();
  });
});
