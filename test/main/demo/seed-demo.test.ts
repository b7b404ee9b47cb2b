import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoSeedResult } from '@shared/contract/demo';
import type { DeliveryRecord } from '@shared/contract/notifications';
import type { SimulatorDelivery, SimulatorTransaction } from '@shared/contract/simulator';
import { startCore } from '../core/harness';

const A_METHODS = ['REFERENCE', 'CARD', 'MBWAY'];
const B_METHODS = ['CARD', 'TOKEN', 'PAY_BY_LINK', 'BLIK', 'XPAY', 'IDEL', 'BNCT', 'SPDD', 'CRTB', 'MBWY', 'BIZM'];
const EVERY_STATUS = ['Pending', 'InProcessing', 'Partial', 'Success', 'Declined', 'Error', 'Timeout', 'Expired'];

interface Seeded {
  result: DemoSeedResult;
  transactions: SimulatorTransaction[];
  deliveries: SimulatorDelivery[];
  /** What the console's notification receiver recorded of the seeding. */
  received: DeliveryRecord[];
  /** The same core, after `simulator.reset` and a second seeding (what Start demo does the next time). */
  afterReset: Seeded | null;
}

const IN_DEMO = { worldId: 'demo' };

async function seedOnce(): Promise<Seeded> {
  const harness = await startCore();
  try {
    const result = (await harness.call('demo.seed')) as DemoSeedResult;
    const transactions = (await harness.call('simulator.transactions', {
      limit: 1000,
      ...IN_DEMO,
    })) as SimulatorTransaction[];
    const deliveries = (await harness.call('simulator.deliveries', IN_DEMO)) as SimulatorDelivery[];
    const received = (
      (await harness.call('notifications.list', { after: 0, limit: 500 })) as { records: DeliveryRecord[] }
    ).records;
    // The demo lives in its own world: the user's Sandbox holds none of it.
    expect(await harness.call('simulator.transactions', { limit: 1000 })).toEqual([]);
    // Start demo again (after End demo): a fresh demo world, the very same story.
    expect(await harness.call('demo.end')).toMatchObject({ discarded: true });
    const reseeded = (await harness.call('demo.seed')) as DemoSeedResult;
    const afterReset: Seeded = {
      result: reseeded,
      transactions: (await harness.call('simulator.transactions', {
        limit: 1000,
        ...IN_DEMO,
      })) as SimulatorTransaction[],
      deliveries: [],
      received: [],
      afterReset: null,
    };
    return { result, transactions, deliveries, received, afterReset };
  } finally {
    await harness.close();
    await harness.removeDir();
  }
}

/** What a user sees of the history, with the generated ids and wall-clock times left out. */
const storyOf = ({ result, transactions }: Seeded) => ({
  exchanges: result.exchanges.map((exchange) => ({
    operation: exchange.operation,
    merchantTransactionId: exchange.merchantTransactionId,
    classification: exchange.classification,
    http: exchange.response?.status ?? null,
    statusCode: exchange.returnStatus?.statusCode ?? null,
    paymentStatus: exchange.paymentStatus,
  })),
  transactions: transactions
    .map((transaction) => ({
      merchantTransactionId: transaction.merchantTransactionId,
      variant: transaction.variant,
      methods: transaction.paymentMethodList,
      amount: transaction.amount,
      status: transaction.paymentStatus,
      history: transaction.history.map((change) => `${change.from}→${change.to} ${change.statusCode}`),
    }))
    .sort((a, b) => a.merchantTransactionId.localeCompare(b.merchantTransactionId)),
});

