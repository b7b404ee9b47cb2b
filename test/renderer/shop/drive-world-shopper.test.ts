/**
 * The Traffic view's drive panel (issue 29 §3): the shop world's shopper — every new payment and every new
 * extra step — shown as the world keeps it (set before, or before a restart) and changed from the keyboard
 * (labelled selects, a form submitted with Enter). Against a real console core.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConsoleApi } from '@shared/contract';
import { SHOP_WORLD_ID } from '@shared/sandbox-worlds';
import DriveShopPanel from '../../../src-renderer/src/features/shop/DriveShopPanel.vue';
import { startCore } from '../../main/core/harness';
import { mountInApp } from '../followups/mount';
import { consoleApiOf, settle } from '../console-core-api';

let api: ConsoleApi;
vi.mock('../../../src-renderer/src/api', () => ({ useConsoleApi: () => api }));

describe('Drive the shop: the world’s shopper', () => {
  let harness: Awaited<ReturnType<typeof startCore>>;
  beforeAll(async () => {
    harness = await startCore();
    api = consoleApiOf(harness.core);
  });
  afterAll(async () => {
    await harness.close();
    await harness.removeDir();
  });

  it('shows what the world’s shopper does now and sets the extra step’s outcome for the whole world', async () => {
    await harness.call('shop.setWorldShopper', { outcome: 'approve', step: 'fail' });
    const wrapper = mountInApp(DriveShopPanel, {});
    await settle();
    const selectOf = (label: string) => {
      const labelled = wrapper.findAll('label').find((candidate) => candidate.text() === label)!;
      return wrapper.find(`#${labelled.attributes('for')}`);
    };
    const shopper = selectOf('Every new payment’s shopper');
    const step = selectOf('Every new extra step (3-D Secure, redirect)');
    expect((shopper.element as HTMLSelectElement).value).toBe('approve');
    expect((step.element as HTMLSelectElement).value).toBe('fail');

    await step.setValue('complete');
    await step.element.closest('form')!.dispatchEvent(new Event('submit'));
    await settle();
    expect(wrapper.find('[role="status"]').text()).toBe(
      'Every new payment’s shopper: Approve. Every new extra step: Complete the extra step.',
    );
    expect(harness.core.simulator!.worlds.get(SHOP_WORLD_ID)!.control.worldShopper()).toEqual({
      outcome: 'approve',
      step: 'complete',
    });
    wrapper.unmount();
  });
});
