/**
 * Shop traffic capture (issue 29 §1): a world records every call its shop makes and every notification
 * it sends to the shop, masked at capture — a hostile shop cannot make the record hold a credential, a
 * card number or a huge body — and the log is readable over the world's control API.
 */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { redactText } from '../../../src-main/common/redact-text';
import { generateWebhookSecret } from '../../../src-main/notifications/notification-crypto';
import { ShopTrafficLog } from '../../../src-main/shop/traffic-log';
import { findShopProblems } from '../../../src-shared/shop/findings';
import { shopTrafficPageSchema, type ShopCall, type ShopNotification } from '../../../src-shared/shop/traffic';
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

/** Waits (up to 3 s) for `read` to give something: a call answered early is recorded once its body ends. */
async function until<T>(read: () => T | undefined): Promise<T> {
  for (let waited = 0; waited < 3_000; waited += 20) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('nothing was recorded');
}

const calls = (h: Harness): ShopCall[] =>
  h.sim.worlds
    .get('default')!
    .traffic.since(0)
    .entries.filter((entry): entry is ShopCall => entry.kind === 'call');

describe('shop traffic capture', () => {
  it('records each gateway call of the shop with its answer, operation, ids and timing (not the control API)', async () => {
    const h = await start();
    const { id } = await h.order('A');
    const statusAnswer = await h.status(id);
    await h.control('GET', '/transactions');
    const recorded = calls(h);
    expect(recorded.map((call) => call.operation)).toEqual(['createOrder', 'getStatus']);
    const [create, status] = recorded as [ShopCall, ShopCall];
    expect(create.response?.status).toBe(200);
    expect(create.transactionID).toBe(id);
    expect(create.merchantTransactionId).toBe(validOrderA().merchant.merchantTransactionId);
    expect(create.statusCode).toBe('000');
    expect(create.request.authScheme).toBe('Bearer');
    expect(status.path).toBe(`/api/v2/payments/${id}/status`);
    expect(status.paymentStatus).toBe('Pending');
    // The answer's headers as the shop got them, the simulated Date included.
    for (const name of ['content-type', 'content-length', 'cache-control', 'date'])
      expect(status.response?.headers[name]).toBe(statusAnswer.headers.get(name));
    expect(status.seq).toBeGreaterThan(create.seq);
    expect(status.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('a shop that sends the token or a signature as a header name does not put it into the log', async () => {
    const h = await start();
    const { id, signature } = await h.order('A');
    const token = h.terminalA.token;
    await h.create(validOrderA(), 'A', { [`x-${token}`]: 'token as a name' });
    await h.call('POST', `/payments/${id}/mbway-id/purchase`, {
      headers: h.headers(`Digest ${signature}`, { [`x-echo-${signature}`]: 'signature as a name' }),
      body: { customerPhone: '351#912345678' },
    });
    const text = JSON.stringify(h.sim.worlds.get('default')!.traffic.since(0)).toLowerCase();
    for (const secret of [token, signature]) expect(text).not.toContain(secret.toLowerCase());
    const names = calls(h).flatMap((call) => Object.keys(call.request.headers));
    expect(names.filter((name) => name.includes('••••'))).toHaveLength(2);
  });

  it('a hostile shop cannot put the bearer token, client id, a signature or a card number into the log', async () => {
    const h = await start();
    const { id, signature } = await h.order('A');
    const token = h.terminalA.token;
    const card = '4111111111111111';
    const order = validOrderA() as ReturnType<typeof validOrderA> & Record<string, unknown>;
    order.extendedInfo = [{ key: 'echo', value: `${token} ${h.sim.clientId} ${signature} ${card} cvv 123` }];
    await h.create(order, 'A', { 'X-Echo': `${token}` });
    await h.call('POST', `/payments/${id}/mbway-id/purchase`, {
      headers: h.headers(`Digest ${signature}`),
      body: { customerPhone: '351#912345678', note: `token ${token} card ${card}`, transactionSignature: signature },
    });
    const text = JSON.stringify(h.sim.worlds.get('default')!.traffic.since(0));
    for (const secret of [token, h.sim.clientId, signature, card]) expect(text).not.toContain(secret);
    expect(text).toContain('411111••••••1111'.slice(0, 6));
    const digest = calls(h).find((call) => call.operation === 'mbwayPurchase')!;
    expect(digest.request.headers.authorization).toMatch(/^Digest ••••/);
    expect(digest.signature).toEqual({ matched: true, belongsTo: id });
  });

  it('masking a follow-up does not register its signature process-wide (the log scrubber’s list would grow with every call)', async () => {
    const h = await start();
    const { id, signature } = await h.order('A');
    await h.reference(id, signature);
    const text = JSON.stringify(h.sim.worlds.get('default')!.traffic.since(0));
    expect(text).not.toContain(signature);
    expect(redactText(`x ${signature} x`)).toContain(signature);
  });

  it('a 10 MB body from the shop is cut and flagged, not held', async () => {
    const h = await start();
    const huge = `{"pad":"${'x'.repeat(10 * 1024 * 1024)}"}`;
    await fetch(`${h.sim.apiUrl}/payments`, {
      method: 'POST',
      headers: h.headers(h.bearer('A')),
      body: huge,
      // A chunked body: no Content-Length, so the simulator reads until its limit.
      duplex: 'half',
    } as RequestInit).catch(() => undefined);
    const call = await until(() => calls(h)[0]);
    expect(call.response?.status).toBe(413);
    expect(call.request.bodyTruncated).toBe(true);
    expect(call.request.body!.length).toBeLessThanOrEqual(64 * 1024);
  });

  it('records a follow-up made with another transaction’s signature as not matched, naming whose it was', async () => {
    const h = await start();
    const first = await h.order('A');
    const second = await h.order('A');
    await h.reference(second.id, first.signature);
    const followUp = calls(h).find((call) => call.operation === 'generateReference')!;
    expect(followUp.response?.status).toBe(401);
    expect(followUp.signature).toEqual({ matched: false, belongsTo: first.id });
  });

  it('records an armed fault answer with the fault named', async () => {
    const h = await start();
    await h.control('POST', '/faults', { nextCall: 503 });
    await h.create(validOrderA());
    await until(() => calls(h)[0]);
    expect(calls(h)[0]!.response).toMatchObject({ status: 503, fault: 'http-503' });
    expect(calls(h)[0]!.merchantTransactionId).toBe(validOrderA().merchant.merchantTransactionId);
  });

  it('a create answered by an armed 503 keeps its body and its place when the shop sends the body late and resends at once', async () => {
    // What an HTTP/1.1 client such as Python's httpx can do: headers and body in two writes, then the resend
    // (on a new connection: the 503 closes this one). The 503 must be recorded before the resend, with its
    // body, or the resend is not seen as one.
    const h = await start();
    await h.control('POST', '/faults', { call: { kind: 'status', status: 503, operation: 'createOrder' } });
    const { host, port, pathname } = new URL(`${h.sim.apiUrl}/payments`);
    const body = JSON.stringify(validOrderA());
    const head = [
      `POST ${pathname} HTTP/1.1`,
      `Host: ${host}`,
      ...Object.entries(h.headers(h.bearer())).map(([name, value]) => `${name}: ${value}`),
      `Content-Length: ${Buffer.byteLength(body)}`,
      '',
      '',
    ].join('\r\n');
    const socket = connect(Number(port), '127.0.0.1');
    cleanups.push(() => void socket.destroy());
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.write(head);
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.write(body);
    await until(() => (answer.startsWith('HTTP/1.1 503') ? true : undefined));
    expect((await h.create(validOrderA())).status).toBe(200);
    await until(() => (calls(h).length >= 2 ? true : undefined));
    expect(calls(h).map((call) => call.response?.status)).toEqual([503, 200]);
    expect(calls(h)[0]!.request.body).toBe(body);
    const findings = findShopProblems(h.sim.worlds.get('default')!.traffic.since(0).entries, {});
    expect(findings.map((finding) => finding.code)).toContain('create-resent');
  });

  it('with recording off nothing is captured; GET …/__simulator/traffic pages the log for a world', async () => {
    const h = await start();
    const off = await h.control('POST', '/traffic', { recording: false });
    expect(off.body.recording).toBe(false);
    await h.order('A');
    expect(calls(h)).toHaveLength(0);
    await h.control('POST', '/traffic', { recording: true });
    const world = await h.control('POST', '/worlds', { id: 'shop-a' });
    const apiUrl = world.body.apiUrl as string;
    for (let index = 0; index < 3; index++)
      await h.call('POST', `${apiUrl}/payments`, { headers: h.headers(h.bearer('A')), body: validOrderA() });
    const page = await h.call('GET', `${world.body.controlUrl}/traffic?after=1&limit=1`);
    const parsed = shopTrafficPageSchema.parse(page.body);
    expect(parsed.entries.map((entry) => [entry.seq, entry.worldId])).toEqual([[2, 'shop-a']]);
    expect(parsed.hasMore).toBe(true);
    expect(calls(h)).toHaveLength(0);
    const bad = await h.call('GET', `${world.body.controlUrl}/traffic?after=-1`);
    expect(bad.status).toBe(400);
  });

  it('records each notification attempt with the shop’s answer and whether it was a valid acknowledgement', async () => {
    const secret = generateWebhookSecret();
    let answer = { statusCode: '200', statusMsg: 'OK' };
    const server: Server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ ...answer, echo: secret }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const h = await start({ webhook: { url, secret } });
    const { id } = await h.order('A');
    await h.control('POST', `/transactions/${id}/complete`, { paymentStatus: 'Declined' });
    answer = { statusCode: '200', statusMsg: 'Success' };
    const notes = h.sim.worlds
      .get('default')!
      .traffic.since(0)
      .entries.filter((entry): entry is ShopNotification => entry.kind === 'notification');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      transactionID: id,
      paymentStatus: 'Declined',
      attempt: 1,
      url,
      acknowledged: false,
      ackProblem: 'status-msg',
    });
    expect(notes[0]!.answer?.status).toBe(200);
    expect(JSON.stringify(notes)).not.toContain(secret);
  });
});

