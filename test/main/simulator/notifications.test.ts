/** Notifications over real HTTP: decrypted with the console's own crypto, acknowledged or retried. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { decryptNotification, generateWebhookSecret } from '../../../src-main/notifications/notification-crypto';
import { Harness } from './harness';

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

type Ack = (json: { notificationID: string }) => { status: number; body: unknown };
const goodAck: Ack = (json) => ({
  status: 200,
  body: { statusCode: '200', statusMsg: 'Success', notificationID: json.notificationID },
});

/** A merchant's webhook: decrypts each POST and answers with `ack`. */
async function startReceiver(secret: string, ack: { current: Ack }) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const outcome = decryptNotification({
        secret,
        iv: String(req.headers['x-initialization-vector']),
        tag: String(req.headers['x-authentication-tag']),
        body,
      });
      const json = outcome.ok ? (outcome.json as { notificationID: string }) : { notificationID: '' };
      received.push({ headers: req.headers, body, json: outcome.ok ? json : outcome.error });
      const answer = ack.current(json);
      res.writeHead(answer.status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function setup(ackFn: Ack = goodAck, notifications = {}) {
  const secret = generateWebhookSecret();
  const ack = { current: ackFn };
  const receiver = await startReceiver(secret, ack);
  const h = await Harness.start({ webhook: { url: receiver.url, secret }, notifications });
  cleanups.push(
    () => receiver.close(),
    () => h.close(),
  );
  return { h, receiver, ack, secret };
}

const deliveriesOf = async (h: Harness) =>
  (await h.control('GET', '/notifications')).body as Array<{
    notificationID: string;
    state: string;
    duplicate: boolean;
    paymentStatus: string;
    attempts: Array<{ at: string; acknowledged: boolean; verdict: string; httpStatus: number | null }>;
  }>;

describe('notifications', () => {
  it('POSTs an AES-256-GCM notification the merchant can decrypt, with every payload field', async () => {
    const { h, receiver } = await setup();
    const { id, signature } = await h.order('A', (b) => (b.merchant.merchantTransactionId = 'merchant-42'));
    await h.mbway(id, signature, '351#912345678');
    await h.advance(5);
    expect(receiver.received).toHaveLength(1);
    const [note] = receiver.received;
    expect(note!.headers['content-type']).toBe('text/plain');
    expect(Buffer.from(String(note!.headers['x-initialization-vector']), 'base64')).toHaveLength(12);
    expect(Buffer.from(String(note!.headers['x-authentication-tag']), 'base64')).toHaveLength(16);
    expect(note!.json).toMatchObject({
      returnStatus: { statusCode: '000', statusMsg: 'Success' },
      paymentStatus: 'Success',
      paymentMethod: 'MBWAY',
      transactionID: id,
      amount: { currency: 'EUR', value: '10.50' },
      merchant: { transactionId: 'merchant-42', terminalId: 1000001 },
      paymentType: 'PURS',
      token: { tokenType: 'MobilePhone', value: '351#912345678' },
    });
    expect(note!.json.notificationID).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.isNaN(Date.parse(note!.json.transactionDateTime))).toBe(false);
    const [delivery] = await deliveriesOf(h);
    expect(delivery).toMatchObject({ state: 'delivered', paymentStatus: 'Success' });
    expect(delivery!.attempts).toEqual([expect.objectContaining({ acknowledged: true, httpStatus: 200 })]);
  });

  it('a paid reference notifies its paymentReference with amount and expireDate, as the generate answer had', async () => {
    const { h, receiver } = await setup();
    const { id, signature } = await h.order('A', (b) => (b.transaction.amount.value = 6.13));
    const generated = (await h.reference(id, signature)).body.paymentReference;
    await h.advance(5); // scenario 6.13: the shopper pays after the delay
    expect(receiver.received).toHaveLength(1);
    const [note] = receiver.received;
    expect(note!.json).toMatchObject({ paymentStatus: 'Success', paymentMethod: 'REFERENCE', paymentType: 'PREF' });
    expect(note!.json.paymentReference).toEqual({
      reference: generated.reference,
      entity: generated.entity,
      paymentEntity: generated.entity,
      amount: { value: '6.13', currency: 'EUR' },
      status: 'PAID',
      expireDate: generated.expireDate,
    });
  });

  it.each([['200'], [200], ['000']])('accepts statusCode %j in the acknowledgement', async (statusCode) => {
    const { h } = await setup((json) => ({
      status: 200,
      body: { statusCode, statusMsg: 'Success', notificationID: json.notificationID },
    }));
    const { id } = await h.order('A');
    await h.control('POST', `/transactions/${id}/complete`, { paymentStatus: 'Declined' });
    expect((await deliveriesOf(h))[0]!.state).toBe('delivered');
  });

  it.each<[string, Ack, RegExp]>([
    [
      'HTTP 500',
      (json) => ({
        status: 500,
        body: { statusCode: '200', statusMsg: 'Success', notificationID: json.notificationID },
      }),
      /HTTP 500/,
    ],
    [
      'a wrong notificationID',
      () => ({ status: 200, body: { statusCode: '200', statusMsg: 'Success', notificationID: 'other' } }),
      /notificationID/,
    ],
    [
      'statusMsg "OK"',
      (json) => ({ status: 200, body: { statusCode: '200', statusMsg: 'OK', notificationID: json.notificationID } }),
      /statusMsg/,
    ],
    [
      'statusCode "201"',
      (json) => ({
        status: 200,
        body: { statusCode: '201', statusMsg: 'Success', notificationID: json.notificationID },
      }),
      /statusCode/,
    ],
    ['a text answer', () => ({ status: 200, body: 'ok' }), /object|JSON/],
  ])('%s is not an acknowledgement: retried 5 min later with the same notificationID', async (_name, badAck, why) => {
    const { h, receiver, ack } = await setup(badAck);
    const { id } = await h.order('A');
    await h.control('POST', `/transactions/${id}/complete`, { paymentStatus: 'Success' });
    let [delivery] = await deliveriesOf(h);
    expect(delivery!.state).toBe('retrying');
    expect(delivery!.attempts[0]!.verdict).toMatch(why);
    await h.advance(299);
    expect(receiver.received).toHaveLength(1);
    ack.current = goodAck;
    await h.advance(1);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.json.notificationID).toBe(receiver.received[0]!.json.notificationID);
    [delivery] = await deliveriesOf(h);
    expect(delivery!.state).toBe('delivered');
    expect(delivery!.attempts.map((a) => a.acknowledged)).toEqual([false, true]);
  });

  it('retries on the tiered schedule: 5 × 5 min, then 1 h, 2 h, 4 h …', async () => {
    const { h, receiver } = await setup(() => ({ status: 503, body: {} }));
    const { id } = await h.order('A');
    await h.control('POST', `/transactions/${id}/complete`, { paymentStatus: 'Success' });
    await h.advance(5 * 300 + 3600 + 7200 + 14_400);
    const [delivery] = await deliveriesOf(h);
    const times = delivery!.attempts.map((a) => Date.parse(a.at));
    const gaps = times.slice(1).map((t, i) => Math.round((t - times[i]!) / 1000));
    expect(gaps).toEqual([300, 300, 300, 300, 300, 3600, 7200, 14_400]);
    expect(receiver.received).toHaveLength(9);
    expect(delivery!.state).toBe('retrying');
  });

  it('a receiver that is down counts as not delivered and is retried', async () => {
    const secret = generateWebhookSecret();
    const h = await Harness.start({ webhook: { url: 'http://127.0.0.1:9/closed', secret } });
    cleanups.push(() => h.close());
    const { id } = await h.order('A');
    await h.control('POST', `/transactions/${id}/complete`, { paymentStatus: 'Success' });
    const [delivery] = await deliveriesOf(h);
    expect(delivery!.attempts[0]).toMatchObject({ acknowledged: false, httpStatus: null });
    expect(delivery!.attempts[0]!.verdict).toMatch(/^not delivered/);
  });

  it('duplicates mode sends each notification twice with one notificationID', async () => {
    const { h, receiver } = await setup(goodAck, { duplicates: true });
    const { id } = await h.order('A');
    await h.control('POST', `/transactions/${id}/complete`, { paymentStatus: 'Success' });
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[0]!.json.notificationID).toBe(receiver.received[1]!.json.notificationID);
    expect((await deliveriesOf(h)).map((d) => d.duplicate)).toEqual([false, true]);
  });

  it('out-of-order mode lets the final notification overtake the earlier one', async () => {
    const { h, receiver } = await setup(goodAck, { outOfOrder: true });
    const { id } = await h.order('A');
    await h.control('POST', `/transactions/${id}/complete`, { paymentStatus: 'InProcessing' });
    await h.control('POST', `/transactions/${id}/complete`, { paymentStatus: 'Success' });
    await h.advance(60);
    expect(receiver.received.map((r) => r.json.paymentStatus)).toEqual(['Success', 'InProcessing']);
  });

  it('sends nothing without a webhook, and starts when one is set at run time', async () => {
    const secret = generateWebhookSecret();
    const ack = { current: goodAck };
    const receiver = await startReceiver(secret, ack);
    const h = await Harness.start();
    cleanups.push(
      () => receiver.close(),
      () => h.close(),
    );
    const first = await h.order('A');
    await h.control('POST', `/transactions/${first.id}/complete`, { paymentStatus: 'Success' });
    expect(await deliveriesOf(h)).toEqual([]);
    h.sim.setWebhook({ url: receiver.url, secret });
    const second = await h.order('A');
    await h.control('POST', `/transactions/${second.id}/complete`, { paymentStatus: 'Success' });
    expect(receiver.received.map((r) => r.json.transactionID)).toEqual([second.id]);
  });
});
