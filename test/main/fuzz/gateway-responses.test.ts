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

/** A plausible answer of each kind, as the real gateway sends them (gateway-behaviour.md). */
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
          if (status !== 200) expect(exchange.classification).toBe('http-error');
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
      for (const kind of ['ok', 'http-error', 'invalid-response', 'gateway-error'])
        expect(classifications.get(kind), `the generator never produced ${kind}`).toBeGreaterThan(0);
    },
    DEEP ? 600_000 : 60_000,
  );
});
