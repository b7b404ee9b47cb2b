import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTick } from 'vue';
import type { VueWrapper } from '@vue/test-utils';
import OrdersView from '../../../src-renderer/src/features/orders/OrdersView.vue';
import { useOrderDraftStore } from '../../../src-renderer/src/stores/order-draft';
import { makeExchange } from '../db/fixtures';
import { installApi, mountWithProviders, profile, setupStores } from './mount-helpers';

let wrapper: VueWrapper | null = null;
afterEach(() => {
  wrapper?.unmount();
  document.body.innerHTML = '';
});

const sendButton = () =>
  [...document.body.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === 'Send (Ctrl+Enter)')!;
const ctrlEnter = () => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true }));

describe('no silent duplicates: the Orders screen sends one create at a time', () => {
  it('no silent duplicates: while a create is in flight Send is disabled, and more clicks or Ctrl+Enter send nothing', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const create = vi.fn(() => new Promise((resolve) => (answer = resolve)));
    const active = profile();
    installApi({
      'orders.create': create,
      'profiles.list': async () => ({ ok: true, value: { profiles: [active], problems: [] } }),
      'profiles.get': async () => ({ ok: true, value: active }),
    });
    wrapper = mountWithProviders(OrdersView, setupStores([active]));
    await nextTick();
    useOrderDraftStore().startNew();
    await nextTick();

    sendButton().click();
    await vi.waitFor(() => expect(create).toHaveBeenCalledOnce());
    await nextTick();
    expect(sendButton().disabled).toBe(true);
    sendButton().click();
    ctrlEnter();
    await useOrderDraftStore().send();
    await nextTick();
    expect(create).toHaveBeenCalledOnce();

    answer({
      ok: true,
      value: {
        exchange: makeExchange({ operation: 'createOrder', method: 'POST', transactionID: 's2abcdefghijklmnopqr' }),
        response: { returnStatus: { statusCode: '000' }, transactionID: 's2abcdefghijklmnopqr' },
      },
    });
    await vi.waitFor(() => expect(sendButton().disabled).toBe(false));
  });
});