describe('ShopTrafficLog', () => {
  it('a hostile shop cannot make a world hold more than its byte budget of bodies: the oldest go first', () => {
    const log = new ShopTrafficLog(10_000, 1_000);
    const build = (seq: number) => ({ kind: 'notification', seq }) as never;
    for (let index = 0; index < 50; index++) log.add(build, 300);
    expect(log.size).toBe(3);
    expect(log.since(0).entries.map((entry) => entry.seq)).toEqual([48, 49, 50]);
    log.add(build, 10);
    expect(log.since(0).entries.map((entry) => entry.seq)).toEqual([48, 49, 50, 51]);
  });

  it('past the byte budget the oldest go first also once the ring has wrapped round', () => {
    const log = new ShopTrafficLog(4, 1_000);
    const build = (seq: number) => ({ kind: 'notification', seq }) as never;
    for (let index = 0; index < 6; index++) log.add(build, 100);
    expect(log.since(0).entries.map((entry) => entry.seq)).toEqual([3, 4, 5, 6]);
    log.add(build, 800);
    expect(log.since(0).entries.map((entry) => entry.seq)).toEqual([5, 6, 7]);
    for (let index = 0; index < 3; index++) log.add(build, 10);
    expect(log.since(0).entries.map((entry) => entry.seq)).toEqual([7, 8, 9, 10]);
    expect(log.since(8)).toEqual({
      entries: [
        { kind: 'notification', seq: 9 },
        { kind: 'notification', seq: 10 },
      ],
      nextCursor: 10,
      hasMore: false,
    });
  });

  it('bytes kept for entries never overlap, across slabs and for pieces too large for one', () => {
    const log = new ShopTrafficLog();
    const pieces = [100, 5_000, 200_000, 3, 8_000, 8_000, 8_000, 8_000, 8_000, 8_000, 8_000, 8_000, 1].map(
      (size, index) => log.storeBytes(size).fill(index),
    );
    pieces.forEach((piece, index) => expect(piece.every((byte) => byte === index)).toBe(true));
  });

  it('a recorded call is masked once, when first read, and only the masked entry is kept from then on', () => {
    const log = new ShopTrafficLog(3);
    let built = 0;
    const recorded = { toEntry: (seq: number) => (built++, { kind: 'notification', seq }) as never };
    log.add(recorded);
    expect(built).toBe(0);
    const first = log.since(0).entries[0];
    expect(log.since(0).entries[0]).toBe(first);
    expect(built).toBe(1);
    const seen: unknown[] = [];
    log.subscribe((entry) => seen.push(entry));
    log.add({ toEntry: (seq: number) => (built++, { kind: 'notification', seq }) as never });
    expect(log.since(1).entries).toEqual(seen);
    expect(built).toBe(2);
  });

  it('keeps only the newest entries, pages after a cursor and tells subscribers', () => {
    const log = new ShopTrafficLog(3);
    const seen: number[] = [];
    const build = (seq: number) => ({ kind: 'notification', seq }) as never;
    log.add(build);
    const stop = log.subscribe((entry) => seen.push(entry.seq));
    for (let index = 0; index < 4; index++) log.add(build);
    stop();
    log.add(build);
    expect(seen).toEqual([2, 3, 4, 5]);
    expect(log.since(0).entries.map((entry) => entry.seq)).toEqual([4, 5, 6]);
    expect(log.since(4, 1)).toEqual({ entries: [{ kind: 'notification', seq: 5 }], nextCursor: 5, hasMore: true });
    log.clear();
    expect(log.since(6)).toEqual({ entries: [], nextCursor: 6, hasMore: false });
  });
});
