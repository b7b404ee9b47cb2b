import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTick } from 'vue';
import type { VueWrapper } from '@vue/test-utils';
import OrdersView from '../../../src-renderer/src/features/orders/OrdersView.vue';
import { useOrderDraftStore } from '../../../src-renderer/src/stores/order-draft';
import { makeExchange } from '../db/fixtures';
import { inputByLabel, installApi, mountWithProviders, profile, setupStores, typeInto } from './mount-helpers';

let wrapper: VueWrapper | null = null;
afterEach(() => {
  wrapper?.unmount();
  document.body.innerHTML = '';
});

const okCall = {
  ok: true,
  value: {
    exchange: makeExchange({
      operation: 'createOrder',
      method: 'POST',
      transactionID: 's2abcdefghijklmnopqr',
    }),
    response: {
      returnStatus: { statusCode: '000', statusMsg: 'Success' },
      transactionID: 's2abcdefghijklmnopqr',
      paymentMethodList: ['MBWAY'],
      expiry: '2099-01-01T00:00:00Z',
      formContext: 'ctx',
    },
  },
};

const ctrlEnter = () => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true }));
const buttonNamed = (name: string) =>
  [...document.body.querySelectorAll('button')].find(
    (b) => b.getAttribute('aria-label') === name || b.textContent?.trim() === name,
  );

async function openOrders(active = profile()) {
  const create = vi.fn(async () => okCall);
  installApi({
    'orders.create': create,
    'profiles.list': async () => ({ ok: true, value: { profiles: [active], problems: [] } }),
    // The follow-ups mounted in the result panel look the profile up.
    'profiles.get': async () => ({ ok: true, value: active }),
  });
  const pinia = setupStores([active]);
  wrapper = mountWithProviders(OrdersView, pinia);
  await nextTick();
  return { create, root: wrapper.element };
}

