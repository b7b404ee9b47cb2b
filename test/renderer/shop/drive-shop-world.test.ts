/**
 * Driving the shop (issue 29 §3) from the Traffic view's entry: "Complete in Sandbox as …" on a transaction
 * of the shop world plays the shopper in that world, through main; the drive panel shows and sets the
 * world's shopper (every new payment, every new extra step). Against a real console core.
 */
import { request } from 'node:http';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConsoleApi } from '@shared/contract';
import type { ShopConnection } from '@shared/contract/shop';
import { SHOP_WORLD_ID, worldProfileId } from '@shared/sandbox-worlds';
import SandboxControls from '../../../src-renderer/src/components/SandboxControls.vue';
import DriveShopPanel from '../../../src-renderer/src/features/shop/DriveShopPanel.vue';
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles';
import { validOrderA } from '../../shared/gateway/fixtures';
import { startCore } from '../../main/core/harness';
import { mountInApp } from '../followups/mount';
import { consoleApiOf, settle } from '../console-core-api';

let api: ConsoleApi;
vi.mock('../../../src-renderer/src/api', () => ({ useConsoleApi: () => api }));

/** The shop's backend (node's own HTTP client: the page's fetch would be a browser's). */
function shopPost(url: string, headers: Record<string, string>, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const call = request(url, { method: 'POST', headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve(text));
    });
    call.on('error', reject);
    call.end(body);
  });
}

describe('Drive the shop', () => {
  let harness: Awaited<ReturnType<typeof startCore>>;
  beforeAll(async () => {
    harness = await startCore();
    api = consoleApiOf(harness.core);
  });
  afterAll(async () => {
    await harness.close();
    await harness.removeDir();
  });

  it('defect: “Complete in Sandbox as” on a world’s transaction completed it in the user’s Sandbox (not found) — it now plays the shopper in the shop’s world', async () => {
    const connection = (await harness.call('shop.connection')) as ShopConnection;
    // The shop creates its order on its world, with its own HTTP client.
    const answer = await shopPost(
      `${connection.apiUrl}/payments`,
      {
        'content-type': 'application/json',
        authorization: `Bearer ${connection.terminals[0]!.bearerToken}`,
        [connection.clientIdHeader]: connection.clientId,
      },
      JSON.stringify(validOrderA()),
    );
    const { transactionID } = JSON.parse(answer) as { transactionID: string };

    const wrapper = mountInApp(SandboxControls, {
      transactionId: transactionID,
      profileId: worldProfileId(SHOP_WORLD_ID, 'A'),
    });
    await useProfilesStore().load();
    await settle();
    await wrapper.find('select').setValue('Declined');
    await wrapper
      .findAll('button')
      .find((button) => button.text() === 'Complete')!
      .trigger('click');
    await settle();

    expect(wrapper.find('[role="alert"]').exists()).toBe(false);
    const world = harness.core.simulator!.worlds.get(SHOP_WORLD_ID)!;
    expect(world.control.transaction(transactionID).paymentStatus).toBe('Declined');
    expect(harness.core.simulator!.control.transactionCount()).toBe(0);
    wrapper.unmount();
  });

  it('shows what the world’s shopper does now and sets the extra step’s outcome for the whole world, from the keyboard', async () => {
    await harness.call('shop.setWorldShopper', { outcome: 'approve', step: 'fail' });
    const wrapper = mountInApp(DriveShopPanel, {});
    await settle();
    const selectOf = (label: string) => {
      const labelled = wrapper.findAll('label').find((candidate) => candidate.text() === label)!;
      return wrapper.find(`#${labelled.attributes('for')}`);
    };
    const shopper = selectOf('Every new payment’s shopper');
    const step = selectOf('Every new extra step (3-D Secure, redirect)');
    // Kept by the world (across restarts too): the panel shows it rather than “does nothing”.
    expect((shopper.element as HTMLSelectElement).value).toBe('approve');
    expect((step.element as HTMLSelectElement).value).toBe('fail');

    await step.setValue('complete');
    // A form: Enter in a select submits it, as the Set button does.
    step.element.closest('form')!.dispatchEvent(new Event('submit'));
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
