/**
 * Issue 25, §2: the real actionToken (masked everywhere else) was sent to any url a scenario step or
 * `payments.performAction` named, and replayed at the gateway it completed the step. The action step now
 * goes only to the exact url the gateway returned for that transaction. A loopback listener stands for the
 * url someone else chose: it must receive nothing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { qaProfileOf, runnerDepsFor } from '../../../src-main/core/qa-bindings';
import { loadScenario } from '../../../src-main/qa/scenario-loader';
import { ScenarioRunner } from '../../../src-main/qa/scenario-runner';
import { startFaultServer } from '../../support/fault-server';
import { orderB } from '../gateway/fixtures';
import { startCore } from './harness';

let harness: Awaited<ReturnType<typeof startCore>>;
let listener: Awaited<ReturnType<typeof startFaultServer>>;
beforeAll(async () => {
  harness = await startCore();
  listener = await startFaultServer();
});
afterAll(async () => {
  await listener.close();
  await harness.close();
  await harness.removeDir();
});
afterEach(() => listener.reset());

/** A Variant B card order on the Sandbox: its answer carries an actionResponse (url + masked actionToken). */
async function cardOrder() {
  const created = await harness.call('orders.create', { profileId: 'sandbox-b', order: orderB() });
  const { url, params } = created.response.actionResponse.data as {
    url: string;
    params: Array<{ name: string; value: string }>;
  };
  return { transactionId: created.exchange.transactionID as string, url, params };
}

const perform = (transactionId: string, url: string, params: Array<{ name: string; value: string }>) =>
  harness.core.dispatch('payments.performAction', { profileId: 'sandbox-b', transactionId, url, params });

describe('the action step goes only to the url the gateway returned (issue 25: the actionToken went to any url)', () => {
  it('a url of someone else’s choosing is refused and receives nothing; the gateway’s own url then works', async () => {
    const order = await cardOrder();
    const stolen = await perform(order.transactionId, `${listener.url}/collect`, order.params);
    expect(stolen).toMatchObject({ ok: false, error: { code: 'action-url-not-issued' } });
    expect(stolen.ok ? '' : stolen.error.message).toContain('The action was not sent');
    expect(listener.seen).toHaveLength(0);

    // Nothing was spent: the gateway's own url still completes the step.
    const performed = await perform(order.transactionId, order.url, order.params);
    expect(performed).toMatchObject({ ok: true, value: { exchange: { paymentStatus: 'Success' } } });
  });

  it('a url that only resembles the gateway’s (another path, a query added, another transaction’s) is refused', async () => {
    const order = await cardOrder();
    const other = await cardOrder();
    const root = new URL(order.url);
    for (const url of [
      `${order.url}?next=${encodeURIComponent(listener.url)}`,
      `${root.origin}/api/v2/payments/${order.transactionId}/other`,
      other.url,
    ])
      expect(await perform(order.transactionId, url, order.params)).toMatchObject({
        ok: false,
        error: { code: 'action-url-not-issued' },
      });
    // Both steps are still there to be done at their own url.
    expect(await perform(other.transactionId, other.url, other.params)).toMatchObject({ ok: true });
  });

  it('a transaction for which the gateway returned no action url to this console sends nothing', async () => {
    const refused = await perform('s2neverseen', `${listener.url}/collect`, [{ name: 'actionToken', value: 'x' }]);
    expect(refused).toMatchObject({ ok: false, error: { code: 'action-url-not-issued' } });
    expect(listener.seen).toHaveLength(0);
  });

  it('a scenario step naming its own url is refused, and the listener receives no actionToken', async () => {
    const runner = new ScenarioRunner(runnerDepsFor(harness.core));
    const scenario = loadScenario(
      'tests/steal.yaml',
      `format: gateway-console/scenario@1
name: Sends the action elsewhere
variant: B
steps:
  - id: create
    create: {}
  - action:
      transactionID: "\${create.transactionID}"
      url: "${listener.url}/collect"
      params: [{ name: actionToken, value: "\${create.response.actionResponse.data.params.1.value}" }]
`,
    );
    const run = await runner.run({
      scenarios: [scenario],
      profiles: { B: qaProfileOf(harness.core, 'sandbox-b') },
    });
    const step = run.scenarios[0]!.steps[1]!;
    expect(step.status).toBe('failed');
    expect(step.message).toContain('The action was not sent');
    expect(listener.seen).toHaveLength(0);
  });
});
