import { mount } from '@vue/test-utils';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import { NDialogProvider, NMessageProvider } from 'naive-ui';
import { defineComponent, h, nextTick, type Component } from 'vue';
import type { ConsoleApi } from '@shared/contract';
import type { Profile } from '@shared/contract/profiles';
import { useOrderDraftStore } from '../../../src-renderer/src/stores/order-draft';
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles';

export function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 'sandbox-a',
    name: 'Sandbox · Variant A',
    environment: 'sandbox',
    baseUrl: 'http://127.0.0.1:4010',
    pathPrefix: '/api',
    version: 'v2',
    terminalId: '1000001',
    variant: 'A',
    clientIdHeader: 'X-Platform-Client-Id',
    managed: true,
    secrets: {
      bearerToken: { set: true, last4: '1234' },
      clientId: { set: true, last4: '5678' },
      webhookSecret: { set: false },
    },
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

let current: Record<string, unknown> = {};
// One proxy for the whole file: the renderer's api module caches the object it finds first.
window.consoleApi = new Proxy(
  {},
  {
    get: (_target, key: string) => {
      if (key === 'on') return current.on ?? (() => () => {});
      if (key in current) return current[key];
      return () => Promise.reject(new Error(`unexpected call ${key}`));
    },
  },
) as ConsoleApi;

/** The ConsoleApi methods this test provides; any other call fails loudly. */
export function installApi(methods: Partial<Record<keyof ConsoleApi, unknown>>): void {
  current = methods;
}

/** Pinia with the given profiles loaded and the first one active. */
export function setupStores(profiles: Profile[]): Pinia {
  const pinia = createPinia();
  setActivePinia(pinia);
  const store = useProfilesStore();
  store.profiles = profiles;
  store.loaded = true;
  store.activeId = profiles[0]?.id ?? '';
  return pinia;
}

/** Mounts inside naive-ui's providers (messages, dialogs), attached to the document so labels resolve. */
export function mountWithProviders(component: Component, pinia: Pinia, props: Record<string, unknown> = {}) {
  const Host = defineComponent({
    setup: () => () => h(NMessageProvider, () => h(NDialogProvider, () => h(component, props))),
  });
  return mount(Host, { global: { plugins: [pinia] }, attachTo: document.body });
}

/** The element the label names (label[for] → #id). */
export function inputByLabel(root: Element, label: string): HTMLInputElement {
  const match = [...root.querySelectorAll('label')].find((el) => el.textContent?.trim() === label);
  if (!match) throw new Error(`no label "${label}"`);
  const input = root.querySelector<HTMLInputElement>(`#${CSS.escape(match.htmlFor)}`);
  if (!input) throw new Error(`label "${label}" names no input`);
  return input;
}

/** The message shown next to a field (linked with aria-describedby), or null. */
export function messageFor(root: Element, label: string): string | null {
  const id = inputByLabel(root, label).getAttribute('aria-describedby');
  return id ? (root.querySelector(`#${CSS.escape(id)}`)?.textContent ?? null) : null;
}

export async function typeInto(root: Element, label: string, text: string): Promise<void> {
  const input = inputByLabel(root, label);
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await nextTick();
}

/** Starts a fresh valid draft and applies changes to it by path. */
export async function draftWith(changes: Record<string, unknown>): Promise<void> {
  const store = useOrderDraftStore();
  store.startNew();
  for (const [path, value] of Object.entries(changes)) store.set(path, value);
  await nextTick();
}
