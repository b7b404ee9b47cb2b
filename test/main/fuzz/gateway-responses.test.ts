/**
 * Generated gateway answers — plausible, mutated, truncated, not JSON, echoing secrets — served over
 * loopback HTTP to the SDK. Whatever comes back, every call must end in a valid Exchange (never a
 * throw), classified consistently with what was received, with secrets masked, and a money-moving call
 * must have been sent exactly once.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeSchema, type Exchange } from '@shared/exchange';
import { GatewayClient, RequestSender } from '../../../src-main/gateway';
import { DEEP, fuzzSeed, scaled } from '../../support/deep';
import { startFaultServer } from '../../support/fault-server';
import { CLIENT_ID, connectionTo, orderA, TOKEN } from '../gateway/fixtures';

const RUNS = scaled(1_000);
const SIGNATURE = 'fuzz-signature-0123456789abcdef';
const SECRETS = [TOKEN, CLIENT_ID, SIGNATURE];
const FOLLOW_UPS = ['generateReference', 'mbwayPurchase', 'performAction'];
const MONEY_MOVING = ['createOrder', ...FOLLOW_UPS];

type Json = Record<string, unknown>;
/** As the SDK reads a body: UTF-8 decoding drops a leading byte-order mark. */
const isJson = (raw: string): boolean => {
  const text = raw.replace(/^\uFEFF/, '');
  try {
    JSON.parse(text);
    return text.trim() !== '';
  } catch {
    return false;
  }
};

/** A plausible answer of each kind, as the real gateway sends them (docs/gateway-behaviour.md). */
const plausible = (): Json => ({
  returnStatus: { statusCode: '000', statusMsg: 'Success', statusDescription: 'Success' },
  transactionID: 's2abcdefghijklmnopqr',
  transactionSignature: SIGNATURE,
  merchant: { terminalId: '1000001', merchantTransactionId: 'm-1' },
  amount: { value: '12.50', currency: 'EUR' },
  paymentStatus: 'Pending',
  paymentMethod: 'MBWAY',
  paymentMethodList: ['MBWAY', 'REFERENCE'],
  expiry: '2026-11-23T10:00:00Z',
  execution: { startTime: '2026-11-22T10:00:00Z', endTime: '2026-11-22T10:00:01Z' },
  paymentReference: { reference: '123456789', entity: '12345', amount: { value: 12.5, currency: 'EUR' } },
  actionResponse: {
    type: 'THREEDS_METHOD',
    data: { url: 'https://acs.example/3ds', params: [{ name: 'a', value: 'b' }] },
  },
});

const leaf = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('000', '999', 'E0506', 'T9999', 0, 999, '', 'Success', 'Partial', 'Bogus'),
  fc.constantFrom(...SECRETS.map((secret) => `echo ${secret} echo`), `Bearer ${TOKEN}`, `Digest ${SIGNATURE}`),
  fc.jsonValue({ maxDepth: 2 }),
);

const answerBody = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .tuple(
        fc.array(fc.tuple(fc.nat(), fc.constantFrom('set', 'delete'), leaf), { maxLength: 4 }),
        fc.nat(),
        fc.constantFrom<unknown>('000', '000', '999', 'E0506', 'T9999', 'E0101', 0, null),
      )
      .map(([changes, cut, statusCode]) => {
        const body = plausible();
        (body.returnStatus as Json).statusCode = statusCode;
        const keys = Object.keys(body);
        for (const [index, kind, value] of changes) {
          const key = keys[index % keys.length]!;
          if (kind === 'delete') delete body[key];
          else body[key] = value;
        }
        const text = JSON.stringify(body);
        // One in four is cut short, as by a proxy that gave up mid-body.
        return cut % 4 === 0 ? text.slice(0, cut % text.length) : text;
      }),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value) ?? '') },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      '<!DOCTYPE html><html><body>502 Bad Gateway</body></html>',
      `{"error":"unauthorized","token":"${TOKEN}"}`,
      '\uFEFF{"returnStatus":{"statusCode":"000"}}',
      '{"returnStatus":{"statusCode":"000"}}garbage',
      '[]',
      'null',
    ),
  },
);

