import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTick } from 'vue';
import type { VueWrapper } from '@vue/test-utils';
import type { Profile } from '@shared/contract/profiles';
import ProfileForm from '../../../src-renderer/src/features/profiles/ProfileForm.vue';
import OrdersView from '../../../src-renderer/src/features/orders/OrdersView.vue';
import { installApi, mountWithProviders, profile, setupStores, typeInto } from '../orders/mount-helpers';

let wrapper: VueWrapper | null = null;
afterEach(() => wrapper?.unmount());

const desk = profile({ id: 'desk', name: 'Desk', environment: 'test', managed: false, lookupOnly: true });
const submit = (root: Element) =>
  root.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));

describe('lookup-only in the profile editor', () => {
  it('switching lookup-only off asks for the profile name and sends it with the save', async () => {
    const saveCall = vi.fn(async () => ({ ok: true, value: { ...desk, lookupOnly: false } as Profile }));
    installApi({
      'profiles.save': saveCall,
      'profiles.list': async () => ({ ok: true, value: { profiles: [desk], problems: [] } }),
    });
    wrapper = mountWithProviders(ProfileForm, setupStores([desk]), { profile: desk });
    const root = wrapper.element as HTMLElement;
    const box = root.querySelector<HTMLInputElement>('.lookup-only input[type="checkbox"]');
    const checkbox = box ?? root.querySelector<HTMLElement>('.lookup-only [role="checkbox"]')!;
    expect(root.textContent).not.toContain('Type the profile name (Desk)');
    checkbox.click();
    await nextTick();
    expect(root.textContent).toContain('Type the profile name (Desk) to allow orders and payments again');
    await typeInto(root, 'Type the profile name (Desk) to allow orders and payments again', 'Desk');
    submit(root);
    await vi.waitFor(() => expect(saveCall).toHaveBeenCalledOnce());
    expect(saveCall.mock.calls[0]).toEqual([
      expect.objectContaining({
        id: 'desk',
        settings: expect.objectContaining({ lookupOnly: false }),
        lookupOnlyRelease: { profileName: 'Desk' },
      }),
    ]);
  });
});

describe('Orders on a lookup-only profile', () => {
  it('shows the Lookup screen, never the order builder', async () => {
    installApi({ 'profiles.list': async () => ({ ok: true, value: { profiles: [desk], problems: [] } }) });
    wrapper = mountWithProviders(OrdersView, setupStores([desk]), {});
    await nextTick();
    expect(wrapper.element.querySelector('[data-testid="lookup-only-screen"]')).not.toBeNull();
    expect(wrapper.element.textContent).toContain('“Desk” is a lookup-only profile');
    expect(wrapper.element.textContent).not.toContain('Create a test order');
  });
});