describe('orders screen', () => {
  it('first run offers "Create a test order", which starts a valid draft for the active profile', async () => {
    const { root } = await openOrders();
    expect(root.textContent).toContain('No order yet for Sandbox · Variant A.');
    buttonNamed('Create a test order')!.click();
    await nextTick();
    expect(useOrderDraftStore().valid).toBe(true);
    expect(inputByLabel(root, 'Terminal id').value).toBe('1000001');
  });

  it('while invalid, Send is disabled, the summary lists the problems and Ctrl+Enter sends nothing', async () => {
    const { root, create } = await openOrders();
    buttonNamed('Create a test order')!.click();
    await nextTick();
    await typeInto(root, 'Amount', '1.234');
    await typeInto(root, 'Currency', 'XYZ');
    const summary = root.querySelector('[data-testid="issue-summary"]')!;
    expect(summary.textContent).toContain('2 problems to fix before sending');
    expect(summary.textContent).toContain('transaction.amount.value: must have at most 2 decimals');
    expect(summary.textContent).toContain('transaction.amount.currency: must be an ISO 4217 currency code');
    expect(buttonNamed('Send (Ctrl+Enter)')!.disabled).toBe(true);
    ctrlEnter();
    await nextTick();
    expect(create).not.toHaveBeenCalled();
  });

  it('Ctrl+Enter sends a valid draft once, without a confirmation outside production', async () => {
    const { create } = await openOrders();
    buttonNamed('Create a test order')!.click();
    await nextTick();
    ctrlEnter();
    await vi.waitFor(() => expect(create).toHaveBeenCalledOnce());
    const [input] = create.mock.calls[0] as unknown as [
      { profileId: string; order: { merchant: { terminalId: unknown } }; confirmation?: unknown },
    ];
    expect(input.profileId).toBe('sandbox-a');
    expect(input.confirmation).toBeUndefined();
    expect(input.order.merchant.terminalId).toBe(1000001);
    await vi.waitFor(() => expect(document.body.textContent).toContain('s2abcdefghijklmnopqr'));
  });

  it('a Multibanco window under 24 hours is warned about and sent only after "send anyway"', async () => {
    const { create, root } = await openOrders();
    buttonNamed('Create a test order')!.click();
    await nextTick();
    const store = useOrderDraftStore();
    store.set('transaction.paymentReference', {
      initialDatetime: '2026-11-21T10:00:00Z',
      finalDatetime: '2026-11-21T12:00:00Z',
    });
    await nextTick();
    const warnings = root.querySelector('[data-testid="warning-summary"]')!;
    expect(warnings.getAttribute('aria-label')).toBe('Warnings to confirm before sending');
    expect(warnings.textContent).toContain(
      'transaction.paymentReference.finalDatetime: leaves the Multibanco reference valid for 2 hours, less than 24 hours',
    );
    expect(buttonNamed('Send (Ctrl+Enter)')!.disabled).toBe(true);
    ctrlEnter();
    await nextTick();
    expect(create).not.toHaveBeenCalled();
    const checkbox = (warnings.querySelector('input[type="checkbox"]') ??
      warnings.querySelector('.n-checkbox')) as HTMLElement;
    checkbox.click();
    await nextTick();
    expect(buttonNamed('Send (Ctrl+Enter)')!.disabled).toBe(false);
    ctrlEnter();
    await vi.waitFor(() => expect(create).toHaveBeenCalledOnce());
    expect((create.mock.calls[0] as unknown as [{ acceptWarnings?: boolean }])[0].acceptWarnings).toBe(true);
    // A day-long window is no warning at all.
    store.set('transaction.paymentReference.finalDatetime', '2026-11-22T10:00:00Z');
    await nextTick();
    expect(root.querySelector('[data-testid="warning-summary"]')).toBeNull();
  });

  it('on production, Send asks for the typed profile name and passes {profileName, amount} with the call', async () => {
    const prod = profile({ id: 'prod', name: 'Live PT', environment: 'production', managed: false });
    const { create } = await openOrders(prod);
    buttonNamed('Create a test order')!.click();
    await nextTick();
    const send = buttonNamed('Send to production (Ctrl+Enter)')!;
    expect(send.textContent).toContain('Send to PRODUCTION');
    send.click();
    await nextTick();
    await vi.waitFor(() => expect(document.body.textContent).toContain('Type the profile name (Live PT) to confirm'));
    const confirm = () => buttonNamed('Send to production')!;
    await typeInto(document.body, 'Type the profile name (Live PT) to confirm', 'live pt');
    expect(confirm().disabled).toBe(true);
    ctrlEnter(); // the shortcut reopens the dialog, it never skips it
    await nextTick();
    expect(create).not.toHaveBeenCalled();
    await typeInto(document.body, 'Type the profile name (Live PT) to confirm', 'Live PT');
    expect(confirm().disabled).toBe(false);
    confirm().click();
    await vi.waitFor(() => expect(create).toHaveBeenCalledOnce());
    expect(create.mock.calls[0]).toEqual([
      expect.objectContaining({ profileId: 'prod', confirmation: { profileName: 'Live PT', amount: 10.5 } }),
    ]);
  });

  it('"Copy as cURL" shows the call with secret placeholders only', async () => {
    const { root } = await openOrders();
    buttonNamed('Create a test order')!.click();
    await nextTick();
    buttonNamed('Copy as cURL')!.click();
    await vi.waitFor(() => expect(root.querySelector('[data-testid="curl-preview"]')).not.toBeNull());
    const text = root.querySelector('[data-testid="curl-preview"]')!.textContent!;
    expect(text).toContain(`curl -X POST 'http://127.0.0.1:4010/api/v2/payments'`);
    expect(text).toContain(`-H 'Authorization: Bearer '"$GATEWAY_TOKEN"`);
    expect(text).toContain(`-H 'X-Platform-Client-Id: '"$GATEWAY_CLIENT_ID"`);
  });
});
