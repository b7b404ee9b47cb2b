import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GatewayClient, GatewayRequestError, RequestSender } from '../../../src-main/gateway';
import { startFaultServer } from '../../support/fault-server';
import { CLIENT_ID, connectionTo, orderA, TOKEN } from './fixtures';

const SIGNATURE = 'sig_0123456789abcdefSIGNATURE';
const ok = (extra: object = {}) => ({
  kind: 'answer' as const,
  status: 200,
  body: { returnStatus: { statusCode: '000', statusMsg: 'Success' }, ...extra },
});
const http = (status: number, headers: Record<string, string> = {}) => ({
  kind: 'answer' as const,
  status,
  headers,
  body: { returnStatus: { statusCode: 'E0101', statusMsg: 'err' } },
});

let server: Awaited<ReturnType<typeof startFaultServer>>;
let sender: RequestSender;
let client: GatewayClient;
const waits: number[] = [];

beforeAll(async () => {
  server = await startFaultServer();
  sender = new RequestSender({
    totalTimeoutMs: 300,
    connectTimeoutMs: 300,
    sleep: async (ms) => void waits.push(ms),
    random: () => 0.5,
  });
  client = new GatewayClient(sender);
});
afterAll(async () => {
  await sender.close();
  await server.close();
});
afterEach(() => {
  server.reset();
  server.always(ok());
  waits.length = 0;
});

describe('request building', () => {
  it('create sends Bearer, the client id under the profile’s header name, JSON, to prefix + version', async () => {
    const connection = connectionTo(server.url, {
      pathPrefix: '/gw/api',
      version: 'v3',
      clientIdHeader: 'X-Acme-Client-Id',
    });
    server.next(ok({ transactionID: 's2abc', transactionSignature: SIGNATURE }));
    const result = await client.createOrder(connection, orderA('m-1'));
    const [request] = server.seen;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/gw/api/v3/payments');
    expect(request?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request?.headers['x-acme-client-id']).toBe(CLIENT_ID);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toMatchObject({ merchant: { merchantTransactionId: 'm-1' } });
    expect(result.transactionSignature).toBe(SIGNATURE);
    expect(result.exchange.transactionID).toBe('s2abc');
  });

  it('follow-ups use Digest <signature> and MB WAY sends the 351# form', async () => {
    await client.mbwayPurchase(connectionTo(server.url), 's2abc', SIGNATURE, '+351 912 345 678');
    await client.generateReference(connectionTo(server.url), 's2abc', SIGNATURE);
    const [mbway, reference] = server.seen;
    expect(mbway?.url).toBe('/api/v2/payments/s2abc/mbway-id/purchase');
    expect(mbway?.headers.authorization).toBe(`Digest ${SIGNATURE}`);
    expect(JSON.parse(mbway?.body ?? '')).toEqual({ customerPhone: '351#912345678' });
    expect(reference?.url).toBe('/api/v2/payments/s2abc/service-reference/generate');
    expect(reference?.headers.authorization).toBe(`Digest ${SIGNATURE}`);
  });

  it('status is a GET with Bearer and no body', async () => {
    await client.getStatus(connectionTo(server.url), 's2abc');
    expect(server.seen[0]).toMatchObject({ method: 'GET', url: '/api/v2/payments/s2abc/status', body: '' });
    expect(server.seen[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('an action url keeps its query string', async () => {
    await client.performAction(connectionTo(server.url), {
      transactionId: 's2abc',
      url: `${server.url}/3ds/method?step=2&lang=pt`,
      params: [{ name: 'threeDSMethodData', value: 'abc' }],
      signature: SIGNATURE,
    });
    expect(server.seen[0]?.url).toBe('/3ds/method?step=2&lang=pt');
  });

  it('an action url on another origin gets no credentials', async () => {
    const foreign = server.url.replace('127.0.0.1', 'localhost');
    await client.performAction(connectionTo(server.url), {
      transactionId: 's2abc',
      url: `${foreign}/3ds/method`,
      params: [{ name: 'threeDSMethodData', value: 'abc' }],
      signature: SIGNATURE,
    });
    const [request] = server.seen;
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.headers['x-platform-client-id']).toBeUndefined();
    expect(JSON.parse(request?.body ?? '')).toEqual({ threeDSMethodData: 'abc' });
  });
});

describe('validation before sending', () => {
  it('an invalid order is not sent and the error names each bad field', async () => {
    const order = orderA();
    const bad = {
      ...order,
      merchant: { ...order.merchant, terminalId: '1000001' },
      transaction: { ...order.transaction, amount: { value: 1.005, currency: 'EUR' } },
    };
    const error = await client.createOrder(connectionTo(server.url), bad).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GatewayRequestError);
    const paths = (error as GatewayRequestError).issues.map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['merchant.terminalId', 'transaction.amount.value']));
    expect((error as Error).message).toContain('merchant.terminalId');
    expect(server.seen).toHaveLength(0);
  });

  it('a bad MB WAY phone or a missing token is refused without a request', async () => {
    await expect(client.mbwayPurchase(connectionTo(server.url), 's2abc', SIGNATURE, '12')).rejects.toThrow(/phone/i);
    await expect(client.getStatus(connectionTo(server.url, { bearerToken: null }), 's2abc')).rejects.toThrow(
      /bearer token/,
    );
    expect(server.seen).toHaveLength(0);
  });
});