const answer = fc.record({
  status: fc.oneof(
    { weight: 4, arbitrary: fc.constant(200) },
    { weight: 2, arbitrary: fc.constantFrom(400, 401, 403, 404, 405, 409, 429, 500, 502, 503, 504) },
    { weight: 1, arbitrary: fc.integer({ min: 201, max: 599 }).filter((status) => status !== 204 && status !== 304) },
  ),
  contentType: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/html', 'text/plain'),
  retryAfter: fc.option(
    fc.oneof(
      fc.constantFrom('0', '1', 'soon', 'Wed, 21 Oct 2015 07:28:00 GMT'),
      fc.string({ maxLength: 10 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
    ),
    { nil: undefined },
  ),
  body: answerBody,
  operation: fc.constantFrom('createOrder', 'generateReference', 'mbwayPurchase', 'getStatus', 'performAction'),
});

let server: Awaited<ReturnType<typeof startFaultServer>>;
let sender: RequestSender;
let client: GatewayClient;

beforeAll(async () => {
  server = await startFaultServer();
  sender = new RequestSender({ totalTimeoutMs: 2_000, connectTimeoutMs: 2_000, sleep: async () => {} });
  client = new GatewayClient(sender);
});
afterAll(async () => {
  await sender.close();
  await server.close();
});

function callFor(operation: string) {
  const connection = connectionTo(server.url);
  switch (operation) {
    case 'createOrder':
      return client.createOrder(connection, orderA());
    case 'generateReference':
      return client.generateReference(connection, 's2abc', SIGNATURE);
    case 'mbwayPurchase':
      return client.mbwayPurchase(connection, 's2abc', SIGNATURE, '912345678');
    case 'getStatus':
      return client.getStatus(connection, 's2abc');
    default:
      return client.performAction(connection, {
        transactionId: 's2abc',
        url: `${server.url}/api/v2/payments/s2abc/action`,
        params: [{ name: 'p', value: 'v' }],
        signature: SIGNATURE,
      });
  }
}

describe('fuzz: gateway answers through the SDK', () => {
  it(
    `turns ${RUNS} generated answers into valid, consistent, redacted Exchanges`,
    async () => {
      const classifications = new Map<string, number>();
      await fc.assert(
        fc.asyncProperty(answer, async ({ status, contentType, retryAfter, body, operation }) => {
          server.reset();
          server.always({
            kind: 'answer',
            status,
            body,
            headers: {
              'content-type': contentType,
              ...(retryAfter === undefined ? {} : { 'retry-after': retryAfter }),
            },
          });
          const result = await callFor(operation);
          const exchange: Exchange = result.exchange;
          expect(exchangeSchema.safeParse(exchange).success).toBe(true);
          classifications.set(exchange.classification, (classifications.get(exchange.classification) ?? 0) + 1);
          expect(exchange.response?.status).toBe(status);
          // A 5xx on a call that moves money may follow processing: outcome unknown, never "retry".
          if (status >= 500 && MONEY_MOVING.includes(operation))
            expect(exchange.classification).toBe('outcome-unknown');
          else if (status !== 200) expect(exchange.classification).toBe('http-error');
          else if (!isJson(body)) expect(exchange.classification).toBe('invalid-response');
          if (!isJson(body)) expect(result.response).toBeNull();
          expect(exchange.summary.length).toBeGreaterThan(0);
          if (exchange.classification !== 'ok') expect(exchange.suggestedAction).toBeTruthy();
          if (operation !== 'getStatus') expect(server.seen).toHaveLength(1);
          const visible = JSON.stringify([exchange, result.response]);
          // The SDK knows a signature when the call is made with it (follow-ups), or once a create's answer names it.
          const signatureKnown =
            FOLLOW_UPS.includes(operation) || body.includes(`"transactionSignature":"${SIGNATURE}"`);
          const known = signatureKnown ? SECRETS : [TOKEN, CLIENT_ID];
          for (const secret of known) expect(visible).not.toContain(secret);
          // Cut off inside the signature: the part that arrived is masked too.
          if (/"transactionSignature":"[^"]+$/.test(body)) expect(visible).not.toContain(SIGNATURE.slice(0, 12));
        }),
        { seed: fuzzSeed('gateway answers', 8_2026), numRuns: RUNS },
      );
      console.info(`[fuzz] gateway answers: ${RUNS} cases, ${JSON.stringify(Object.fromEntries(classifications))}`);
      for (const kind of ['ok', 'http-error', 'invalid-response', 'gateway-error', 'outcome-unknown'])
        expect(classifications.get(kind), `the generator never produced ${kind}`).toBeGreaterThan(0);
    },
    DEEP ? 600_000 : 60_000,
  );
});

const DEPTH_RUNS = scaled(60);
const CAP_BYTES = 32 * 1024;
const MAX_DEPTH = 64;
const DEPTH_ID = 's2depthfuzz000000001';

/** A processed answer with an extra field of random nesting depth and size, the ids before or after it. */
const shapedAnswer = fc.record({
  depth: fc.oneof(
    fc.integer({ min: 0, max: 10 }),
    fc.integer({ min: MAX_DEPTH - 3, max: MAX_DEPTH + 3 }),
    fc.integer({ min: 100, max: 12_000 }),
  ),
  container: fc.constantFrom('[', '{"a":'),
  padding: fc.oneof(fc.integer({ min: 0, max: 1_000 }), fc.integer({ min: CAP_BYTES - 200, max: CAP_BYTES * 3 })),
  idsFirst: fc.boolean(),
  operation: fc.constantFrom('createOrder', 'generateReference', 'mbwayPurchase', 'getStatus', 'performAction'),
});

function buildShaped({
  depth,
  container,
  padding,
  idsFirst,
}: {
  depth: number;
  container: string;
  padding: number;
  idsFirst: boolean;
}) {
  const close = container === '[' ? ']' : '}';
  const extra = `${container.repeat(depth)}"${'p'.repeat(padding)}"${close.repeat(depth)}`;
  const ids = `"returnStatus":{"statusCode":"000","statusMsg":"Success"},"transactionID":"${DEPTH_ID}","transactionSignature":"${SIGNATURE}","paymentStatus":"Pending"`;
  return idsFirst ? `{${ids},"extra":${extra}}` : `{"extra":${extra},${ids}}`;
}

describe('fuzz: gateway answers of random nesting depth and size', () => {
  let boundedSender: RequestSender;
  let boundedClient: GatewayClient;
  beforeAll(() => {
    boundedSender = new RequestSender({ totalTimeoutMs: 5_000, maxResponseBytes: CAP_BYTES, sleep: async () => {} });
    boundedClient = new GatewayClient(boundedSender);
  });
  afterAll(() => boundedSender.close());

  it(
    `never turns ${DEPTH_RUNS} deep or large answers into an internal error; the ids are shown when they arrived`,
    async () => {
      const seen = { parsed: 0, tooDeep: 0, tooLarge: 0 };
      await fc.assert(
        fc.asyncProperty(shapedAnswer, async (shape) => {
          const body = buildShaped(shape);
          server.reset();
          server.always({ kind: 'answer', status: 200, body });
          const previous = client;
          client = boundedClient;
          let result;
          try {
            result = await callFor(shape.operation);
          } finally {
            client = previous;
          }
          const { exchange } = result;
          expect(exchangeSchema.safeParse(exchange).success).toBe(true);
          // What crosses to the renderer must survive a structured clone and JSON (no runaway nesting).
          expect(() => JSON.stringify(structuredClone([exchange, result.response]))).not.toThrow();
          const tooLarge = Buffer.byteLength(body) > CAP_BYTES;
          const tooDeep = !tooLarge && shape.depth + 1 > MAX_DEPTH;
          if (tooLarge) {
            seen.tooLarge += 1;
            expect(exchange.classification).toBe('invalid-response');
            expect(exchange.summary).toMatch(/larger than 32768 bytes/);
            expect(exchange.response?.bodyTruncated).toBe(true);
          } else if (tooDeep) {
            seen.tooDeep += 1;
            expect(exchange.classification).toBe('invalid-response');
            expect(exchange.summary).toMatch(/nested deeper than 64 levels/);
          } else {
            seen.parsed += 1;
            expect(exchange.classification).toBe('ok');
          }
          // The ids were received whole when they came first or the answer was not cut off.
          if (shape.idsFirst || !tooLarge) {
            expect(exchange.transactionID).toBe(DEPTH_ID);
            expect(exchange.returnStatus?.statusCode).toBe('000');
          }
          if (shape.operation === 'createOrder' && (shape.idsFirst || !tooLarge))
            expect((result as unknown as { transactionSignature: string | null }).transactionSignature).toBe(SIGNATURE);
          expect(JSON.stringify([exchange, result.response])).not.toContain(SIGNATURE);
        }),
        { seed: fuzzSeed('deep and large answers', 12_2026), numRuns: DEPTH_RUNS },
      );
      console.info(`[fuzz] deep and large answers: ${JSON.stringify(seen)}`);
      for (const [kind, count] of Object.entries(seen)) expect(count, `never produced ${kind}`).toBeGreaterThan(0);
    },
    DEEP ? 600_000 : 60_000,
  );
});
