/**
 * Reset Sandbox against a real embedded simulator (its `simulator.*` handlers behind the contract
 * dispatcher) and the renderer's real history database: the confirmation counts what goes, the reset
 * removes the Sandbox's simulated transactions and its History rows, exchanges and notifications, and
 * nothing of the test profile.
 */
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { request } from 'undici';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleApi } from '@shared/contract';
import { createDispatcher, type Handlers } from '../../../src-main/core/dispatcher';
import { createSimulatorHandlers } from '../../../src-main/core/handlers/simulator-handlers';
import { startSimulator, type RunningSimulator } from '../../../src-main/simulator';
import { useHistoryDb } from '../../../src-renderer/src/db/history-db';
import { recordExchange } from '../../../src-renderer/src/db/history-writer';
import { readLastOrder, writeLastOrder } from '../../../src-renderer/src/services/last-order';
import SandboxReset from '../../../src-renderer/src/features/simulator/SandboxReset.vue';
import { useHistoryRecorderStore } from '../../../src-renderer/src/stores/history-recorder';
import { validOrderA } from '../../shared/gateway/fixtures';
import { makeExchange, statusExchange, T0 } from '../db/fixtures';
import { mountInApp } from '../followups/mount';

let api: ConsoleApi;
vi.mock('../../../src-renderer/src/api', () => ({ useConsoleApi: () => api }));

const METHODS = ['simulator.status', 'simulator.transactions', 'simulator.reset'] as const;
const PROFILES = [
  { id: 'sandbox-a', name: 'Sandbox · Variant A', environment: 'sandbox', variant: 'A' as const },
  { id: 'test-1', name: 'Test terminal', environment: 'test', variant: 'A' as const },
];
const lookup = (id: string) => PROFILES.find((p) => p.id === id);

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
  if (!body.transactionID) throw new Error(`create failed: ${answer.statusCode}`);
  return body.transactionID;
}

async function settle(): Promise<void> {
  for (let i = 0; i < 6; i++) {
    await flushPromises();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const confirmation = () => document.querySelector('[data-testid="sandbox-reset-confirm"]');
const buttonIn = (root: ParentNode | null, name: string) =>
  [...(root?.querySelectorAll('button') ?? [])].find((b) => b.textContent?.trim() === name) as HTMLButtonElement;

describe('Reset Sandbox', () => {
  let sim: RunningSimulator;
  let wrapper: VueWrapper | undefined;
  let sandboxTx: string[];
  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 11 });
    const dispatch = createDispatcher(createSimulatorHandlers(() => sim) as Handlers);
    api = Object.fromEntries(
      METHODS.map((name) => [name, (input?: unknown) => dispatch(name, input)]),
    ) as unknown as ConsoleApi;
  });
  afterAll(async () => {
    await sim.close();
  });
  beforeEach(async () => {
    localStorage.clear();
    const db = useHistoryDb();
    await Promise.all(db.tables.map((table) => table.clear()));
    sandboxTx = [await createOrder(sim, 'reset-1'), await createOrder(sim, 'reset-2')];
    for (const [i, tx] of sandboxTx.entries())
      await recordExchange(db, { ...statusExchange(tx, 'Pending', T0 + i), profileId: 'sandbox-a' }, lookup);
    // A Sandbox create the gateway refused: no row, but its exchange is the Sandbox's.
    await recordExchange(
      db,
      makeExchange({
        operation: 'createOrder',
        method: 'POST',
        url: `${sim.apiUrl}/payments`,
        profileId: 'sandbox-a',
        classification: 'http-error',
      }),
      lookup,
    );
    await db.notifications.put({
      id: 'n-sandbox',
      transactionId: sandboxTx[0]!,
      receivedAt: T0,
      paymentStatus: 'Success',
      payload: {},
    });
    // The test profile's transaction must survive.
    await recordExchange(db, { ...statusExchange('s2testprofile0000001', 'Pending', T0), profileId: 'test-1' }, lookup);
    await db.notifications.put({
      id: 'n-test',
      transactionId: 's2testprofile0000001',
      receivedAt: T0,
      paymentStatus: 'Success',
      payload: {},
    });
    writeLastOrder('sandbox-a', { exchangeId: 'ex-x', transactionId: sandboxTx[0]! });
    writeLastOrder('test-1', { exchangeId: 'ex-y', transactionId: 's2testprofile0000001' });
  });
  afterEach(() => {
    wrapper?.unmount();
    wrapper = undefined;
  });

  it('says what will go, then clears the simulator and the Sandbox history, and nothing else', async () => {
    wrapper = mountInApp(SandboxReset);
    useHistoryRecorderStore().profiles = PROFILES;
    const simulated = (await api['simulator.status']()).ok ? sim.control.transactions().length : 0;
    await wrapper.get('button').trigger('click');
    await settle();
    const text = confirmation()?.textContent ?? '';
    expect(text).toContain(`${simulated} simulated transactions`);
    expect(text).toContain('2 History rows of the Sandbox');
    expect(text).toContain('3 recorded exchanges');
    expect(text).toContain('1 received notification');
    expect(text).toContain('Profiles affected: Sandbox · Variant A.');

    buttonIn(confirmation(), 'Reset Sandbox').click();
    await settle();
    expect(wrapper.get('[data-testid="sandbox-reset-outcome"]').text()).toBe(
      `Sandbox reset: ${simulated} simulated transactions, 2 History rows, 3 exchanges and 1 notification removed. Other profiles were not touched.`,
    );
    const status = await api['simulator.status']();
    expect(status.ok && status.value.transactionCount).toBe(0);
    const db = useHistoryDb();
    expect(await db.transactions.toCollection().primaryKeys()).toEqual(['s2testprofile0000001']);
    expect((await db.exchanges.toArray()).map((e) => e.profileId)).toEqual(['test-1']);
    expect(await db.exchangeBodies.count()).toBe(1);
    expect(await db.notifications.toCollection().primaryKeys()).toEqual(['n-test']);
    expect(readLastOrder('sandbox-a')).toBeNull();
    expect(readLastOrder('test-1')).not.toBeNull();
  });

  it('Cancel removes nothing', async () => {
    wrapper = mountInApp(SandboxReset);
    useHistoryRecorderStore().profiles = PROFILES;
    await wrapper.get('button').trigger('click');
    await settle();
    buttonIn(confirmation(), 'Cancel').click();
    await settle();
    expect(document.querySelector('[data-testid="sandbox-reset-outcome"]')).toBeNull();
    expect(await useHistoryDb().transactions.count()).toBe(3);
    const status = await api['simulator.status']();
    expect(status.ok && status.value.transactionCount).toBeGreaterThanOrEqual(2);
  });
});
