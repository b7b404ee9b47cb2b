/**
 * The Simulator panel against a real embedded simulator over loopback: the panel's api is the core's own
 * `simulator.*` handlers behind the contract dispatcher, so every status, transition and refusal shown
 * is the simulator's, not a script's.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConsoleApi } from '@shared/contract';
import { createDispatcher, type Handlers } from '../../../src-main/core/dispatcher';
import { createSimulatorHandlers } from '../../../src-main/core/handlers/simulator-handlers';
import { startSimulator, type RunningSimulator } from '../../../src-main/simulator';
import SimulatorView from '../../../src-renderer/src/features/simulator/SimulatorView.vue';
import { validOrderA } from '../../shared/gateway/fixtures';
import { mountInApp } from '../followups/mount';

let api: ConsoleApi;
vi.mock('../../../src-renderer/src/api', () => ({ useConsoleApi: () => api }));

const SIMULATOR_METHODS = [
  'simulator.status',
  'simulator.transactions',
  'simulator.complete',
  'simulator.advanceClock',
  'simulator.deliveries',
  'simulator.worlds',
] as const;

/** The renderer's view of the core: each simulator method goes through the contract dispatcher. */
function apiOver(getSimulator: () => RunningSimulator | null): ConsoleApi {
  const dispatch = createDispatcher(createSimulatorHandlers(getSimulator) as Handlers);
  return Object.fromEntries(
    SIMULATOR_METHODS.map((name) => [name, (input?: unknown) => dispatch(name, input)]),
  ) as unknown as ConsoleApi;
}