describe('classification of what came back', () => {
  it('keeps a non-JSON body raw and calls it an invalid response', async () => {
    server.next({
      kind: 'answer',
      status: 200,
      body: '<html>maintenance</html>',
      headers: { 'content-type': 'text/html' },
    });
    const { exchange } = await client.getStatus(connectionTo(server.url), 's2abc');
    expect(exchange.classification).toBe('invalid-response');
    expect(exchange.response?.bodyText).toBe('<html>maintenance</html>');
  });

  it('turns spec deviations into conformance notes, not failures', async () => {
    server.next(
      ok({
        transactionID: 's2abc',
        paymentStatus: 'Pending',
        amount: { value: 12.5, currency: 'EUR' },
        surprise: true,
      }),
    );
    const { exchange, response } = await client.getStatus(connectionTo(server.url), 's2abc');
    expect(exchange.classification).toBe('ok');
    expect(exchange.conformanceNotes.map((note) => note.path)).toContain('amount.value');
    expect(response).toMatchObject({ surprise: true });
  });

  it('a connection refused before sending is a network error, even for a create', async () => {
    const closed = await startFaultServer();
    const url = closed.url;
    await closed.close();
    const { exchange } = await client.createOrder(connectionTo(url), orderA());
    expect(exchange.classification).toBe('network');
    expect(exchange.suggestedAction).toMatch(/nothing was sent/);
  });
});

