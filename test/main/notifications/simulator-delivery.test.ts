/**
 * The simulator (our embedded gateway) delivers to the receiver over real loopback HTTP: decrypt,
 * acknowledge and journal; bad answers make it retry; duplicates and out-of-order arrivals are journaled
 * as such.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DeliveryRecord } from '@shared/contract/notifications';
import type { SecretCandidate } from '../../../src-main/notifications/receiver';
import { Harness } from '../simulator/harness';
import { SECRET_A, SECRET_B, startReceiver } from './fixtures';

let cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

/** A receiver that knows terminal 1000001's secret (mutable, like a profile edit), and a simulator sending to it. */
async function setup(notifications: { duplicates?: boolean; outOfOrder?: boolean } = {}) {
  const secrets: SecretCandidate[] = [{ profileId: 'sandbox-a', terminalId: '1000001', secret: SECRET_A }];
  const receiving = await startReceiver({ secretsProvider: () => secrets });
  cleanups.push(receiving.close);
  const h = await Harness.start({ webhook: { url: receiving.receiver.url ?? '', secret: SECRET_A }, notifications });
  cleanups.push(() => h.close());
  return { ...receiving, h, secrets };
}

/** Creates an order on terminal A and starts an MB WAY payment that the shopper approves. */
async function approvedMbway(h: Harness) {
  const { id, signature } = await h.order('A');
  const purchase = await h.mbway(id, signature, '351#912345678');
  expect(purchase.status).toBe(200);
  await h.advance(5);
  return id;
}

const summary = (records: DeliveryRecord[]) =>
  records.map((r) => ({
    verdict: r.verdict,
    status: r.notification?.paymentStatus ?? null,
    duplicate: r.duplicate,
  }));

describe('simulator → receiver', () => {
  it('an approved MB WAY payment is decrypted, acknowledged and journaled, linked to its transaction', async () => {
    const { h, journal } = await setup();
    const id = await approvedMbway(h);

    const records = journal.list().records;
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((r) => r.verdict === 'accepted' && r.profileId === 'sandbox-a')).toBe(true);
    const final = records.at(-1)?.notification;
    expect(final).toMatchObject({
      transactionId: id,
      merchantOrderId: 'order-1',
      terminalId: '1000001',
      paymentStatus: 'Success',
      paymentMethod: 'MBWAY',
      amount: { value: '10.50', currency: 'EUR' },
      token: { tokenType: 'MobilePhone', value: '351#912345678' },
    });
    // The simulator judged every acknowledgement good and stopped.
    const deliveries = h.sim.control.deliveries();
    expect(deliveries.map((d) => d.state)).toEqual(records.map(() => 'delivered'));
    expect(deliveries.map((d) => d.notificationID)).toEqual(records.map((r) => r.notification?.notificationId));
  });

  it('a receiver that cannot decrypt answers non-200, so the simulator retries until it can', async () => {
    const { h, journal, secrets } = await setup();
    secrets[0] = { profileId: 'sandbox-a', terminalId: '1000001', secret: SECRET_B }; // misconfigured
    const id = await approvedMbway(h);

    const refused = journal.list().records;
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((r) => r.verdict === 'rejected' && r.httpStatus === 403)).toBe(true);
    expect(h.sim.control.deliveries().every((d) => d.state === 'retrying')).toBe(true);

    // The user fixes the secret; the next retry tier (5 minutes) is acknowledged.
    secrets[0] = { profileId: 'sandbox-a', terminalId: '1000001', secret: SECRET_A };
    await h.advance(5 * 60);
    const accepted = journal.list(refused.at(-1)?.seq).records;
    expect(accepted.map((r) => r.verdict)).toEqual(refused.map(() => 'accepted'));
    // Retries carry the same notificationID; earlier refusals do not make them duplicates.
    expect(accepted.every((r) => !r.duplicate)).toBe(true);
    expect(accepted.at(-1)?.notification).toMatchObject({ transactionId: id, paymentStatus: 'Success' });
    const deliveries = h.sim.control.deliveries();
    expect(deliveries.every((d) => d.state === 'delivered' && d.attempts.length === 2)).toBe(true);
    expect(deliveries[0]?.attempts[0]).toMatchObject({ httpStatus: 403, acknowledged: false });
  });

  it('a journal that cannot be written means no acknowledgement, and the simulator retries', async () => {
    const { h, journal } = await setup();
    const append = journal.append.bind(journal);
    let failing = true;
    journal.append = (draft) => (failing ? Promise.reject(new Error('EIO: disk gone')) : append(draft));
    await approvedMbway(h);
    expect(journal.size).toBe(0);
    expect(h.sim.control.deliveries().every((d) => d.attempts[0]?.httpStatus === 503 && d.state === 'retrying')).toBe(
      true,
    );
    failing = false;
    await h.advance(5 * 60);
    expect(h.sim.control.deliveries().every((d) => d.state === 'delivered')).toBe(true);
    expect(journal.size).toBe(h.sim.control.deliveries().length);
  });

  it('duplicates are journaled and flagged, each acknowledged', async () => {
    const { h, journal } = await setup({ duplicates: true });
    await approvedMbway(h);
    const records = journal.list().records;
    const ids = records.map((r) => r.notification?.notificationId);
    expect(new Set(ids).size).toBe(records.length / 2);
    for (const record of records) {
      const first = records.find((r) => r.notification?.notificationId === record.notification?.notificationId);
      expect(record.duplicate).toBe(record !== first);
      if (record.duplicate) expect(record.duplicateOfSeq).toBe(first?.seq);
    }
    expect(h.sim.control.deliveries().every((d) => d.state === 'delivered')).toBe(true);
  });

  it('out-of-order deliveries are journaled in arrival order with their own times, the final one first', async () => {
    const { h, journal } = await setup({ outOfOrder: true });
    const { id } = await h.order('A');
    await h.sim.control.complete(id, 'InProcessing');
    await h.advance(1);
    await h.sim.control.complete(id, 'Success');
    // The held-back InProcessing notification arrives after the final one.
    await h.advance(120);
    const records = journal.list().records;
    expect(summary(records)).toEqual([
      { verdict: 'accepted', status: 'Success', duplicate: false },
      { verdict: 'accepted', status: 'InProcessing', duplicate: false },
    ]);
    const [success, inProcessing] = records.map((r) => Date.parse(r.notification?.transactionDateTimeUtc ?? ''));
    // The later arrival describes an earlier moment: the final status is still the newest.
    expect(inProcessing).toBeLessThan(success ?? 0);
    expect(records[0]?.notification?.notificationId).not.toBe(records[1]?.notification?.notificationId);
  });
});