describe('demo seeding', () => {
  let first: Seeded;
  let second: Seeded;
  beforeAll(async () => {
    first = await seedOnce();
    second = await seedOnce();
  }, 120_000);
  afterAll(() => undefined);

  it('creates weeks of transactions across both variants and every method the spec names', () => {
    const { transactions, result } = first;
    expect(transactions.length).toBeGreaterThanOrEqual(25);
    const methodsOf = (variant: 'A' | 'B') =>
      new Set(transactions.filter((t) => t.variant === variant).flatMap((t) => t.paymentMethodList));
    expect([...methodsOf('A')].sort()).toEqual([...A_METHODS].sort());
    expect([...methodsOf('B')].sort()).toEqual([...B_METHODS].sort());
    const spanDays = (Date.parse(result.to) - Date.parse(result.from)) / 86_400_000;
    expect(spanDays).toBeGreaterThanOrEqual(20);
    const times = result.exchanges.map((exchange) => Date.parse(exchange.timings.startedAt));
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(14 * 86_400_000);
    // The story ends now: the tour's own calls come after it.
    expect(Math.abs(Date.parse(result.to) - Date.now())).toBeLessThan(120_000);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('reaches every payment status through the simulator, each change notified', () => {
    const { transactions, deliveries } = first;
    const reached = new Set(transactions.flatMap((t) => [t.paymentStatus, ...t.history.map((change) => change.to)]));
    for (const status of EVERY_STATUS) expect(reached, status).toContain(status);
    const notified = new Set(deliveries.map((delivery) => delivery.paymentStatus));
    for (const status of ['Success', 'Declined', 'Error', 'Timeout', 'Expired', 'InProcessing'])
      expect(notified, status).toContain(status);
    expect(deliveries.every((delivery) => delivery.state === 'delivered')).toBe(true);
  });

  it('records each notification at its story time, not at the moment the seeding received it', () => {
    const { result, received, transactions } = first;
    const accepted = received.filter((record) => record.verdict === 'accepted' && record.notification);
    // Every transaction whose status changed was notified (the ones still pending at the present were not).
    const changed = transactions.filter((transaction) => transaction.paymentStatus !== 'Pending');
    expect(changed.length).toBeGreaterThan(20);
    expect(accepted.length).toBeGreaterThanOrEqual(changed.length);
    const createdAt = new Map(
      result.exchanges
        .filter((exchange) => exchange.operation === 'createOrder' && exchange.transactionID)
        .map((exchange) => [exchange.transactionID!, Date.parse(exchange.timings.startedAt)]),
    );
    const times = accepted.map((record) => Date.parse(record.receivedAt));
    // Spread over the weeks like the exchanges, not bunched at the end of the seeding.
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(14 * 86_400_000);
    for (const record of accepted) {
      const at = Date.parse(record.receivedAt);
      const created = createdAt.get(record.notification!.transactionId!);
      expect(created, record.notification!.transactionId!).toBeDefined();
      // After its order was created, and inside the story (which ends now).
      expect(at).toBeGreaterThanOrEqual(created! - 1000);
      expect(at).toBeLessThanOrEqual(Date.parse(result.to) + 1000);
    }
  });

  it('shows a card order waiting for 3-D Secure as Partial, with the actionResponse, then paid', () => {
    const card = first.transactions.find((t) => t.variant === 'B' && t.paymentMethodList.join() === 'CARD')!;
    expect(card.history.map((change) => `${change.from}→${change.to}`)).toEqual([
      'null→Pending',
      'Pending→Partial',
      'Partial→Success',
    ]);
    const statuses = first.result.exchanges.filter(
      (exchange) => exchange.operation === 'getStatus' && exchange.url.includes(card.transactionID),
    );
    expect(statuses.map((exchange) => exchange.paymentStatus)).toEqual(['Partial', 'Success']);
    const partialAnswer = JSON.parse(statuses[0]!.response!.bodyText) as {
      actionResponse?: { type?: string; data?: { url?: string } };
    };
    expect(partialAnswer.actionResponse?.type).toBe('THREEDS_CHALLENGE');
    expect(partialAnswer.actionResponse?.data?.url).toMatch(/\/action$/);
    expect(first.deliveries.some((d) => d.transactionID === card.transactionID && d.paymentStatus === 'Partial')).toBe(
      true,
    );
  });

  it('records the error the tour explains, with its suggested action', () => {
    const refused = first.result.exchanges.find((exchange) => exchange.response?.status === 503);
    expect(refused?.operation).toBe('createOrder');
    expect(refused?.classification).toBe('outcome-unknown');
    expect(refused?.suggestedAction).toMatch(/query the status before doing anything/i);
    // The 9.99 order's first status answer is 999 "try again": the SDK asked again by itself (a read).
    expect(first.result.exchanges.some((e) => e.operation === 'getStatus' && e.timings.attempts > 1)).toBe(true);
  });

  it('tells the same story twice (ids and clock times aside)', () => {
    expect(first.result.exchanges.map((e) => e.transactionID)).not.toEqual(
      second.result.exchanges.map((e) => e.transactionID),
    );
    expect(storyOf(second)).toEqual(storyOf(first));
    // Start demo a second time on the same console: End demo, then the very same story again.
    expect(storyOf(first.afterReset!)).toEqual(storyOf(first));
  });
});
