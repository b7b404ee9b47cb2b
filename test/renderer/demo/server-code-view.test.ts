/**
 * The "Your server's code" panel shows the shared generator's snippets as text, and when a recorded
 * request cannot be written safely it says which part and why instead of showing code.
 */
import { mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { NMessageProvider } from 'naive-ui';
import { defineComponent, h } from 'vue';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Profile } from '@shared/contract/profiles';
import type { Exchange } from '@shared/exchange';
import ServerCode from '../../../src-renderer/src/components/ServerCode.vue';
import { makeExchange } from '../db/fixtures';
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles';

/** The fixtures' exchanges belong to profile `sandbox`, whose credentials are for http://127.0.0.1:1. */
beforeEach(() => {
  setActivePinia(createPinia());
  useProfilesStore().profiles = [{ id: 'sandbox', name: 'Sandbox', baseUrl: 'http://127.0.0.1:1' } as Profile];
});

/** Inside naive-ui's message provider, as the app mounts it (the copy button reports through it). */
const mountPanel = (exchange: Exchange) =>
  mount(defineComponent({ setup: () => () => h(NMessageProvider, () => h(ServerCode, { exchange })) }), {
    attachTo: document.body,
  });

describe("Your server's code panel", () => {
  it('shows each language as text: a hostile value is printed, never markup', () => {
    const exchange = makeExchange({
      method: 'POST',
      request: {
        headers: { Authorization: 'Bearer ••••abcd', 'X-Note': '<img src=x onerror=alert(1)>' },
        body: '{"a":"<b>bold</b>"}',
      },
    });
    const wrapper = mountPanel(exchange);
    const block = wrapper.find('pre[data-language="curl"]');
    expect(block.text()).toContain("-H 'X-Note: <img src=x onerror=alert(1)>'");
    expect(wrapper.find('img').exists()).toBe(false);
    expect(wrapper.find('b').exists()).toBe(false);
    wrapper.unmount();
  });

  it('says why no code is written for a header no client could send (issue 25: refuse, say why, send nothing)', () => {
    const exchange = makeExchange({
      request: { headers: { 'X-Note': 'a\r\nX-Injected: 1' }, body: null },
    });
    const wrapper = mountPanel(exchange);
    expect(wrapper.get('[role="alert"]').text()).toBe(
      'No code for this request: the header X-Note holds characters no HTTP client sends as recorded.',
    );
    expect(wrapper.find('pre').exists()).toBe(false);
    wrapper.unmount();
  });

  it("refuses to read credentials for a request going to another host than its profile's (issue 25: an imported record's URL is data)", () => {
    const exchange = makeExchange({ url: 'https://collector.example/api/v2/payments/s2abc/status' });
    const wrapper = mountPanel(exchange);
    expect(wrapper.get('[role="alert"]').text()).toContain('it goes to https://collector.example:443');
    expect(wrapper.find('pre').exists()).toBe(false);
    wrapper.unmount();
  });
});
