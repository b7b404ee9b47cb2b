/**
 * Driving the shop (issue 29 §3) through a world's control API: the shopper's outcome per transaction,
 * faults armed for the shop's next calls (HTTP answers per endpoint, latency, transport faults) and
 * notification chaos (delay, drop), seeded so a session replays exactly. A real HTTP shop client throughout.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { generateWebhookSecret } from '../../../src-main/notifications/notification-crypto';
import { startSimulator } from '../../../src-main/simulator';
import type { ShopCall } from '../../../src-shared/shop/traffic';
import { Harness, validOrderA } from '../simulator/harness';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function start(options: Parameters<typeof Harness.start>[0] = {}) {
  const h = await Harness.start(options);
  cleanups.push(() => h.close());
  return h;
}

const arm = (h: Harness, call: unknown) => h.control('POST', '/faults', { call });
const lastCall = (h: Harness): ShopCall =>
  h.sim.worlds
    .get('default')!
    .traffic.since(0)
    .entries.filter((entry): entry is ShopCall => entry.kind === 'call')
    .at(-1)!;
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('faults for the shop’s next calls', () => {
  it('an HTTP answer armed for one endpoint, twice, leaves the other endpoints alone', async () => {
    const h = await start();
    const armed = await arm(h, { kind: 'status', status: 500, operation: 'getStatus', times: 2 });
    expect(armed.body.calls).toEqual([{ kind: 'status', status: 500, operation: 'getStatus', times: 2, remaining: 2 }]);
    const { id } = await h.order('A');
    expect((await h.status(id)).status).toBe(500);
    expect((await h.status(id)).status).toBe(500);
    expect((await h.status(id)).status).toBe(200);
    expect((await h.control('GET', '/faults')).body.calls).toEqual([]);
  });

  it('a fixed latency delays the answer; a slow body trickles it out whole', async () => {
    const h = await start();
    await arm(h, { kind: 'latency', latencyMs: 150 });
    let started = Date.now();
    expect((await h.create(validOrderA())).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    await settle();
    expect(lastCall(h).response?.fault).toBe('latency');
    await arm(h, { kind: 'slow-body', latencyMs: 200 });
    started = Date.now();
    const slow = await h.create(validOrderA());
    expect(slow.status).toBe(200);
    expect(slow.body.transactionID).toMatch(/^s2/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
  });

  it('transport faults: connection reset, empty response and truncated body reach the shop as such, and are recorded', async () => {
    const h = await start();
    for (const kind of ['reset', 'empty'] as const) {
      await arm(h, { kind });
      await expect(h.create(validOrderA())).rejects.toThrow();
      await settle();
      expect(lastCall(h).response).toMatchObject({ status: 0, fault: kind });
    }
    await arm(h, { kind: 'truncated' });
    await expect(h.create(validOrderA())).rejects.toThrow();
    await settle();
    expect(lastCall(h).response).toMatchObject({ status: 200, fault: 'truncated' });
  });

  it('a request without credentials (a web page) does not use up an armed call fault', async () => {
    const h = await start();
    await arm(h, { kind: 'reset' });
    const page = await fetch(`${h.sim.apiUrl}/payments`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: '{}',
    });
    expect(page.status).toBe(400);
    await expect(h.create(validOrderA())).rejects.toThrow();
  });

  it('a bad fault is refused naming the field; DELETE clears the armed call faults', async () => {
    const h = await start();
    const bad = await arm(h, { kind: 'status', status: 418 });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('status');
    const noLatency = await arm(h, { kind: 'latency' });
    expect(JSON.stringify(noLatency.body)).toContain('latencyMs: is required');
    await arm(h, { kind: 'reset', times: 5 });
    expect((await h.control('DELETE', '/faults')).body.calls).toEqual([]);
    expect((await h.create(validOrderA())).status).toBe(200);
  });

  it('seeded: the same seed draws the same latencies for a world, another world its own', async () => {
    const draws = async (seed: number, world: string) => {
      const sim = await startSimulator({ seed, port: 0 });
      cleanups.push(() => sim.close());
      const target = world === 'default' ? sim.worlds.get('default')! : sim.worlds.create({ id: world });
      return Array.from({ length: 5 }, () => target.faults.random.int(1000));
    };
    expect(await draws(9, 'shop-a')).toEqual(await draws(9, 'shop-a'));
    expect(await draws(9, 'shop-a')).not.toEqual(await draws(9, 'shop-b'));
  });
});

describe('the shopper’s outcome and notification chaos', () => {
  async function withReceiver() {
    const secret = generateWebhookSecret();
    const received: number[] = [];
    const server: Server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received.push(Date.now());
        res.writeHead(500);
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const h = await start({ webhook: { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, secret } });
    return { h, received };
  }

  it('per transaction, in the tester’s words: decline, and expire the reference (then paying it is refused)', async () => {
    const h = await start();
    const declined = await h.order('A');
    const answer = await h.control('POST', `/transactions/${declined.id}/shopper`, { outcome: 'decline' });
    expect(answer.body.status ?? answer.body.paymentStatus).toBe('Declined');
    const expiring = await h.order('A');
    await h.reference(expiring.id, expiring.signature);
    await h.control('POST', `/transactions/${expiring.id}/shopper`, { outcome: 'expire' });
    expect(await h.paymentStatus(expiring.id)).toBe('Expired');
    const bad = await h.control('POST', `/transactions/${expiring.id}/shopper`, { outcome: 'refund' });
    expect(bad.status).toBe(400);
  });

  it('per world: the shopper declines every new MB WAY request, then pays every new reference', async () => {
    const h = await start();
    expect((await h.control('POST', '/shopper', { outcome: 'decline' })).body).toEqual({
      outcome: 'decline',
      step: null,
    });
    const mbway = await h.order('A');
    await h.mbway(mbway.id, mbway.signature, '351#919999999');
    await h.advance(5);
    expect(await h.paymentStatus(mbway.id)).toBe('Declined');
    await h.control('POST', '/shopper', { outcome: 'approve' });
    const reference = await h.order('A');
    await h.reference(reference.id, reference.signature);
    await h.advance(5);
    expect(await h.paymentStatus(reference.id)).toBe('Success');
    expect((await h.control('POST', '/shopper', { outcome: 'refund' })).status).toBe(400);
    await h.control('POST', '/reset');
    expect((await h.control('GET', '/shopper')).body).toEqual({ outcome: null, step: null });
  });

  it('delay holds a notification back for the armed world seconds; drop loses an attempt and the retry delivers it', async () => {
    const { h, received } = await withReceiver();
    const delayed = await h.order('A');
    await h.control('POST', '/faults', { transactionId: delayed.id, delivery: 'delay', seconds: 30 });
    await h.control('POST', `/transactions/${delayed.id}/complete`, { paymentStatus: 'Declined' });
    expect(received).toHaveLength(0);
    await h.advance(30);
    expect(received).toHaveLength(1);
    const dropped = await h.order('A');
    await h.control('POST', '/faults', { transactionId: dropped.id, delivery: 'drop' });
    await h.control('POST', `/transactions/${dropped.id}/complete`, { paymentStatus: 'Declined' });
    expect(received).toHaveLength(1);
    await h.advance(5 * 60);
    expect(received.length).toBeGreaterThanOrEqual(2);
  });
});