describe('retry policy: status queries only', () => {
  it('retries a status query on 503, a reset and 999, at most twice', async () => {
    server.next(http(503), { kind: 'reset' }, ok({ paymentStatus: 'Success' }));
    const { exchange } = await client.getStatus(connectionTo(server.url), 's2abc');
    expect(server.seen).toHaveLength(3);
    expect(exchange.classification).toBe('ok');
    expect(exchange.timings.attempts).toBe(3);
    expect(waits).toEqual([300, 600]);

    server.reset();
    server.always({ kind: 'answer', status: 200, body: { returnStatus: { statusCode: '999' } } });
    const second = await client.getStatus(connectionTo(server.url), 's2abc');
    expect(server.seen).toHaveLength(3);
    expect(second.exchange.classification).toBe('retry-advised');
  });

  it('a status query that hangs ends as timeout after its retries', async () => {
    server.always({ kind: 'hang' });
    const { exchange } = await client.getStatus(connectionTo(server.url), 's2abc');
    expect(exchange.classification).toBe('timeout');
    expect(server.seen).toHaveLength(3);
  });

  it('an answer whose body never finishes also ends as timeout', async () => {
    server.always({ kind: 'stall-body' });
    const { exchange } = await client.getStatus(connectionTo(server.url), 's2abc');
    expect(exchange.classification).toBe('timeout');
    expect(exchange.summary).toMatch(/the 300 ms deadline ran out receiving the body/);
  });

  it('429 honours Retry-After, but not beyond 30 s', async () => {
    server.next(http(429, { 'retry-after': '7' }), ok());
    await client.getStatus(connectionTo(server.url), 's2abc');
    expect(waits).toEqual([7000]);
    server.reset();
    waits.length = 0;
    server.next(http(429, { 'retry-after': '120' }));
    const { exchange } = await client.getStatus(connectionTo(server.url), 's2abc');
    expect(server.seen).toHaveLength(1);
    expect(exchange.suggestedAction).toBe('Reduce the call rate.');
  });

  it('does not retry a status query answered 401', async () => {
    server.next(http(401));
    await client.getStatus(connectionTo(server.url), 's2abc');
    expect(server.seen).toHaveLength(1);
  });

  it.each([
    ['create', () => client.createOrder(connectionTo(server.url), orderA('m-never'))],
    ['reference', () => client.generateReference(connectionTo(server.url), 's2abc', SIGNATURE)],
    ['MB WAY', () => client.mbwayPurchase(connectionTo(server.url), 's2abc', SIGNATURE, '912345678')],
    [
      'action',
      () =>
        client.performAction(connectionTo(server.url), {
          transactionId: 's2abc',
          url: `${server.url}/act`,
          params: [],
          signature: SIGNATURE,
        }),
    ],
  ])('never retries a %s call, whatever happens', async (_name, call) => {
    for (const behaviour of [
      http(500),
      http(503),
      http(429, { 'retry-after': '1' }),
      { kind: 'reset' as const },
      { kind: 'hang' as const },
      { kind: 'stall-body' as const },
    ]) {
      server.reset();
      server.next(behaviour);
      await call();
      expect(server.seen).toHaveLength(1);
    }
    expect(waits).toEqual([]);
  });

  it('a create whose answer never came is outcome-unknown with its merchantTransactionId', async () => {
    server.next({ kind: 'reset' });
    const reset = await client.createOrder(connectionTo(server.url), orderA('m-lost-1'));
    expect(reset.exchange.classification).toBe('outcome-unknown');
    expect(reset.exchange.merchantTransactionId).toBe('m-lost-1');
    expect(reset.exchange.suggestedAction).toMatch(/query the status/);
    expect(reset.exchange.response).toBeNull();

    server.next({ kind: 'hang' });
    const hung = await client.createOrder(connectionTo(server.url), orderA('m-lost-2'));
    expect(hung.exchange.classification).toBe('outcome-unknown');
    expect(hung.exchange.merchantTransactionId).toBe('m-lost-2');
    expect(hung.transactionSignature).toBeNull();
  });
});

describe('redaction', () => {
  it('no token, client id or signature in the Exchange or the returned body', async () => {
    server.next(ok({ transactionID: 's2abc', transactionSignature: SIGNATURE, echo: `Bearer ${TOKEN} ${CLIENT_ID}` }));
    const created = await client.createOrder(connectionTo(server.url), orderA());
    server.next({
      kind: 'answer',
      status: 401,
      body: `bad token ${TOKEN} for ${CLIENT_ID}`,
      headers: { 'x-echo': TOKEN },
    });
    const mbway = await client.mbwayPurchase(connectionTo(server.url), 's2abc', SIGNATURE, '912345678');
    server.next(ok({ clientEcho: CLIENT_ID }));
    const status = await client.getStatus(connectionTo(server.url), 's2abc');
    expect(status.response).toMatchObject({ clientEcho: `••••${CLIENT_ID.slice(-4)}` });
    const everything = JSON.stringify([created, mbway, status].flatMap((call) => [call.exchange, call.response]));
    for (const secret of [TOKEN, CLIENT_ID, SIGNATURE]) expect(everything).not.toContain(secret);
    expect(created.exchange.request.headers.Authorization).toBe(`Bearer ••••${TOKEN.slice(-4)}`);
    expect(mbway.exchange.request.headers.Authorization).toBe(`Digest ••••${SIGNATURE.slice(-4)}`);
    expect(created.exchange.request.headers['X-Platform-Client-Id']).toBe(`••••${CLIENT_ID.slice(-4)}`);
  });
});
