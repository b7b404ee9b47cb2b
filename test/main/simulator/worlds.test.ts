/**
 * Worlds over HTTP, as merchants' CI shards use them: one simulator, each client addressing its own world
 * with nothing but its base URL (`/worlds/<id>/api`), the same credentials, and the same
 * merchantTransactionIds in parallel. Also run against the one-file build (standalone.test.ts).
 */
import { request } from 'node:http';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { generateWebhookSecret } from '../../../src-main/notifications/notification-crypto';
import type { SimulatorOptions } from '../../../src-main/simulator';
import { Harness, validOrderA, validOrderB, type Answer } from './harness';

const open: Harness[] = [];
const servers: Server[] = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
  while (servers.length) await new Promise((resolve) => servers.pop()!.close(resolve));
});

const start = async (options: SimulatorOptions = {}) => {
  const h = await Harness.start(options);
  open.push(h);
  return h;
};

/** A merchant backend whose base URL points at one world (or at the plain paths: the default world). */
const client = (h: Harness, worldId: string | null) => {
  const root = worldId === null ? h.sim.url : `${h.sim.url}/worlds/${worldId}`;
  const api = `${root}${h.sim.basePath}/${h.sim.version}`;
  return {
    api,
    create: (merchantTransactionId: string, amount = 10) =>
      h.call('POST', `${api}/payments`, {
        headers: h.headers(h.bearer('A')),
        body: (() => {
          const order = validOrderA();
          order.merchant.merchantTransactionId = merchantTransactionId;
          order.transaction.amount.value = amount;
          return order;
        })(),
      }),
    status: (transactionId: string) =>
      h.call('GET', `${api}/payments/${transactionId}/status`, { headers: h.headers(h.bearer('A')) }),
    reference: (transactionId: string, signature: string) =>
      h.call('POST', `${api}/payments/${transactionId}/service-reference/generate`, {
        headers: h.headers(`Digest ${signature}`),
        body: {},
      }),
    control: (method: string, path: string, body?: unknown) =>
      h.call(method, `${root}/__simulator${path}`, {
        headers: { 'Content-Type': 'application/json' },
        ...(body !== undefined ? { body } : {}),
      }),
  };
};

const createWorld = async (h: Harness, body: unknown) => {
  const answer = await h.control('POST', '/worlds', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as { id: string; apiUrl: string; controlUrl: string; basePath: string };
};

/** A request sent exactly as written: fetch would resolve `..` and `%2e%2e` before sending. */
const raw = (h: Harness, method: string, path: string, headers: Record<string, string> = {}) =>
  new Promise<Answer>((resolve, reject) => {
    const url = new URL(h.sim.url);
    const req = request({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          /* keep text */
        }
        resolve({ status: res.statusCode ?? 0, headers: new Headers(), body });
      });
    });
    req.on('error', reject);
    req.end();
  });