async function createOrder(sim: RunningSimulator, merchantTransactionId: string): Promise<string> {
  const terminal = sim.terminals.find((t) => t.variant === 'A')!;
  const order = validOrderA();
  order.merchant.merchantTransactionId = merchantTransactionId;
  const answer = await request(`${sim.apiUrl}/payments`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${terminal.token}`,
      [sim.clientIdHeader]: sim.clientId,
    },
    body: JSON.stringify(order),
  });
  const body = (await answer.body.json()) as { transactionID?: string };
  if (answer.statusCode !== 200 || !body.transactionID) throw new Error(`create failed: ${answer.statusCode}`);
  return body.transactionID;
}

const rowOf = (wrapper: VueWrapper, id: string) => wrapper.find(`tr[data-transaction="${id}"]`);
const badgeOf = (wrapper: VueWrapper, id: string) => rowOf(wrapper, id).find('.payment-status');
const buttonNamed = (wrapper: VueWrapper, name: string) => {
  const found = wrapper.findAll('button').find((b) => (b.attributes('aria-label') ?? b.text()).trim() === name);
  if (!found) throw new Error(`No button "${name}"`);
  return found;
};

async function settle(): Promise<void> {
  // Dispatches cross real sockets and timers: let them land before looking.
  for (let i = 0; i < 5; i++) {
    await flushPromises();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('SimulatorView with the simulator running', () => {
  let sim: RunningSimulator;
  let wrapper: VueWrapper | undefined;
  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 7 });
    api = apiOver(() => sim);
  });
  afterAll(async () => {
    await sim.close();
  });
  afterEach(() => {
    wrapper?.unmount();
    wrapper = undefined;
  });

  it('shows the simulator URL, API base path and version, terminals without tokens, clock and webhook', async () => {
    wrapper = mountInApp(SimulatorView);
    await settle();
    const status = wrapper.find('[aria-label="Simulator status"]');
    expect(status.find('[data-testid="simulator-url"]').text()).toBe(sim.url);
    expect(status.text()).toContain(sim.apiUrl);
    expect(status.text()).toContain('base path /api, version v2');
    const terminals = status.find('[data-testid="simulator-terminals"]').text();
    for (const terminal of sim.terminals) {
      expect(terminals).toContain(`${terminal.terminalId} (Variant ${terminal.variant})`);
      expect(wrapper.html()).not.toContain(terminal.token);
    }
    expect(wrapper.html()).not.toContain(sim.clientId);
    expect(status.find('[data-testid="simulator-clock"]').text()).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC.*offset/);
    expect(status.find('[data-testid="simulator-webhook"]').text()).toContain('none');
    // The scenario table is one click away.
    await wrapper.find('.n-collapse-item__header-main').trigger('click');
    await settle();
    const phones = wrapper.find('table[aria-label="MB WAY customerPhone"]').text();
    expect(phones).toContain('351#912345678approves after the shopper delay → Success');
    expect(phones).toContain('351#912345500declines after the delay → Declined');
  });

  it('lists a transaction and completes it as Success: the badge turns final and the action is disabled', async () => {
    const id = await createOrder(sim, 'panel-success');
    wrapper = mountInApp(SimulatorView);
    await settle();
    const row = rowOf(wrapper, id);
    expect(row.exists()).toBe(true);
    expect(row.text()).toContain('10.50 EUR');
    expect(row.text()).toContain('REFERENCE, CARD, MBWAY');
    expect(badgeOf(wrapper, id).text()).toContain('Pending');
    // From Pending every allowed move is offered; Success is the default choice.
    const select = row.find('select');
    expect(select.findAll('option').map((o) => o.element.value)).toEqual([
      'InProcessing',
      'Partial',
      'Success',
      'Declined',
      'Timeout',
      'Error',
      'Expired',
    ]);
    expect((select.element as HTMLSelectElement).value).toBe('Success');

    await buttonNamed(wrapper, `Complete ${id}`).trigger('click');
    await settle();
    expect(wrapper.find('[data-testid="completion-outcome"]').text()).toBe(`${id} is now Success.`);
    expect(badgeOf(wrapper, id).text()).toContain('Success');
    expect(badgeOf(wrapper, id).attributes('data-final')).toBe('true');
    expect(buttonNamed(wrapper, `Complete ${id}`).attributes('disabled')).toBeDefined();
    expect(rowOf(wrapper, id).find('select').attributes('disabled')).toBeDefined();
  });

  it('offers only the moves allowed from InProcessing after the chosen intermediate step', async () => {
    const id = await createOrder(sim, 'panel-processing');
    wrapper = mountInApp(SimulatorView);
    await settle();
    await rowOf(wrapper, id).find('select').setValue('InProcessing');
    await buttonNamed(wrapper, `Complete ${id}`).trigger('click');
    await settle();
    expect(badgeOf(wrapper, id).text()).toContain('In processing');
    expect(
      rowOf(wrapper, id)
        .find('select')
        .findAll('option')
        .map((o) => o.text()),
    ).toEqual(['Success', 'Declined', 'Error', 'Timeout']);
  });

  it('shows the 409 refusal when the transaction went final behind a stale table, then shows its real status', async () => {
    const id = await createOrder(sim, 'panel-conflict');
    wrapper = mountInApp(SimulatorView);
    await settle();
    // Someone else (a CI script, the magic shopper) declines it after the table loaded.
    await sim.control.complete(id, 'Declined');
    await rowOf(wrapper, id).find('select').setValue('Success');
    await buttonNamed(wrapper, `Complete ${id}`).trigger('click');
    await settle();
    const outcome = wrapper.find('[data-testid="completion-outcome"]');
    expect(outcome.attributes('role')).toBe('alert');
    expect(outcome.text()).toContain(`Could not set ${id} to Success. Refused (409):`);
    expect(badgeOf(wrapper, id).text()).toContain('Declined');
  });

  it('advances the clock by a preset: pending orders expire and the clock offset shows the jump', async () => {
    const id = await createOrder(sim, 'panel-expiry');
    wrapper = mountInApp(SimulatorView);
    await settle();
    expect(rowOf(wrapper, id).text()).toMatch(/in \d+ min/);
    const before = sim.control.clockView().offsetSeconds;
    await buttonNamed(wrapper, 'Advance clock +1 day').trigger('click');
    await settle();
    expect(sim.control.clockView().offsetSeconds - before).toBeCloseTo(86_400, 0);
    expect(wrapper.find('[data-testid="clock-outcome"]').text()).toMatch(/^Moved \+1 d: the simulator clock is now/);
    expect(badgeOf(wrapper, id).text()).toContain('Expired');
  });

  it('refuses a custom clock jump that is not forward or too long, without calling the simulator', async () => {
    wrapper = mountInApp(SimulatorView);
    await settle();
    const before = sim.control.clockView().offsetSeconds;
    const input = wrapper.find('#clock-amount');
    await input.setValue('401');
    await wrapper.find('select[aria-label="Clock unit"]').setValue('days');
    await input.trigger('blur');
    await buttonNamed(wrapper, 'Advance clock').trigger('click');
    await settle();
    expect(wrapper.find('[aria-label="Simulator clock"] [role="alert"]').text()).toBe(
      'One jump can be at most 400 days.',
    );
    expect(sim.control.clockView().offsetSeconds).toBe(before);
  });
});

describe('SimulatorView delivery log', () => {
  let sim: RunningSimulator;
  let receiver: Server;
  let received = 0;
  beforeAll(async () => {
    // A merchant endpoint that is down: every notification is answered 503, so the simulator retries.
    receiver = createServer((req, res) => {
      received++;
      req.resume();
      res.writeHead(503).end('down');
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    sim = await startSimulator({ port: 0, seed: 8 });
    const { port } = receiver.address() as AddressInfo;
    sim.setWebhook({ url: `http://127.0.0.1:${port}/notify`, secret: randomBytes(32).toString('base64') });
    api = apiOver(() => sim);
  });
  afterAll(async () => {
    await sim.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it("shows each attempt's HTTP status and verdict and the next retry; moving the clock replays a retry", async () => {
    const id = await createOrder(sim, 'panel-webhook');
    const wrapper = mountInApp(SimulatorView);
    await settle();
    expect(wrapper.find('[data-testid="simulator-webhook"]').text()).toContain('/notify');
    await buttonNamed(wrapper, `Complete ${id}`).trigger('click');
    await settle();
    // The first try goes out on the status change; wait for its verdict so the clock move replays a retry.
    await vi.waitFor(() => expect(sim.control.deliveries()[0]?.attempts).toHaveLength(1));
    await buttonNamed(wrapper, 'Advance clock +5 min').trigger('click');
    await settle();
    const log = wrapper.find('[aria-label="Delivery log"]');
    const row = log.findAll('tbody tr').find((tr) => tr.text().includes(id) && tr.text().includes('Success'));
    expect(row, 'a Success notification for the transaction').toBeDefined();
    const attempts = row!.findAll('.attempts li');
    // The first try on the status change, the first 5-minute retry on the clock move.
    expect(attempts).toHaveLength(2);
    expect(received).toBe(2);
    for (const attempt of attempts) expect(attempt.text()).toMatch(/HTTP 503 · not acknowledged/);
    expect(row!.text()).toContain('retrying');
    expect(row!.findAll('td').at(-1)!.text()).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
    wrapper.unmount();
  });
});

describe('SimulatorView without the simulator', () => {
  it('says the simulator is not running instead of showing errors', async () => {
    api = apiOver(() => null);
    const wrapper = mountInApp(SimulatorView);
    await settle();
    expect(wrapper.find('[data-testid="not-running"]').text()).toContain('The simulator is not running');
    expect(wrapper.find('[aria-label="Simulated transactions"]').exists()).toBe(false);
    expect(wrapper.find('[role="alert"]').exists()).toBe(false);
    wrapper.unmount();
  });
});
