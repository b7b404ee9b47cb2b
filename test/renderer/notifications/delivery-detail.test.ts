import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleApi } from '@shared/contract';
import DeliveryDetail from '../../../src-renderer/src/features/notifications/DeliveryDetail.vue';
import { rowFromDelivery } from '../../../src-renderer/src/services/notification-rows';
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles';
import { mountInApp } from '../followups/mount';
import { makeDelivery, notificationJson } from './fixtures';

const profile = (id: string, name: string, environment: string) => ({
  id,
  name,
  environment,
  secrets: { bearerToken: { set: true }, clientId: { set: true }, webhookSecret: { set: true } },
});
const api = {
  'profiles.list': async () => ({
    ok: true,
    value: {
      profiles: [profile('sandbox-a', 'Sandbox', 'sandbox'), profile('live-1', 'Live', 'production')],
      problems: [],
    },
  }),
  on: () => () => {},
} as unknown as ConsoleApi;
vi.mock('../../../src-renderer/src/api', () => ({ useConsoleApi: () => api }));

const PHONE = '351#912345678';

/** The drawer's text for a delivery decrypted with `profileId`'s secret, the raw body sent as plain JSON. */
async function detailText(profileId: string): Promise<string> {
  const json = notificationJson({ token: { tokenType: 'MBWAY', value: PHONE } });
  const row = rowFromDelivery(makeDelivery(1, json, { profileId, body: JSON.stringify(json) }));
  wrapper = mountInApp(DeliveryDetail, { row });
  await useProfilesStore().load();
  await flushPromises();
  const detail = document.body.querySelector('[aria-label="Delivery #1"]');
  expect(detail).not.toBeNull();
  return detail!.textContent ?? '';
}

let wrapper: VueWrapper | undefined;
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
});

describe('delivery detail', () => {
  it('masks the shopper’s MB WAY phone in the raw body, plaintext and parsed view of a production delivery', async () => {
    const text = await detailText('live-1');
    expect(text).not.toContain('912345');
    expect(text.match(/351#••••••678/g)?.length).toBe(3);
    expect(text).toContain('order-77'); // everything else stays readable
  });

  it('shows a sandbox delivery as it came', async () => {
    const text = await detailText('sandbox-a');
    expect(text.split(PHONE).length - 1).toBe(3);
  });
});