describe('issue 26, Sandbox worlds never overwrite each other: two clients on two worlds of one simulator', () => {
  it('using the same merchantTransactionIds in parallel, neither sees the other’s transactions', async () => {
    const h = await start();
    await createWorld(h, { id: 'shard-1' });
    await createWorld(h, { id: 'shard-2' });
    const one = client(h, 'shard-1');
    const two = client(h, 'shard-2');
    const ids = Array.from({ length: 20 }, (_, index) => `order-${index}`);
    // Both shards create the same merchantTransactionIds at the same time, with amounts of their own.
    const [created1, created2] = await Promise.all([
      Promise.all(ids.map((id) => one.create(id, 11))),
      Promise.all(ids.map((id) => two.create(id, 22))),
    ]);
    for (const answer of [...created1, ...created2]) expect(answer.status).toBe(200);

    const listed1 = (await one.control('GET', '/transactions')).body as Array<Record<string, unknown>>;
    const listed2 = (await two.control('GET', '/transactions')).body as Array<Record<string, unknown>>;
    expect(listed1).toHaveLength(20);
    expect(listed2).toHaveLength(20);
    expect(new Set(listed1.map((t) => (t.amount as { value: number }).value))).toEqual(new Set([11]));
    expect(new Set(listed2.map((t) => (t.amount as { value: number }).value))).toEqual(new Set([22]));
    expect(listed1.map((t) => t.transactionID).sort()).toEqual(created1.map((a) => a.body.transactionID).sort());
    expect(listed2.map((t) => t.transactionID).sort()).toEqual(created2.map((a) => a.body.transactionID).sort());
    // The default world (the plain paths) saw none of them.
    expect((await h.control('GET', '/transactions')).body).toEqual([]);

    // A transaction of one world does not exist in the other, even asked with the same credentials.
    const theirs = created2[0]!.body.transactionID as string;
    expect((await one.status(theirs)).status).toBe(404);
    expect((await two.status(theirs)).body).toMatchObject({ transactionID: theirs, paymentStatus: 'Pending' });
    expect((await client(h, null).status(theirs)).status).toBe(404);
  });

  it('advancing one world’s clock leaves the other world’s clock and expiries unchanged', async () => {
    const h = await start();
    await createWorld(h, { id: 'clock-a' });
    await createWorld(h, { id: 'clock-b' });
    const a = client(h, 'clock-a');
    const b = client(h, 'clock-b');
    const inA = (await a.create('same-id')).body;
    const inB = (await b.create('same-id')).body;
    expect(inA.expiry).toBeTruthy();

    // Past the order's 30-minute life in world a only.
    expect((await a.control('POST', '/clock', { advanceSeconds: 2 * 3600 })).body.offsetSeconds).toBe(7200);
    const answerA = await a.status(inA.transactionID);
    const answerB = await b.status(inB.transactionID);
    expect(answerA.body.paymentStatus).toBe('Expired');
    expect(answerB.body.paymentStatus).toBe('Pending');
    // Each world's answers state its own time in the Date header (how a client learns the gateway's clock).
    const dateOf = (answer: { headers: Headers }) => Date.parse(answer.headers.get('date') ?? '');
    expect(dateOf(answerA) - Date.now()).toBeGreaterThan(7190_000);
    expect(Math.abs(dateOf(answerB) - Date.now())).toBeLessThan(5_000);
    expect((await b.control('GET', '/clock')).body.offsetSeconds).toBe(0);
    expect((await h.control('GET', '/clock')).body.offsetSeconds).toBe(0);
    // The expiry world b answers is the one it gave at creation: its time did not move.
    expect((await b.control('GET', `/transactions/${inB.transactionID}`)).body.expiry).toBe(inB.expiry);
  });

  it('a fault armed in one world answers that world’s next call only; the other answers normally', async () => {
    const h = await start();
    await createWorld(h, { id: 'faulty' });
    await createWorld(h, { id: 'healthy' });
    const faulty = client(h, 'faulty');
    const healthy = client(h, 'healthy');
    expect((await faulty.control('POST', '/faults', { nextCall: 503 })).status).toBe(200);
    expect((await healthy.control('GET', '/faults')).body).toEqual({ nextCalls: [], deliveries: [], calls: [] });

    expect((await healthy.create('order-1')).status).toBe(200);
    expect((await client(h, null).create('order-1')).status).toBe(200);
    expect((await faulty.create('order-1')).status).toBe(503);
    expect((await faulty.create('order-1')).status).toBe(200);
  });

  it('resetting one world leaves the other world and the default world as they were', async () => {
    const h = await start();
    await createWorld(h, { id: 'reset-me' });
    await createWorld(h, { id: 'keep-me' });
    const gone = client(h, 'reset-me');
    const kept = client(h, 'keep-me');
    await gone.create('order-1');
    const keptOrder = (await kept.create('order-1')).body;
    const defaultOrder = (await client(h, null).create('order-1')).body;
    await kept.control('POST', '/clock', { advanceSeconds: 60 });

    expect((await gone.control('POST', '/reset', {})).body).toEqual({ removedTransactions: 1 });
    expect((await gone.control('GET', '/transactions')).body).toEqual([]);
    expect((await kept.status(keptOrder.transactionID)).status).toBe(200);
    expect((await kept.control('GET', '/clock')).body.offsetSeconds).toBe(60);
    expect((await client(h, null).status(defaultOrder.transactionID)).status).toBe(200);
  });

  it('each world’s notifications reach the simulator’s webhook and are in that world’s delivery log only', async () => {
    const received: string[] = [];
    const hook = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received.push(req.url ?? '');
        res.writeHead(500).end();
      });
    });
    servers.push(hook);
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
    const h = await start({ webhook: { url, secret: generateWebhookSecret() } });
    await createWorld(h, { id: 'notify-a' });
    await createWorld(h, { id: 'notify-b' });
    const a = client(h, 'notify-a');
    const b = client(h, 'notify-b');
    const order = (await a.create('order-1')).body;
    await b.create('order-1');
    expect(
      (await a.control('POST', `/transactions/${order.transactionID}/complete`, { paymentStatus: 'Success' })).status,
    ).toBe(200);
    const deliveriesA = (await a.control('GET', '/notifications')).body as Array<Record<string, unknown>>;
    expect(deliveriesA.map((d) => [d.transactionID, d.paymentStatus, d.url])).toEqual([
      [order.transactionID, 'Success', url],
    ]);
    expect((await b.control('GET', '/notifications')).body).toEqual([]);
    expect((await h.control('GET', '/notifications')).body).toEqual([]);
    expect(received).toEqual(['/hook']);
  });

  it('an actionResponse of a world points back into that world', async () => {
    const h = await start();
    const world = await createWorld(h, {});
    expect(world.id).toMatch(/^w-[0-9a-f]{10}$/);
    expect(world.apiUrl).toBe(`${h.sim.url}/worlds/${world.id}${h.sim.basePath}/${h.sim.version}`);
    expect(world.controlUrl).toBe(`${h.sim.url}/worlds/${world.id}/__simulator`);
    const order = validOrderB();
    order.transaction.paymentMethod = ['CARD'];
    const created = await h.call('POST', `${world.apiUrl}/payments`, {
      headers: h.headers(h.bearer('B')),
      body: order,
    });
    expect(created.status).toBe(200);
    const text = JSON.stringify(created.body);
    expect(text).toContain(
      `/worlds/${world.id}${h.sim.basePath}/${h.sim.version}/payments/${created.body.transactionID}/action`,
    );
  });
});

