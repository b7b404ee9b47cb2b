import { mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { defineComponent, h, type Component } from 'vue';
import { NMessageProvider } from 'naive-ui';
import type { ConsoleApi } from '@shared/contract';
import type { GatewayCallResult } from '@shared/contract/orders';
import type { Exchange } from '@shared/exchange';
import type { Result } from '@shared/result';
import { makeExchange } from '../db/fixtures';

/** Mounts a component inside the providers the app gives it (naive-ui messages, Pinia), attached to the DOM. */
export function mountInApp(component: Component, props: Record<string, unknown> = {}) {
  const pinia = createPinia();
  setActivePinia(pinia);
  const Host = defineComponent({
    setup: () => () => h(NMessageProvider, null, { default: () => h(component, props) }),
  });
  return mount(Host, { attachTo: document.body, global: { plugins: [pinia] } });
}

export const okCall = (
  exchange: Partial<Exchange>,
  response: unknown,
): Extract<Result<GatewayCallResult>, { ok: true }> => ({
  ok: true,
  value: {
    exchange: makeExchange({ ...exchange, response: { status: 200, headers: {}, bodyText: JSON.stringify(response) } }),
    response,
  },
});

/**
 * A ConsoleApi whose gateway methods are the given fakes; `profiles.get` answers a sandbox profile.
 * `emit` plays main's push events.
 */
export function fakeApi(
  overrides: Partial<Record<keyof ConsoleApi, unknown>> = {},
): ConsoleApi & { emit(event: string, payload: unknown): void } {
  const listeners = new Map<string, ((payload: unknown) => void)[]>();
  const api = {
    'profiles.get': async () => ({
      ok: true,
      value: { id: 'sandbox-a', name: 'Sandbox · Variant A', environment: 'sandbox' },
    }),
    on: (event: string, listener: (payload: unknown) => void) => {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return () => {};
    },
    emit: (event: string, payload: unknown) => listeners.get(event)?.forEach((listener) => listener(payload)),
    ...overrides,
  };
  return api as unknown as ConsoleApi & { emit(event: string, payload: unknown): void };
}
