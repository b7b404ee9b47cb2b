import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileSettingsSchema } from '@shared/contract/profiles';
import { startCore } from '../core/harness';
import { gatewayDelivers } from './gateway-delivers';

describe('go-live readiness, Sandbox controls and send-without-validation (qa handlers)', () => {
  let harness: Awaited<ReturnType<typeof startCore>>;
  let testProfileId: string;
  let failing: Server;
  let failingUrl: string;
  const webhookSecret = randomBytes(32).toString('base64');

  const testSettings = (webhookUrl: string) =>
    profileSettingsSchema.parse({
      name: 'Shop test',
      environment: 'test',
      baseUrl: harness.core.simulator!.url,
      terminalId: '1000001',
      variant: 'A',
      webhookUrl,
    });

  beforeAll(async () => {
    harness = await startCore();
    const sim = harness.core.simulator!;
    const receiver = await harness.call('notifications.receiverStatus');
    // The shop's webhook is the console's own receiver (it knows the profile's webhook secret).
    const saved = await harness.core.profiles.save({
      settings: testSettings(receiver.url),
      secrets: { bearerToken: sim.terminals[0]!.token, clientId: sim.clientId, webhookSecret },
    });
    testProfileId = saved.id;
    // A notification the test gateway sent for this profile: what the readiness check re-delivers.
    await gatewayDelivers(receiver.url, webhookSecret, '1000001');
    // A shop endpoint that is up but never acknowledges.
    failing = createServer((_req, res) => res.writeHead(500).end('oops'));
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    failingUrl = `http://127.0.0.1:${(failing.address() as AddressInfo).port}/notify`;
  });
  afterAll(async () => {
    failing.close();
    await harness.close();
    await harness.removeDir();
  });

  it('passes every item when the webhook acknowledges a notification the gateway sent, re-delivered', async () => {
    const receiver = await harness.call('notifications.receiverStatus');
    const run = await harness.call('qa.readiness', { profileId: testProfileId, webhookUrl: receiver.url });
    expect(run.scenarios.map((item: { name: string; status: string }) => [item.name, item.status])).toEqual([
      ['Environments separated', 'passed'],
      ['Endpoint and credentials valid (test connection)', 'passed'],
      ["Merchant's webhook acknowledges a test notification", 'passed'],
      ['Timeouts set', 'passed'],
    ]);
    expect(run.scenarios[1].steps[0].exchanges[0].response.status).toBe(404);
    // Same report format: the HTML report of the readiness run is there and redacted.
    const report = await harness.call('qa.report', { runId: run.id, format: 'html' });
    expect(report.text).toContain('Go-live readiness: Shop test');
    expect(report.text).not.toContain(harness.core.simulator!.terminals[0]!.token);
  });

  it('fails the webhook item with the evidence when the shop does not acknowledge, and the address item next to production', async () => {
    await harness.core.profiles.save({
      settings: profileSettingsSchema.parse({
        name: 'Shop production',
        environment: 'production',
        baseUrl: `${harness.core.simulator!.url}/`,
        terminalId: '1000002',
        variant: 'B',
      }),
      productionConfirmation: { profileName: 'Shop production' },
    });
    await harness.core.profiles.save({ id: testProfileId, settings: testSettings(failingUrl) });
    const run = await harness.call('qa.readiness', { profileId: testProfileId, webhookUrl: failingUrl });
    const [separated, , webhook] = run.scenarios;
    expect(separated.status).toBe('failed');
    expect(separated.steps[0].checks[1]).toMatchObject({ actual: ['Shop production'], passed: false });
    expect(webhook.status).toBe('failed');
    expect(webhook.steps[0].checks[0]).toEqual({ what: 'HTTP status', expected: 200, actual: 500, passed: false });
    expect(webhook.message).toContain(`POST ${failingUrl}`);
  });

  it('is refused for a production profile', async () => {
    const production = (await harness.core.profiles.list()).find((profile) => profile.environment === 'production')!;
    const result = await harness.core.dispatch('qa.readiness', { profileId: production.id, webhookUrl: null });
    expect(result).toMatchObject({ ok: false, error: { code: 'production-guard' } });
  });

  it('arms "next call answers 503" on the Sandbox: the next create gets it, the one after is normal', async () => {
    const armed = await harness.call('qa.sandboxControl', { action: 'nextCall', status: 503 });
    expect(armed.nextCalls).toEqual([503]);
    const order = {
      merchant: { channel: 'web', merchantTransactionId: `ctl-${Date.now()}` },
      transaction: {
        transactionTimestamp: new Date().toISOString(),
        description: 'control',
        moto: false,
        paymentType: 'PURS',
        paymentMethod: ['MBWAY'],
        amount: { value: 3, currency: 'EUR' },
      },
    };
    const first = await harness.call('orders.create', { profileId: 'sandbox-a', order });
    expect(first.exchange.response.status).toBe(503);
    expect(first.exchange.timings.attempts).toBe(1);
    // The 503'd create may exist (outcome unknown), so its merchantTransactionId stays taken: a new one.
    const next = { ...order, merchant: { ...order.merchant, merchantTransactionId: `ctl-next-${Date.now()}` } };
    const second = await harness.call('orders.create', { profileId: 'sandbox-a', order: next });
    expect(second.exchange.classification).toBe('ok');
  });

  it('sends an invalid order without validation on Sandbox/test, the gateway answers 400; never on production', async () => {
    const invalid = {
      merchant: { channel: 'web', merchantTransactionId: 'x' },
      transaction: { description: 'no amount' },
    };
    const refusedBySdk = await harness.core.dispatch('orders.create', { profileId: 'sandbox-a', order: invalid });
    expect(refusedBySdk).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    const sent = await harness.call('qa.createUnvalidated', {
      profileId: 'sandbox-a',
      order: invalid,
      confirmed: true,
    });
    expect(sent.exchange.response.status).toBe(400);
    expect(sent.exchange.returnStatus.statusCode).toBe('E0501');
    const production = (await harness.core.profiles.list()).find((profile) => profile.environment === 'production')!;
    const refused = await harness.core.dispatch('qa.createUnvalidated', {
      profileId: production.id,
      order: invalid,
      confirmed: true,
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'production-guard' } });
    expect((refused as { error: { message: string } }).error.message).toBe(
      'Orders are never sent without validation on a production profile: use a Sandbox or test profile.',
    );
  });

  it('fails the ack of a transaction’s next notification: the Sandbox retries it with the same notificationID', async () => {
    const created = await harness.call('orders.create', {
      profileId: 'sandbox-a',
      order: {
        merchant: { channel: 'web', merchantTransactionId: `ack-${Date.now()}` },
        transaction: {
          transactionTimestamp: new Date().toISOString(),
          description: 'ack',
          moto: false,
          paymentType: 'PURS',
          paymentMethod: ['MBWAY'],
          amount: { value: 3, currency: 'EUR' },
        },
      },
    });
    const id = created.exchange.transactionID;
    await harness.call('qa.sandboxControl', { action: 'delivery', transactionId: id, control: 'failAck' });
    await harness.call('simulator.complete', { transactionId: id, paymentStatus: 'Success' });
    let deliveries = await harness.call('simulator.deliveries', { transactionId: id });
    expect(deliveries[0].state).toBe('retrying');
    expect(deliveries[0].attempts[0].verdict).toBe('not acknowledged: Sandbox control failed the ack');
    await harness.call('simulator.advanceClock', { seconds: 301 });
    deliveries = await harness.call('simulator.deliveries', { transactionId: id });
    expect(deliveries[0].state).toBe('delivered');
    expect(deliveries[0].attempts).toHaveLength(2);
    const redeliver = await harness.core.dispatch('qa.sandboxControl', {
      action: 'delivery',
      transactionId: 'never-notified',
      control: 'redeliver',
    });
    expect(redeliver).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });
  it('defect "readiness text glitches": no "(line 0)", no ".." and an empty answer is named, in every report format', async () => {
    // A shop endpoint that answers 200 with an empty body: not an acknowledgement.
    const empty = createServer((_req, res) => res.writeHead(200).end(''));
    await new Promise<void>((resolve) => empty.listen(0, '127.0.0.1', resolve));
    const emptyUrl = `http://127.0.0.1:${(empty.address() as AddressInfo).port}/notify`;
    try {
      await harness.core.profiles.save({ id: testProfileId, settings: testSettings(emptyUrl) });
      const run = await harness.call('qa.readiness', { profileId: testProfileId, webhookUrl: emptyUrl });
      const webhook = run.scenarios[2];
      expect(webhook.status).toBe('failed');
      expect(webhook.steps[0].message).toContain('Answer: (empty body)');
      for (const format of ['markdown', 'junit', 'html', 'json'] as const) {
        const { text } = await harness.call('qa.report', { runId: run.id, format });
        expect(text, format).not.toContain('(line 0)');
        expect(text, format).not.toContain('line 0');
        expect(text, format).not.toMatch(/\.\. Answer:/);
      }
    } finally {
      empty.close();
    }
  });
});