describe('issue 26: making, listing and discarding worlds; hostile world ids', () => {
  it('lists the default world first, then the others; a discarded world answers 404 afterwards', async () => {
    const h = await start();
    const made = await createWorld(h, { id: 'listed', clockOffsetMs: 3_600_000 });
    expect((await client(h, 'listed').control('GET', '/clock')).body.offsetSeconds).toBe(3600);
    const listed = (await h.control('GET', '/worlds')).body;
    expect(listed.worlds.map((w: { id: string }) => w.id)).toEqual(['default', 'listed']);
    expect(listed.worlds[1]).toMatchObject({ apiUrl: made.apiUrl, controlUrl: made.controlUrl, transactions: 0 });
    expect(listed).toMatchObject({ max: 1000, autoCreate: false });

    expect((await h.control('POST', '/worlds', { id: 'listed' })).status).toBe(409);
    expect((await h.control('DELETE', '/worlds/listed')).body).toEqual({ deleted: 'listed' });
    expect((await h.control('DELETE', '/worlds/listed')).status).toBe(404);
    const after = await client(h, 'listed').create('order-1');
    expect(after.status).toBe(404);
    expect(after.body.returnStatus.statusDescription).toContain('POST /__simulator/worlds');
    expect((await h.control('DELETE', '/worlds/default')).status).toBe(409);
  });

  it('hostile world ids are refused with a 400 and create nothing (path tricks, prototype names, case, length)', async () => {
    const h = await start({ autoWorlds: true });
    const credentials = h.headers(h.bearer('A'));
    const hostile = [
      '__proto__',
      '..',
      '%2e%2e',
      '%2E%2e%2fapi',
      '.hidden',
      'Shard-1',
      'a_b',
      '-lead',
      'a'.repeat(41),
      'x%00y',
      '%64efault',
    ];
    for (const id of hostile) {
      const gateway = await raw(h, 'GET', `/worlds/${id}/api/v2/payments/x/status`, credentials);
      expect(gateway.status, id).toBe(400);
      expect(gateway.body.returnStatus.statusDescription, id).toContain('is not valid');
      const control = await raw(h, 'GET', `/worlds/${id}/__simulator/transactions`);
      expect(control.status, id).toBe(400);
      const decoded = decodeURIComponent(id);
      if (decoded !== 'default') expect((await h.control('POST', '/worlds', { id: decoded })).status, id).toBe(400);
    }
    expect((await h.control('POST', '/worlds', { id: 42 })).status).toBe(400);
    expect((await h.control('POST', '/worlds', { clockOffsetMs: -401 * 86_400_000 })).status).toBe(400);
    expect((await h.control('POST', '/worlds', { clockOffsetMs: 'soon' })).status).toBe(400);
    expect((await h.control('POST', '/worlds', { id: 'default' })).status).toBe(409);
    expect((await raw(h, 'DELETE', '/__simulator/worlds/%2e%2e', { 'Content-Type': 'application/json' })).status).toBe(
      400,
    );
    // A name Object.prototype has is an ordinary (valid) id: a world of its own, not a prototype property.
    expect((await client(h, 'constructor').create('order-1')).status).toBe(200);
    const ids = (await h.control('GET', '/worlds')).body.worlds.map((w: { id: string }) => w.id);
    expect(ids).toEqual(['default', 'constructor']);
  });
});

