import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleApi } from '@shared/contract';
import type { Result } from '@shared/result';
import ReplayPanel from '../../../src-renderer/src/features/notifications/ReplayPanel.vue';
import { rowFromDelivery } from '../../../src-renderer/src/services/notification-rows';
import { mountInApp } from '../followups/mount';
import { makeDelivery, notificationJson } from './fixtures';

/**
 * The replay form mirrors main's rules (main's own tests prove the refusals and that nothing is sent):
 * it never offers a URL or a secret, names where the notifications will go, asks production's typed
 * name, and shows main's refusals in the user's language by code.
 */
let answer: Result<unknown>;
const replay = vi.fn(async (_input: unknown) => answer);
const profile = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  environment: 'test',
  secrets: { bearerToken: { set: true }, clientId: { set: true }, webhookSecret: { set: true } },
  ...extra,
});
const api = {
  'notifications.replay': replay,
  'profiles.list': async () => ({
    ok: true,
    value: {
      profiles: [
        profile('shop', 'Shop test', { webhookUrl: 'https://shop.example/notify' }),
        profile('live', 'Shop LIVE', { environment: 'production', webhookUrl: 'https://shop.example/live' }),
        profile('desk', 'Support desk', { lookupOnly: true, webhookUrl: 'https://shop.example/desk' }),
        profile('bare', 'No hook'),
      ],
      problems: [],
    },
  }),
  on: () => () => {},
} as unknown as ConsoleApi;
vi.mock('../../../src-renderer/src/api', () => ({ useConsoleApi: () => api }));

const rowOf = (seq: number, profileId: string) =>
  rowFromDelivery(
    makeDelivery(seq, notificationJson({ notificationID: `aaaaaaaa-0000-4000-8000-00000000000${seq}` }), { profileId }),
  );

describe('replay panel', () => {
  let wrapper: VueWrapper | undefined;
  afterEach(() => {
    wrapper?.unmount();
    wrapper = undefined;
    replay.mockClear();
  });

  const mountWith = async (rows: ReturnType<typeof rowOf>[]) => {
    wrapper = mountInApp(ReplayPanel, { selected: rows });
    await flushPromises();
    return wrapper;
  };
  const submitButton = (w: VueWrapper) => w.get('button[type="submit"]');

  it('offers no URL or secret: sends journal references only, to the profile’s own webhook it names', async () => {
    answer = {
      ok: true,
      value: { sends: [], allAcknowledged: true, profileId: 'shop', url: 'https://shop.example/notify' },
    };
    const w = await mountWith([rowOf(2, 'shop'), rowOf(1, 'shop')]);
    expect(w.find('input[type="url"]').exists()).toBe(false);
    expect(w.text()).not.toMatch(/Webhook secret/);
    expect(w.get('[data-testid="replay-target"]').text()).toContain('“Shop test”: https://shop.example/notify');
    await w.get('form').trigger('submit');
    await flushPromises();
    expect(replay).toHaveBeenCalledWith({
      notifications: [{ journalSeq: 1 }, { journalSeq: 2 }],
      mode: 'once',
      copies: 2,
    });
  });

  it('a lookup-only profile’s notifications cannot be replayed from the form', async () => {
    const w = await mountWith([rowOf(1, 'desk')]);
    expect(w.text()).toContain('“Support desk” is lookup-only: it cannot replay notifications.');
    expect(submitButton(w).attributes('disabled')).toBeDefined();
    const none = await mountWith([rowOf(1, 'bare')]);
    expect(none.text()).toContain('“No hook” has no webhook URL.');
  });

  it('production asks for the profile’s name typed, and sends it as the confirmation', async () => {
    answer = {
      ok: true,
      value: { sends: [], allAcknowledged: true, profileId: 'live', url: 'https://shop.example/live' },
    };
    const w = await mountWith([rowOf(1, 'live')]);
    expect(submitButton(w).attributes('disabled')).toBeDefined();
    await w.get('#replay-confirm-name').setValue('Shop LIV');
    expect(submitButton(w).attributes('disabled')).toBeDefined();
    await w.get('#replay-confirm-name').setValue('Shop LIVE');
    expect(submitButton(w).attributes('disabled')).toBeUndefined();
    await w.get('form').trigger('submit');
    await flushPromises();
    expect(replay).toHaveBeenCalledWith(
      expect.objectContaining({ notifications: [{ journalSeq: 1 }], confirmation: { profileName: 'Shop LIVE' } }),
    );
  });

  it('shows main’s refusal in the user’s language by its code and reason', async () => {
    answer = {
      ok: false,
      error: {
        code: 'not-replayable',
        message: 'Delivery #1 cannot be replayed: …',
        details: { seq: 1, reason: 'bytes-mismatch' },
      },
    };
    const w = await mountWith([rowOf(1, 'shop')]);
    await w.get('form').trigger('submit');
    await flushPromises();
    expect(w.get('[role="alert"]').text()).toContain(
      'Delivery #1 cannot be replayed: its journaled bytes do not decrypt to the notification received',
    );
  });
});
