/**
 * The recording proxy panel against main's real proxy control (its `shopProxy.*` handlers behind the
 * contract dispatcher) and a real simulator standing in for the test environment: only non-Sandbox
 * profiles are offered, main's refusal of production without the typed name is shown in words, and a
 * started proxy shows its address and the calls it recorded.
 */
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConsoleApi } from '@shared/contract';
import { createDispatcher, type Handlers } from '../../../src-main/core/dispatcher';
import { createShopProxyHandlers } from '../../../src-main/core/handlers/shop-proxy-handlers';
import { ShopProxyControl } from '../../../src-main/core/shop-proxy-control';
import type { StoredProfile } from '../../../src-main/core/profiles/profile-file';
import { startSimulator, type RunningSimulator } from '../../../src-main/simulator';
import ProxyPanel from '../../../src-renderer/src/features/shop/ProxyPanel.vue';
import { mountInApp } from '../followups/mount';

let api: ConsoleApi;
vi.mock('../../../src-renderer/src/api', () => ({ useConsoleApi: () => api }));

let sim: RunningSimulator;
let control: ShopProxyControl;
let wrapper: VueWrapper | undefined;

const profile = (id: string, name: string, environment: StoredProfile['environment']): StoredProfile =>
  ({
    id,
    name,
    environment,
    baseUrl: sim.url,
    pathPrefix: sim.basePath,
    version: sim.version,
    terminalId: '1000001',
    variant: 'A',
    clientIdHeader: sim.clientIdHeader,
    managed: false,
  }) as StoredProfile;

beforeAll(async () => {
  sim = await startSimulator({ seed: 3 });
  const profiles = [
    profile('sandbox-a', 'Sandbox · Variant A', 'sandbox'),
    profile('test-1', 'Shop test env', 'test'),
    profile('prod-1', 'Live', 'production'),
  ];
  control = new ShopProxyControl({
    profiles: {
      stored: (id) => {
        const found = profiles.find((candidate) => candidate.id === id);
        if (!found) throw new Error('unknown');
        return found;
      },
    },
  });
  const dispatch = createDispatcher(createShopProxyHandlers(control) as Handlers);
  api = {
    ...Object.fromEntries(
      ['shopProxy.start', 'shopProxy.stop', 'shopProxy.status', 'shopProxy.saveScenario'].map((name) => [
        name,
        (input?: unknown) => dispatch(name, input),
      ]),
    ),
    'profiles.list': async () => ({ ok: true, value: { profiles, problems: [] } }),
    on: () => () => {},
  } as unknown as ConsoleApi;
});
afterAll(async () => {
  await control.close();
  await sim.close();
});
afterEach(async () => {
  wrapper?.unmount();
  wrapper = undefined;
  await control.stop();
});

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) {
    await flushPromises();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
const button = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name) as HTMLButtonElement;
async function choose(id: string): Promise<void> {
  const select = document.querySelector('#proxy-profile') as HTMLSelectElement;
  select.value = id;
  select.dispatchEvent(new Event('change'));
  await settle();
}

describe('ProxyPanel (issue 29 §4)', () => {
  it('offers only test and production profiles, by a labelled control', async () => {
    wrapper = mountInApp(ProxyPanel);
    await settle();
    const select = document.querySelector('#proxy-profile') as HTMLSelectElement;
    expect(document.querySelector('label[for="proxy-profile"]')?.textContent).toContain('Forward to profile');
    expect([...select.options].map((option) => option.textContent?.trim())).toEqual(['Shop test env', 'Live']);
  });

  it('a production profile asks for its name; main’s refusal without it is shown in words and nothing starts', async () => {
    wrapper = mountInApp(ProxyPanel);
    await settle();
    await choose('prod-1');
    expect(document.querySelector('label[for="proxy-confirm"]')).not.toBeNull();
    button('Start proxy').click();
    await settle();
    expect(document.querySelector('[role="alert"]')?.textContent).toContain('"Live" is a production profile');
    expect(control.status()).toBeNull();
  });

  it('a started proxy shows its address and counts the shop’s calls', async () => {
    wrapper = mountInApp(ProxyPanel);
    await settle();
    await choose('test-1');
    button('Start proxy').click();
    await settle();
    const address = document.querySelector('[data-testid="proxy-address"]')?.textContent ?? '';
    expect(address).toBe(control.status()!.apiUrl);
    const terminal = sim.terminals.find((t) => t.variant === 'A')!;
    // The shop is a server-side client (not the page): a plain HTTP request.
    const answer = await request(`${address}/payments/s2nothing/status`, {
      headers: { authorization: `Bearer ${terminal.token}`, [sim.clientIdHeader]: sim.clientId },
    });
    await answer.body.text();
    expect(answer.statusCode).toBe(404);
    await vi.waitFor(
      () => expect(document.querySelector('[data-testid="proxy-calls"]')?.textContent).toContain('Calls recorded: 1'),
      { timeout: 4_000, interval: 100 },
    );
    button('Stop proxy').click();
    await settle();
    expect(control.status()).toBeNull();
  });
});