describe('issue 26: worlds made on first use (autoWorlds, the CLI’s default)', () => {
  it('two shards get their own world by putting their name in the base URL, with no setup call', async () => {
    const h = await start({ autoWorlds: true });
    const one = client(h, 'ci-shard-1');
    const two = client(h, 'ci-shard-2');
    const [a, b] = await Promise.all([one.create('order-1', 1), two.create('order-1', 2)]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect((await one.status(b.body.transactionID)).status).toBe(404);
    expect((await two.status(b.body.transactionID)).body.paymentStatus).toBe('Pending');
    expect((await h.control('GET', '/worlds')).body.worlds.map((w: { id: string }) => w.id)).toEqual([
      'default',
      'ci-shard-1',
      'ci-shard-2',
    ]);
  });

  it('a request without this simulator’s client id does not make a world (a web page knows none)', async () => {
    const h = await start({ autoWorlds: true });
    const noClientId = await h.call('POST', `${client(h, 'drive-by').api}/payments`, {
      headers: h.headers(h.bearer('A'), { [h.sim.clientIdHeader]: 'wrong-client-id' }),
      body: validOrderA(),
    });
    expect(noClientId.status).toBe(404);
    const bare = await h.call('GET', `${client(h, 'drive-by').api}/payments/x/status`);
    expect(bare.status).toBe(404);
    expect((await h.control('GET', '/worlds')).body.worlds).toHaveLength(1);
  });

  it('without autoWorlds an unknown world is a 404 that says how to make it', async () => {
    const h = await start();
    const answer = await client(h, 'not-made').create('order-1');
    expect(answer.status).toBe(404);
    expect(answer.body.returnStatus.statusDescription).toBe(
      'The world "not-made" does not exist; create it with POST /__simulator/worlds {"id":"not-made"}.',
    );
  });
});
