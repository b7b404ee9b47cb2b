import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderA, orderB } from '../gateway/fixtures';
import { startCore } from './harness';

let harness: Awaited<ReturnType<typeof startCore>>;

beforeAll(async () => {
  harness = await startCore();
});
afterAll(async () => {
  await harness.close();
  await harness.removeDir();
});

const referenceOrder = (amount = 10) => {
  const order = orderA();
  order.transaction.paymentMethod = ['REFERENCE'];
  order.transaction.amount.value = amount;
  return order;
};

describe('the Sandbox against the embedded simulator', () => {
  it('offers one ready Sandbox profile per variant, secrets shown only as set/last4', async () => {
    const { profiles, problems } = await harness.call('profiles.list');
    expect(problems).toEqual([]);
    expect(profiles.map((profile: { name: string }) => profile.name)).toEqual([
      'Sandbox · Variant A',
      'Sandbox · Variant B',
    ]);
    const [a] = profiles;
    expect(a).toMatchObject({ environment: 'sandbox', managed: true, variant: 'A', terminalId: '1000001' });
    expect(a.baseUrl).toBe(harness.core.simulator?.url);
    expect(a.secrets.bearerToken).toEqual({ set: true, last4: expect.stringMatching(/^.{4}$/) });
    expect(JSON.stringify(profiles)).not.toContain(harness.core.simulator?.clientId);
  });

  it('creates an order, asks for MB WAY with a typed phone, and queries its status', async () => {
    const created = await harness.call('orders.create', { profileId: 'sandbox-a', order: orderA('flow-1') });
    expect(created.exchange.classification).toBe('ok');
    const id = created.exchange.transactionID;
    expect(id).toMatch(/^s2/);
    expect(created.response.transactionSignature).toMatch(/^••••/);

    const mbway = await harness.call('payments.mbwayPurchase', {
      profileId: 'sandbox-a',
      transactionId: id,
      phone: '+351 912 345 678',
    });
    expect(mbway.exchange.classification).toBe('ok');
    expect(mbway.exchange.paymentStatus).toBe('Pending');
    expect(mbway.exchange.request.body).toBe('{"customerPhone":"351#912345678"}');

    const status = await harness.call('payments.status', { profileId: 'sandbox-a', transactionId: id });
    expect(status.exchange).toMatchObject({ classification: 'ok', transactionID: id, merchantTransactionId: 'flow-1' });
  });

  it('generates a Multibanco reference', async () => {
    const created = await harness.call('orders.create', { profileId: 'sandbox-a', order: referenceOrder() });
    const reference = await harness.call('payments.generateReference', {
      profileId: 'sandbox-a',
      transactionId: created.exchange.transactionID,
    });
    expect(reference.exchange.classification).toBe('ok');
    expect(reference.response.paymentReference.reference).toBeDefined();
  });

  it('creates a Variant B card order and performs its actionResponse', async () => {
    const created = await harness.call('orders.create', { profileId: 'sandbox-b', order: orderB() });
    expect(created.exchange.classification).toBe('ok');
    const { url, params } = created.response.actionResponse.data;
    const action = await harness.call('payments.performAction', {
      profileId: 'sandbox-b',
      transactionId: created.exchange.transactionID,
      url,
      params,
    });
    expect(action.exchange.classification).toBe('ok');
    expect(action.exchange.paymentStatus).toBe('Success');
  });

  it('reports a gateway error (HTTP 200, statusCode ≠ 000) with its meaning', async () => {
    const created = await harness.call('orders.create', { profileId: 'sandbox-a', order: orderA() });
    const mbway = await harness.call('payments.mbwayPurchase', {
      profileId: 'sandbox-a',
      transactionId: created.exchange.transactionID,
      phone: '351#912345506',
    });
    expect(mbway.exchange.classification).toBe('gateway-error');
    expect(mbway.exchange.returnStatus.statusCode).toBe('E0506');
    expect(mbway.exchange.suggestedAction).toMatch(/alias does not exist/);
  });

  it('retries a status query answered 999 and reports the later answer', async () => {
    const order = orderA();
    order.transaction.amount.value = 9.99;
    const created = await harness.call('orders.create', { profileId: 'sandbox-a', order });
    const status = await harness.call('payments.status', {
      profileId: 'sandbox-a',
      transactionId: created.exchange.transactionID,
    });
    expect(status.exchange.classification).toBe('ok');
    expect(status.exchange.timings.attempts).toBe(2);
  });

  it('a create answered HTTP 429 is an http-error with the spec’s advice, sent once', async () => {
    const order = orderA();
    order.transaction.amount.value = 4.29;
    const created = await harness.call('orders.create', { profileId: 'sandbox-a', order });
    expect(created.exchange).toMatchObject({
      classification: 'http-error',
      suggestedAction: 'Reduce the call rate.',
      response: { status: 429 },
      timings: { attempts: 1 },
    });
  });

  // A 5xx may come after the gateway processed the order: "retry" advice could create it twice.
  it.each([
    [5.0, 500],
    [5.03, 503],
  ])('a create answered HTTP %s→%s is outcome-unknown: find the order, do not resend', async (amount, status) => {
    const order = orderA();
    order.transaction.amount.value = amount;
    const created = await harness.call('orders.create', { profileId: 'sandbox-a', order });
    expect(created.exchange).toMatchObject({
      classification: 'outcome-unknown',
      response: { status },
      timings: { attempts: 1 },
      merchantTransactionId: order.merchant.merchantTransactionId,
    });
    expect(created.exchange.suggestedAction).toMatch(/Do not resend.*merchantTransactionId in History/);
  });

  it('an invalid order is refused in main, naming each bad field, and never reaches the simulator', async () => {
    const before = (await fetch(`${harness.core.simulator?.url}/__simulator/transactions`).then((r) =>
      r.json(),
    )) as unknown[];
    const order = orderA();
    const bad = {
      ...order,
      transaction: { ...order.transaction, paymentMethod: ['MBWY'], description: 'x'.repeat(71) },
    };
    const result = await harness.core.dispatch('orders.create', { profileId: 'sandbox-a', order: bad });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    const issues = (result as { error: { details: { issues: Array<{ path: string }> } } }).error.details.issues;
    expect(issues.map((issue) => issue.path)).toEqual(
      expect.arrayContaining(['transaction.paymentMethod.0', 'transaction.description']),
    );
    const after = (await fetch(`${harness.core.simulator?.url}/__simulator/transactions`).then((r) =>
      r.json(),
    )) as unknown[];
    expect(after.length).toBe(before.length);
  });

  it('a follow-up for a transaction this console did not create is refused before sending', async () => {
    const result = await harness.core.dispatch('payments.generateReference', {
      profileId: 'sandbox-a',
      transactionId: 's2unknownunknown000',
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'unknown-transaction' } });
  });

  it('pushes an exchanges.recorded event for every call', async () => {
    const before = harness.events.filter((event) => event.name === 'exchanges.recorded').length;
    await harness.call('payments.status', { profileId: 'sandbox-b', transactionId: 's2doesnotexist00000' });
    const recorded = harness.events.filter((event) => event.name === 'exchanges.recorded');
    expect(recorded.length).toBe(before + 1);
    expect(recorded.at(-1)?.payload).toMatchObject({ operation: 'getStatus', classification: 'http-error' });
  });

  it('testConnection tells good credentials from rejected ones', async () => {
    expect(await harness.call('profiles.testConnection', { id: 'sandbox-a' })).toMatchObject({ verdict: 'ok' });
    const simulator = harness.core.simulator!;
    const wrong = await harness.call('profiles.save', {
      settings: {
        name: 'Wrong token',
        environment: 'test',
        baseUrl: simulator.url,
        terminalId: '1000001',
        variant: 'A',
      },
      secrets: { bearerToken: 'not-the-right-token', clientId: simulator.clientId },
    });
    const test = await harness.call('profiles.testConnection', { id: wrong.id });
    expect(test.verdict).toBe('credentials-rejected');
    expect(test.exchange.response.status).toBe(401);
  });
});
