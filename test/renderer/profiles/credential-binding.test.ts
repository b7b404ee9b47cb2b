/**
 * The profile form mirrors what main decides about where credentials go (issue 25): it says before saving
 * that a new address clears the saved token and client id, asks for the typed name of a production profile,
 * refuses plain http:// for production, and shows main's refusals in the user's language by code.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VueWrapper } from '@vue/test-utils';
import type { Profile } from '@shared/contract/profiles';
import ProfileForm from '../../../src-renderer/src/features/profiles/ProfileForm.vue';
import { i18n } from '../../../src-renderer/src/i18n';
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
afterEach(() => {
  wrapper?.unmount();
  i18n.global.locale.value = 'en';
});

const submit = (root: Element) =>
  root.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
const saveButton = (root: Element) =>
  [...root.querySelectorAll('button')].find((b) => b.textContent?.includes('Save profile'))!;

describe('the profile form says where credentials go (issue 25: a new base URL kept the secrets, silently)', () => {
  const shop = profile({
    id: 'shop',
    name: 'Shop test',
    environment: 'test',
    managed: false,
    baseUrl: 'https://gateway.example.com',
  });

  it('warns before saving that another address clears the saved token and client id; the same origin does not', async () => {
    installApi({});
    wrapper = mountWithProviders(ProfileForm, setupStores([shop]), { profile: shop });
    const root = wrapper.element;
    expect(root.querySelector('[data-testid="origin-change"]')).toBeNull();

    await typeInto(root, 'Base URL', 'HTTPS://Gateway.Example.com:443/');
    expect(root.querySelector('[data-testid="origin-change"]')).toBeNull();

    await typeInto(root, 'Base URL', 'http://127.0.0.1:9999');
    const warning = root.querySelector('[data-testid="origin-change"]');
    expect(warning?.textContent).toContain('Changing the address clears the saved token and client id');
    expect(warning?.textContent).toContain('https://gateway.example.com:443');
    expect(warning?.textContent).toContain('http://127.0.0.1:9999');
  });

  it('a production profile asks for its typed name and sends it with the save', async () => {
    const saveCall = vi.fn(async () => ({ ok: true, value: { ...shop, environment: 'production' } as Profile }));
    installApi({
      'profiles.save': saveCall,
      'profiles.list': async () => ({ ok: true, value: { profiles: [shop], problems: [] } }),
    });
    wrapper = mountWithProviders(ProfileForm, setupStores([shop]), { profile: { ...shop, environment: 'production' } });
    const root = wrapper.element;
    await typeInto(root, 'Type the profile name “Shop test” to save this production profile', 'Shop test');
    submit(root);
    await vi.waitFor(() => expect(saveCall).toHaveBeenCalledOnce());
    expect(saveCall.mock.calls[0]).toEqual([
      expect.objectContaining({ id: 'shop', productionConfirmation: { profileName: 'Shop test' } }),
    ]);
  });

  it('plain http:// to another machine is refused for production before saving; this machine is allowed', async () => {
    installApi({});
    wrapper = mountWithProviders(ProfileForm, setupStores([shop]), { profile: { ...shop, environment: 'production' } });
    const root = wrapper.element;
    await typeInto(root, 'Base URL', 'http://gateway.example.com');
    expect(messageFor(root, 'Base URL')).toContain('A production profile needs https://');
    expect(saveButton(root).disabled).toBe(true);
    await typeInto(root, 'Base URL', 'http://127.0.0.1:8443');
    expect(messageFor(root, 'Base URL')).toBeNull();
    expect(saveButton(root).disabled).toBe(false);
  });

  it('main’s refusal of a production save is shown in the user’s language, by its code', async () => {
    installApi({
      'profiles.save': async () => ({
        ok: false,
        error: {
          code: 'confirmation-required',
          message: '"Shop test" is a production profile: type its name to save it. Nothing was saved.',
          details: { profileName: 'Shop test' },
        },
      }),
    });
    i18n.global.locale.value = 'pt-PT';
    wrapper = mountWithProviders(ProfileForm, setupStores([shop]), { profile: { ...shop, environment: 'production' } });
    const root = wrapper.element;
    submit(root);
    await vi.waitFor(() =>
      expect(root.textContent).toContain('“Shop test” é um perfil de produção: escreva o nome para o guardar.'),
    );
    expect(inputByLabel(root, 'Nome').value).toBe('Shop test');
  });
});
