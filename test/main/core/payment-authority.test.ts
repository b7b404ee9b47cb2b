/**
 * Main decides what may happen to a payment (issue 25, section 4): final is final, no silent duplicates.
 * Against the embedded simulator, through the same dispatch the UI, the host API and the CLI use.
 */
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

const exchangesSent = () => harness.events.filter((event) => event.name === 'exchanges.recorded').length;

async function successfulPayment(merchantTransactionId?: string): Promise<string> {
  const created = await harness.call('orders.create', { profileId: 'sandbox-a', order: orderA(merchantTransactionId) });
  const transactionId = created.exchange.transactionID as string;
  await harness.call('simulator.complete', { transactionId, paymentStatus: 'Success' });
  return transactionId;
}

describe('final is final', () => {
  it('final is final: an MB WAY purchase on a payment main saw Success is refused with the status and when it was learned, and nothing is sent', async () => {
    const transactionId = await successfulPayment();
    const status = await harness.call('payments.status', { profileId: 'sandbox-a', transactionId });
    expect(status.exchange.paymentStatus).toBe('Success');
    const before = exchangesSent();

    const refused = await harness.core.dispatch('payments.mbwayPurchase', {
      profileId: 'sandbox-a',
      transactionId,
      phone: '912345678',
    });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'payment-final', details: { transactionId, status: 'Success' } },
    });
    const details = (refused as { error: { details: { learnedAt: string; source: string } } }).error.details;
    expect(Date.parse(details.learnedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(details.source).toMatch(/status|notification/);
    expect(exchangesSent()).toBe(before);

    const reference = await harness.core.dispatch('payments.generateReference', {
      profileId: 'sandbox-a',
      transactionId,
    });
    expect(reference).toMatchObject({ ok: false, error: { code: 'payment-final' } });
    expect(exchangesSent()).toBe(before);
  });

  it('final is final: a notification saying Declined is enough, no status query needed', async () => {
    const created = await harness.call('orders.create', { profileId: 'sandbox-a', order: orderA() });
    const transactionId = created.exchange.transactionID as string;
    await harness.call('simulator.complete', { transactionId, paymentStatus: 'Declined' });
    await expect
      .poll(() =>
        harness.events.some(
          (event) =>
            event.name === 'notifications.received' &&
            (event.payload as { notification?: { transactionId?: string } }).notification?.transactionId ===
              transactionId,
        ),
      )
      .toBe(true);
    const before = exchangesSent();
    const refused = await harness.core.dispatch('payments.mbwayPurchase', {
      profileId: 'sandbox-a',
      transactionId,
      phone: '912345678',
    });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'payment-final', details: { status: 'Declined', source: 'notification' } },
    });
    expect(exchangesSent()).toBe(before);
  });

  it('final is final: QA may override on a Sandbox profile, and the exchange records the override', async () => {
    const transactionId = await successfulPayment();
    await harness.call('payments.status', { profileId: 'sandbox-a', transactionId });
    const forced = await harness.call('payments.mbwayPurchase', {
      profileId: 'sandbox-a',
      transactionId,
      phone: '912345678',
      overrideFinal: true,
    });
    // The gateway refuses it as the real one does: the point of the override is to see that.
    expect(forced.exchange.response.status).toBe(409);
    expect(forced.exchange.overrides).toEqual(['final-payment']);
    const pushed = harness.events.filter((event) => event.name === 'exchanges.recorded').at(-1)!.payload;
    expect(pushed).toMatchObject({ overrides: ['final-payment'] });
  });

  it('final is final: a payment still Pending is not refused', async () => {
    const created = await harness.call('orders.create', { profileId: 'sandbox-a', order: orderA() });
    const transactionId = created.exchange.transactionID as string;
    await harness.call('payments.status', { profileId: 'sandbox-a', transactionId });
    const mbway = await harness.call('payments.mbwayPurchase', {
      profileId: 'sandbox-a',
      transactionId,
      phone: '912345678',
    });
    expect(mbway.exchange.paymentStatus).toBe('Pending');
    expect(mbway.exchange.overrides).toBeUndefined();
  });

  it('final is final: main remembers it after a restart', async () => {
    const transactionId = await successfulPayment();
    await harness.call('payments.status', { profileId: 'sandbox-a', transactionId });
    const again = await startCore({ userDataDir: harness.userDataDir, credentials: harness.credentials });
    try {
      const refused = await again.core.dispatch('payments.mbwayPurchase', {
        profileId: 'sandbox-a',
        transactionId,
        phone: '912345678',
      });
      expect(refused).toMatchObject({ ok: false, error: { code: 'payment-final', details: { status: 'Success' } } });
    } finally {
      await again.close();
    }
  });
});

