import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTick } from 'vue';
import type { VueWrapper } from '@vue/test-utils';
import type { Profile } from '@shared/contract/profiles';
import ProfileForm from '../../../src-renderer/src/features/profiles/ProfileForm.vue';
import SecretField from '../../../src-renderer/src/features/profiles/SecretField.vue';
import { useAppInfoStore } from '../../../src-renderer/src/stores/app-info';
import {
  inputByLabel,
  installApi,
  messageFor,
  mountWithProviders,
  profile,
  setupStores,
  typeInto,
} from '../orders/mount-helpers';

let wrapper: VueWrapper | null = null;
afterEach(() => wrapper?.unmount());

const button = (root: Element, name: string) => {
  const found = root.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`);
  if (!found) throw new Error(`no button ${name}`);
  return found;
};

describe('secret fields are write-only', () => {
  it('a stored secret shows only as "set · ends in 1234", with no input holding anything', async () => {
    const pinia = setupStores([]);
    wrapper = mountWithProviders(SecretField, pinia, {
      id: 'secret',
      label: 'Bearer token',
      state: { set: true, last4: '1234' },
      clearable: true,
    });
    const root = wrapper.element;
    expect(root.textContent).toContain('Bearer token: set · ends in 1234');
    expect(root.querySelectorAll('input')).toHaveLength(0);
    button(root, 'Replace Bearer token').click();
    await nextTick();
    const input = inputByLabel(root, 'New bearer token');
    expect(input.type).toBe('password');
    expect(input.value).toBe('');
  });

  it('an unset secret says so and offers an empty password input', async () => {
    const pinia = setupStores([]);
    wrapper = mountWithProviders(SecretField, pinia, {
      id: 'secret',
      label: 'Client id',
      state: { set: false },
      clearable: true,
    });
    expect(wrapper.element.textContent).toContain('Client id: not set');
    expect(inputByLabel(wrapper.element, 'New client id').type).toBe('password');
    expect(wrapper.element.querySelector('button[aria-label="Clear Client id"]')).toBeNull();
  });
});

describe('profile editor', () => {
  const editable = profile({ id: 'qa', name: 'QA', environment: 'test', managed: false });

  it('shows the contract schema’s message next to a field and blocks saving', async () => {
    installApi({});
    const pinia = setupStores([editable]);
    wrapper = mountWithProviders(ProfileForm, pinia, { profile: null });
    const root = wrapper.element;
    await typeInto(root, 'Base URL', 'ftp://gateway');
    await typeInto(root, 'Terminal id', '12345678901');
    expect(messageFor(root, 'Base URL')).toBe('Base URL must start with http:// or https://');
    expect(messageFor(root, 'Terminal id')).toBe('Terminal id must be 1 to 10 digits');
    const save = [...root.querySelectorAll('button')].find((b) => b.textContent?.includes('Save profile'))!;
    expect(save.disabled).toBe(true);
  });

  it('issue 27 item 9: a new profile shows no error before anything is typed, and never repeats the field name', async () => {
    const saveCall = vi.fn();
    installApi({ 'profiles.save': saveCall });
    const pinia = setupStores([editable]);
    wrapper = mountWithProviders(ProfileForm, pinia, { profile: null });
    const root = wrapper.element;
    expect(root.querySelectorAll('[role="alert"]')).toHaveLength(0);
    expect(messageFor(root, 'Name')).toBeNull();
    expect(messageFor(root, 'Base URL')).toBeNull();
    // Saving the blank form says what is missing, once per field, and sends nothing.
    root.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await nextTick();
    expect(messageFor(root, 'Name')).toBe('Name is required');
    expect(messageFor(root, 'Terminal id')).toBe('Terminal id must be 1 to 10 digits');
    for (const alert of root.querySelectorAll('[role="alert"]'))
      expect(alert.textContent).not.toMatch(/^\s*(Name Name|Base URL Base URL|Terminal id Terminal id)/);
    expect(saveCall).not.toHaveBeenCalled();
  });

  it('issue 27 item 9: the secrets section says where secrets go, never "keychain" when there is none', async () => {
    installApi({});
    const pinia = setupStores([editable]);
    const appInfo = useAppInfoStore();
    const keychain = (backend: 'os-keychain' | 'session-memory' | 'file-vault', available: boolean) =>
      ({ info: { keychain: { backend, available, detail: '' } } }) as never;
    appInfo.$patch(keychain('session-memory', false));
    wrapper = mountWithProviders(ProfileForm, pinia, { profile: null });
    const heading = () => wrapper!.element.querySelector('[data-testid="profile-secrets-heading"]')!.textContent ?? '';
    expect(heading()).not.toMatch(/stored in the (OS )?keychain/i);
    expect(heading()).toMatch(/no keychain here.*memory only/);
    appInfo.$patch(keychain('file-vault', true));
    await nextTick();
    expect(heading()).toContain('encrypted vault file');
    appInfo.$patch(keychain('os-keychain', true));
    await nextTick();
    expect(heading()).toContain('stored in the OS keychain');
  });

  it('sends typed secrets once with the save, then wipes them; nothing of them stays in the page', async () => {
    const TOKEN = 'brand-new-token-abcdef987654';
    const saved: Profile = { ...editable, secrets: { ...editable.secrets, bearerToken: { set: true, last4: '7654' } } };
    const saveCall = vi.fn(async () => ({ ok: true, value: saved }));
    installApi({
      'profiles.save': saveCall,
      'profiles.list': async () => ({ ok: true, value: { profiles: [saved], problems: [] } }),
    });
    const pinia = setupStores([editable]);
    wrapper = mountWithProviders(ProfileForm, pinia, { profile: editable });
    const root = wrapper.element;
    button(root, 'Replace Bearer token').click();
    await nextTick();
    await typeInto(root, 'New bearer token', TOKEN);
    root.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await vi.waitFor(() => expect(saveCall).toHaveBeenCalledOnce());
    expect(saveCall.mock.calls[0]).toEqual([
      expect.objectContaining({
        id: 'qa',
        secrets: { bearerToken: TOKEN },
        settings: expect.objectContaining({ name: 'QA' }),
      }),
    ]);
    await vi.waitFor(() => expect(document.body.innerHTML).not.toContain(TOKEN));
    expect((root.querySelector('#profile-secret-bearerToken') as HTMLInputElement | null)?.value ?? '').toBe('');
  });

  it('shows main’s refusal (e.g. the production guard) without losing the form', async () => {
    installApi({
      'profiles.save': async () => ({
        ok: false,
        error: { code: 'production-guard', message: 'This bearerToken belongs to a production profile.' },
      }),
    });
    const pinia = setupStores([editable]);
    wrapper = mountWithProviders(ProfileForm, pinia, { profile: editable });
    const root = wrapper.element;
    root.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await vi.waitFor(() => expect(root.textContent).toContain('This bearerToken belongs to a production profile.'));
    expect(inputByLabel(root, 'Name').value).toBe('QA');
  });
});
