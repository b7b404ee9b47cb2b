/**
 * The Traffic view after a reset of the shop's world (issue 29 §1): open while the world is reset, it empties
 * at once (main pushes the reset entry); what the shop does next appears. Against a real console core whose
 * pushes reach the page.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConsoleApi } from '@shared/contract';
import type { ShopConnection } from '@shared/contract/shop';
import { SHOP_WORLD_ID } from '@shared/sandbox-worlds';
import TrafficView from '../../../src-renderer/src/features/shop/TrafficView.vue';
import { validOrderA } from '../../shared/gateway/fixtures';
import { startCore } from '../../main/core/harness';
import { mountInApp } from '../followups/mount';
import { consoleApiOf, settle } from '../console-core-api';

let api: ConsoleApi;
vi.mock('../../../src-renderer/src/api', () => ({ useConsoleApi: () => api }));

describe('the Traffic view and a reset of the shop’s world', () => {
  let harness: Awaited<ReturnType<typeof startCore>>;
  beforeAll(async () => {
    harness = await startCore();
    const calls = consoleApiOf(harness.core);
    // The page's API with main's pushes delivered, as the window's host transport does.
    api = new Proxy(calls, {
      get: (target, name: string) =>
        name === 'on'
          ? (event: string, listener: (payload: unknown) => void) =>
              harness.core.events.subscribe((pushed, payload) => {
                if (pushed === event) listener(payload);
              })
          : target[name as keyof ConsoleApi],
    });
  });
  afterAll(async () => {
    await harness.close();
    await harness.removeDir();
  });

  it('empties when the world is reset, and shows the shop’s next call', async () => {
    const connection = (await harness.call('shop.connection')) as ShopConnection;
    // The shop's backend: node's own HTTP client (the page's fetch would be a browser's).
    const shopCreates = () =>
      new Promise<void>((resolve, reject) => {
        const headers = {
          'content-type': 'application/json',
          authorization: `Bearer ${connection.terminals[0]!.bearerToken}`,
          [connection.clientIdHeader]: connection.clientId,
        };
        request(`${connection.apiUrl}/payments`, { method: 'POST', headers }, (response) => {
          response.resume().on('end', resolve);
        })
          .on('error', reject)
          .end(JSON.stringify(validOrderA()));
      });
    await shopCreates();
    const wrapper = mountInApp(TrafficView, {});
    const rows = () => wrapper.findAll('tbody tr').length;
    await expect.poll(async () => (await settle(), rows())).toBe(1);

    await harness.call('simulator.reset', { worldId: SHOP_WORLD_ID });
    await expect.poll(async () => (await settle(), rows())).toBe(0);
    expect(wrapper.text()).toContain('No traffic yet');

    await shopCreates();
    await expect.poll(async () => (await settle(), rows())).toBe(1);
    wrapper.unmount();
  });
});