describe('no silent duplicates', () => {
  it('no silent duplicates: a second create with a used merchantTransactionId is refused, naming the transaction that has it', async () => {
    const first = await harness.call('orders.create', { profileId: 'sandbox-a', order: orderA('dup-order-1') });
    const before = exchangesSent();
    const second = await harness.core.dispatch('orders.create', {
      profileId: 'sandbox-a',
      order: orderA('dup-order-1'),
    });
    expect(second).toMatchObject({
      ok: false,
      error: {
        code: 'duplicate-merchant-transaction-id',
        details: { merchantTransactionId: 'dup-order-1', transactionId: first.exchange.transactionID },
      },
    });
    expect(second.ok ? '' : second.error.message).toContain(first.exchange.transactionID);
    expect(exchangesSent()).toBe(before);
  });

  it('no silent duplicates: pressing Send twice (two creates at once) sends one order', async () => {
    const order = orderA('dup-order-2');
    const results = await Promise.all([
      harness.core.dispatch('orders.create', { profileId: 'sandbox-a', order }),
      harness.core.dispatch('orders.create', { profileId: 'sandbox-a', order }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toMatchObject({
      error: { code: 'duplicate-merchant-transaction-id', details: { merchantTransactionId: 'dup-order-2' } },
    });
    const simulated = await harness.call('simulator.transactions', {});
    expect(
      simulated.filter((t: { merchantTransactionId?: string }) => t.merchantTransactionId === 'dup-order-2'),
    ).toHaveLength(1);
  });

  it('no silent duplicates: after a create that got no answer (the order may exist), its merchantTransactionId is refused', async () => {
    const order = orderA('dup-order-5');
    order.transaction.amount.value = 5.0; // the simulator answers HTTP 500: sent, outcome unknown
    const lost = await harness.call('orders.create', { profileId: 'sandbox-a', order });
    expect(lost.exchange.classification).toBe('outcome-unknown');
    const before = exchangesSent();
    const again = await harness.core.dispatch('orders.create', {
      profileId: 'sandbox-a',
      order: { ...order, transaction: { ...order.transaction, amount: { value: 12.5, currency: 'EUR' } } },
    });
    expect(again).toMatchObject({
      ok: false,
      error: {
        code: 'duplicate-merchant-transaction-id',
        details: { merchantTransactionId: 'dup-order-5', transactionId: null, outcomeUnknownSince: expect.any(String) },
      },
    });
    expect(again.ok ? '' : again.error.message).toMatch(/may exist/);
    expect(exchangesSent()).toBe(before);
  });

  it('no silent duplicates: QA may say the duplicate is intended on a Sandbox profile, recorded in the exchange', async () => {
    await harness.call('orders.create', { profileId: 'sandbox-a', order: orderA('dup-order-3') });
    const again = await harness.call('orders.create', {
      profileId: 'sandbox-a',
      order: orderA('dup-order-3'),
      allowDuplicate: true,
    });
    expect(again.exchange.classification).toBe('ok');
    expect(again.exchange.overrides).toEqual(['duplicate-merchant-transaction-id']);
  });

  it('no silent duplicates: the same merchantTransactionId on another profile is not a duplicate', async () => {
    await harness.call('orders.create', { profileId: 'sandbox-a', order: orderA('dup-order-4') });
    const other = await harness.call('orders.create', { profileId: 'sandbox-b', order: orderB('dup-order-4') });
    expect(other.exchange.classification).toBe('ok');
  });
});

describe('QA overrides never apply to production', () => {
  it('final is final / no silent duplicates: overrides are refused on a production profile before anything is sent', async () => {
    const simulator = harness.core.simulator!;
    const saved = await harness.call('profiles.save', {
      settings: {
        name: 'Live shop',
        environment: 'production',
        baseUrl: simulator.url,
        pathPrefix: simulator.basePath,
        terminalId: '1000001',
        variant: 'A',
      },
      secrets: { bearerToken: 'live-token-for-this-test-only', clientId: 'live-client-id-for-this-test' },
      productionConfirmation: { profileName: 'Live shop' },
    });
    const confirmation = (amount: number) => ({ profileName: 'Live shop', amount });
    const before = exchangesSent();
    for (const [method, input] of [
      ['orders.create', { order: orderA('live-1'), confirmation: confirmation(12.5), allowDuplicate: true }],
      ['payments.mbwayPurchase', { transactionId: 's2LIVE00000000000001', phone: '912345678', overrideFinal: true }],
      ['payments.generateReference', { transactionId: 's2LIVE00000000000001', overrideFinal: true }],
    ] as const) {
      const forced = await harness.core.dispatch(method, { profileId: saved.id, ...input });
      expect(forced, method).toMatchObject({ ok: false, error: { code: 'override-not-allowed' } });
    }
    expect(exchangesSent()).toBe(before);
  });
});
