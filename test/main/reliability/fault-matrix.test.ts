/**
 * The fault matrix: every gateway call the console makes × every way a gateway (or the network in front
 * of it) can fail. Driven through the whole core (`createConsoleCore` → dispatcher → handlers → SDK), so
 * what is checked is what a user would see: the Exchange's classification, its one-line summary and
 * suggested action, exactly one request for a money-moving call, no unhandled rejection, and nothing
 * already stored (profiles, transaction signatures) lost or corrupted.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ExchangeClassification } from '@shared/exchange';
import { SignatureStore } from '../../../src-main/core/signature-store';
import {
  DNS_FAILURE_URL,
  refusedUrl,
  startFaultServer,
  startSilentServer,
  type Fault,
} from '../../support/fault-server';
import { DEEP } from '../../support/deep';
import { startCore } from '../core/harness';
import { MemoryStore } from '../../../src-main/credentials/memory-store';
import { orderA, orderB } from '../gateway/fixtures';

const TIMEOUT_MS = 250;
const TOKEN = 'fault-matrix-bearer-token-0001';
const CLIENT_ID = 'fault-matrix-client-id-0002';
const SEED_TX = 's2faultmatrixseed0001';
const SEED_SIGNATURE = 'fault-matrix-signature-0003';

type Target = 'server' | 'refused' | 'dns' | 'silent';
interface Expectation {
  classification: ExchangeClassification;
  summary: RegExp;
  action: RegExp;
}
interface FaultCase {
  name: string;
  target: Target;
  fault?: Fault;
  /** What a money-moving call must report. */
  money: Expectation;
  /** What a status query must report (it alone may be retried). */
  read?: Expectation;
  /** HTTP attempts a status query makes (1 + retries), when the fault keeps happening. */
  readAttempts: number;
  /** Requests (or, for the silent target, connections) one money-moving call produces at the server. */
  sent: 0 | 1;
  /** Waits the status query asks for between its attempts, when they are checked. */
  waits?: (waits: number[]) => void;
  /** Costs about a second per call (undici's timers are coarse): `npm test` runs it on two endpoints only. */
  slow?: true;
  /** The transactionID the Exchange must show (read from an answer that could not be parsed whole). */
  shownId?: string;
}

const NOTHING_SENT = /nothing was sent/;
/** The advice for a money-moving call whose outcome is unknown: find out first, never send it again. */
const FIND_OUT_FIRST = /(?=.*[Qq]uery the status)(?=.*[Dd]o not resend)/;
const MAY_HAVE_PROCESSED = {
  classification: 'outcome-unknown' as const,
  summary: /may have processed the request/,
  action: FIND_OUT_FIRST,
};
const mayHaveProcessed = (summary: RegExp) => ({ ...MAY_HAVE_PROCESSED, summary });
const MAX_RESPONSE_BYTES = 64 * 1024;
const DEEP_ID = 's2deepanswer00000001';
const LARGE_ID = 's2largeanswer0000001';
/** A processed create answer with an extra field nested 8,000 levels deep (it once overflowed the stack). */
const deepAnswer = JSON.stringify({
  returnStatus: { statusCode: '000', statusMsg: 'Success' },
  transactionID: DEEP_ID,
  transactionSignature: 'deep-answer-signature-0004',
}).replace(/}$/, `,"extra":${'['.repeat(8_000)}${']'.repeat(8_000)}}`);
/** A processed answer larger than the answer cap, its ids first. */
const largeAnswer = JSON.stringify({
  returnStatus: { statusCode: '000', statusMsg: 'Success' },
  transactionID: LARGE_ID,
  transactionSignature: 'large-answer-signature-0005',
  padding: 'x'.repeat(MAX_RESPONSE_BYTES * 2),
});
const DRIBBLED = JSON.stringify({
  returnStatus: { statusCode: '000', statusMsg: 'Success' },
  paymentStatus: 'Pending',
});
const answer = (status: number, body: string | object, headers: Record<string, string> = {}): Fault => ({
  kind: 'answer',
  status,
  body,
  headers,
});
const returnStatus = (statusCode: string, statusMsg: string) => ({ returnStatus: { statusCode, statusMsg } });
const httpError = (summary: RegExp, action: RegExp) => ({ classification: 'http-error' as const, summary, action });
const invalid = (summary: RegExp) => ({
  classification: 'invalid-response' as const,
  summary,
  action: /raw body.*base URL/,
});

const FAULTS: FaultCase[] = [
  {
    name: 'connect refused',
    target: 'refused',
    money: { classification: 'network', summary: /ECONNREFUSED/, action: NOTHING_SENT },
    readAttempts: 3,
    sent: 0,
  },
  {
    name: 'DNS failure',
    target: 'dns',
    money: { classification: 'network', summary: /ENOTFOUND|EAI_AGAIN/, action: NOTHING_SENT },
    readAttempts: 3,
    sent: 0,
  },
  {
    name: 'connect timeout',
    slow: true,
    target: 'silent',
    money: { classification: 'timeout', summary: /could not connect within 250 ms/, action: NOTHING_SENT },
    readAttempts: 3,
    sent: 1,
  },
  {
    name: 'response timeout (deadline waiting for the answer)',
    target: 'server',
    fault: { kind: 'hang' },
    money: mayHaveProcessed(/250 ms deadline ran out waiting for the answer.*may have processed/),
    read: {
      classification: 'timeout',
      summary: /250 ms deadline ran out waiting for the answer/,
      action: /Try again/,
    },
    readAttempts: 3,
    sent: 1,
  },
  {
    name: 'body stalled (deadline receiving the body)',
    target: 'server',
    fault: { kind: 'stall-body' },
    money: mayHaveProcessed(/250 ms deadline ran out receiving the body.*may have processed/),
    read: { classification: 'timeout', summary: /250 ms deadline ran out receiving the body/, action: /Try again/ },
    readAttempts: 3,
    sent: 1,
  },
  {
    name: 'dribbling answer (each byte in time, the whole answer not)',
    target: 'server',
    fault: { kind: 'dribble', body: DRIBBLED, everyMs: 30 },
    money: mayHaveProcessed(/250 ms deadline ran out receiving the body.*may have processed/),
    read: { classification: 'timeout', summary: /250 ms deadline ran out receiving the body/, action: /Try again/ },
    readAttempts: 3,
    sent: 1,
  },
  {
    name: 'answer nested too deep',
    target: 'server',
    fault: answer(200, deepAnswer),
    money: {
      classification: 'invalid-response',
      summary: new RegExp(`nested deeper than 64 levels; it says statusCode 000, transactionID ${DEEP_ID}`),
      action: FIND_OUT_FIRST,
    },
    read: {
      classification: 'invalid-response',
      summary: new RegExp(`nested deeper than 64 levels; it says statusCode 000, transactionID ${DEEP_ID}`),
      action: /could not be read whole/,
    },
    shownId: DEEP_ID,
    readAttempts: 1,
    sent: 1,
  },
  {
    name: 'answer too large',
    target: 'server',
    fault: answer(200, largeAnswer),
    money: {
      classification: 'invalid-response',
      summary: new RegExp(`larger than ${MAX_RESPONSE_BYTES} bytes.*it says statusCode 000, transactionID ${LARGE_ID}`),
      action: FIND_OUT_FIRST,
    },
    read: {
      classification: 'invalid-response',
      summary: new RegExp(`larger than ${MAX_RESPONSE_BYTES} bytes.*it says statusCode 000, transactionID ${LARGE_ID}`),
      action: /could not be read whole/,
    },
    shownId: LARGE_ID,
    readAttempts: 1,
    sent: 1,
  },
  {
    name: 'connection reset mid-body',
    target: 'server',
    fault: { kind: 'reset-mid-body' },
    money: MAY_HAVE_PROCESSED,
    read: { classification: 'network', summary: /Network error/, action: /Try again/ },
    readAttempts: 3,
    sent: 1,
  },
  {
    name: 'truncated JSON',
    target: 'server',
    fault: answer(200, '{"returnStatus":{"statusCode":"000","statusMsg":"Succ'),
    money: invalid(/JSON body is cut off/),
    readAttempts: 1,
    sent: 1,
  },
  {
    name: 'HTML 502 page',
    target: 'server',
    fault: answer(502, '<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>', {
      'content-type': 'text/html',
    }),
    money: mayHaveProcessed(
      /HTTP 502 Bad Gateway \(the body is an HTML page, not JSON\): the gateway may have processed/,
    ),
    read: httpError(/HTTP 502 Bad Gateway \(the body is an HTML page, not JSON\)/, /Retry later/),
    readAttempts: 3,
    sent: 1,
  },
  {
    name: 'empty 200',
    target: 'server',
    fault: answer(200, ''),
    money: invalid(/HTTP 200 but the body is empty/),
    readAttempts: 1,
    sent: 1,
  },
  {
    name: '200 with invalid JSON',
    target: 'server',
    fault: answer(200, 'returnStatus=000&paymentStatus=Success'),
    money: invalid(/HTTP 200 but the body is not JSON/),
    readAttempts: 1,
    sent: 1,
  },
  {
    name: '429 with Retry-After in seconds',
    target: 'server',
    fault: answer(429, returnStatus('429', 'Too Many Requests'), { 'retry-after': '2' }),
    money: httpError(/HTTP 429 Too Many Requests.*wait 2 s/, /^Reduce the call rate\.$/),
    readAttempts: 3,
    sent: 1,
    waits: (waits) => expect(waits).toEqual([2000, 2000]),
  },
  {
    name: '429 with Retry-After as an HTTP date',
    target: 'server',
    // Built when the row runs, so "now + 5 s" is still in the future when the answer is read.
    get fault() {
      return answer(429, returnStatus('429', 'Too Many Requests'), {
        'retry-after': new Date(Date.now() + 5_000).toUTCString(),
      });
    },
    money: httpError(/HTTP 429 Too Many Requests.*wait [45] s/, /^Reduce the call rate\.$/),
    readAttempts: 3,
    sent: 1,
    waits: (waits) => {
      expect(waits).toHaveLength(2);
      for (const wait of waits) {
        expect(wait).toBeGreaterThan(2_000);
        expect(wait).toBeLessThanOrEqual(5_000);
      }
    },
  },
  {
    name: '500',
    target: 'server',
    fault: answer(500, returnStatus('E0500', 'Internal Server Error')),
    money: mayHaveProcessed(/HTTP 500 Internal Server Error.*may have processed/),
    read: httpError(/HTTP 500 Internal Server Error/, /^Retry; contact support if it persists\.$/),
    readAttempts: 3,
    sent: 1,
  },
  {
    name: '502 with a JSON body',
    target: 'server',
    fault: answer(502, { error: 'upstream' }),
    money: mayHaveProcessed(/HTTP 502 Bad Gateway.*may have processed/),
    read: httpError(/HTTP 502 Bad Gateway/, /Retry later/),
    readAttempts: 3,
    sent: 1,
  },
  {
    name: '503',
    target: 'server',
    fault: answer(503, returnStatus('T9999', 'Service Unavailable')),
    money: mayHaveProcessed(/HTTP 503 Service Unavailable.*may have processed/),
    read: httpError(/HTTP 503 Service Unavailable/, /^Wait and retry later\.$/),
    readAttempts: 3,
    sent: 1,
  },
  {
    name: '504 from a proxy',
    target: 'server',
    fault: answer(504, '<html><body>Gateway Timeout</body></html>', { 'content-type': 'text/html' }),
    money: mayHaveProcessed(/HTTP 504 Gateway Timeout.*may have processed/),
    read: httpError(/HTTP 504 Gateway Timeout/, /Retry later/),
    readAttempts: 3,
    sent: 1,
  },
  {
    name: 'returnStatus 999',
    target: 'server',
    fault: answer(200, { ...returnStatus('999', 'Validation Request Failed'), transactionID: SEED_TX }),
    money: {
      classification: 'retry-advised',
      summary: /statusCode 999 Validation Request Failed/,
      action: /try again in a moment/,
    },
    readAttempts: 3,
    sent: 1,
  },
];

interface Endpoint {
  name: string;
  moneyMoving: boolean;
  method: string;
  input: (target: { a: string; b: string; url: string }) => unknown;
}

const ENDPOINTS: Endpoint[] = [
  {
    name: 'createOrder A',
    moneyMoving: true,
    method: 'orders.create',
    input: (t) => ({ profileId: t.a, order: orderA() }),
  },
  {
    name: 'createOrder B',
    moneyMoving: true,
    method: 'orders.create',
    input: (t) => ({ profileId: t.b, order: orderB() }),
  },
  {
    name: 'generateReference',
    moneyMoving: true,
    method: 'payments.generateReference',
    input: (t) => ({ profileId: t.a, transactionId: SEED_TX }),
  },
  {
    name: 'mbwayPurchase',
    moneyMoving: true,
    method: 'payments.mbwayPurchase',
    input: (t) => ({ profileId: t.a, transactionId: SEED_TX, phone: '+351 912 345 678' }),
  },
  {
    name: 'getStatus',
    moneyMoving: false,
    method: 'payments.status',
    input: (t) => ({ profileId: t.a, transactionId: SEED_TX }),
  },
  {
    name: 'performAction',
    moneyMoving: true,
    method: 'payments.performAction',
    input: (t) => ({
      profileId: t.a,
      transactionId: SEED_TX,
      url: actionUrlOf(t.url),
      params: [{ name: 'threeDSMethodData', value: 'eyJ0aHJlZURTIjoidGVzdCJ9' }],
    }),
  },
];

let harness: Awaited<ReturnType<typeof startCore>>;
let server: Awaited<ReturnType<typeof startFaultServer>>;
let silent: Awaited<ReturnType<typeof startSilentServer>>;
const targets = {} as Record<Target, { a: string; b: string; url: string }>;
const waits: number[] = [];
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => void unhandled.push(reason);
let stored: { profiles: unknown; signatures: unknown };
/** The console's signature store, opened here so the seeded transactions can be given their action url. */
let signatures: SignatureStore;
/** The action step goes only to a url the gateway returned for the transaction: the seed's, as filed below. */
const actionUrlOf = (gatewayUrl: string) => `${gatewayUrl}/api/v2/payments/${SEED_TX}/3ds-method`;

/** What the console has stored: the profile list and the signature of every seeded transaction, read back from disk. */
async function snapshot() {
  const list = await harness.core.dispatch('profiles.list', undefined);
  const store = await SignatureStore.open(join(harness.userDataDir, 'transaction-signatures.enc'), harness.credentials);
  return {
    profiles: list,
    signatures: Object.values(targets).map((target) => store.get(target.a, SEED_TX)),
  };
}

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  server = await startFaultServer();
  silent = await startSilentServer();
  const userDataDir = await mkdtemp(join(tmpdir(), 'gc-core-'));
  const credentials = new MemoryStore();
  signatures = await SignatureStore.open(join(userDataDir, 'transaction-signatures.enc'), credentials);
  harness = await startCore({
    simulator: false,
    userDataDir,
    credentials,
    signatures,
    gateway: {
      totalTimeoutMs: TIMEOUT_MS,
      connectTimeoutMs: TIMEOUT_MS,
      maxResponseBytes: MAX_RESPONSE_BYTES,
      retry: { baseDelayMs: 1, maxDelayMs: 5 },
      sleep: async (ms) => void waits.push(ms),
    },
  });
  const urls: Record<Target, string> = {
    server: server.url,
    refused: await refusedUrl(),
    dns: DNS_FAILURE_URL,
    silent: silent.url,
  };
  for (const [target, url] of Object.entries(urls) as Array<[Target, string]>) {
    const ids = [];
    for (const [variant, terminalId] of [
      ['A', '1000001'],
      ['B', '1000002'],
    ] as const) {
      const profile = await harness.call('profiles.save', {
        settings: { name: `Fault ${target} ${variant}`, environment: 'test', baseUrl: url, terminalId, variant },
        secrets: { bearerToken: TOKEN, clientId: CLIENT_ID },
      });
      ids.push(profile.id as string);
    }
    targets[target] = { a: ids[0]!, b: ids[1]!, url };
  }
  // The fault server's transaction is created the normal way, so its signature is filed by the SDK path.
  server.next(
    answer(200, { ...returnStatus('000', 'Success'), transactionID: SEED_TX, transactionSignature: SEED_SIGNATURE }),
  );
  const created = await harness.call('orders.create', { profileId: targets.server.a, order: orderA('fault-seed') });
  expect(created.exchange.classification).toBe('ok');
  for (const target of ['refused', 'dns', 'silent'] as const)
    await harness.core.gateway.rememberSignature(targets[target].a, SEED_TX, SEED_SIGNATURE);
  for (const target of Object.values(targets))
    await signatures.put({ ...signatures.get(target.a, SEED_TX)!, actionUrls: [actionUrlOf(target.url)] });
  stored = await snapshot();
  expect(stored.signatures).toHaveLength(4);
  for (const record of stored.signatures as Array<{ signature: string } | undefined>)
    expect(record?.signature).toBe(SEED_SIGNATURE);
});

afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await harness?.close();
  await harness?.removeDir();
  await server?.close();
  await silent?.close();
});

afterEach(() => {
  server.reset();
  silent.reset();
  waits.length = 0;
});

/** Requests (or connect attempts) the call produced where it was aimed; null where nothing can count them. */
const arrivals = (target: Target): number | null =>
  target === 'server' ? server.seen.length : target === 'silent' ? silent.connections() : null;

/** In the fast slice the slow faults meet one money-moving call and the status query; DEEP=1 runs all. */
const endpointsFor = (fault: FaultCase) =>
  DEEP || !fault.slow ? ENDPOINTS : ENDPOINTS.filter((e) => e.name === 'createOrder A' || e.name === 'getStatus');

describe.each(FAULTS)('fault: $name', (fault) => {
  it.each(endpointsFor(fault))('$name: classified, explained, sent once, nothing stored lost', async (endpoint) => {
    const target = targets[fault.target];
    if (fault.fault) server.always(fault.fault);
    const recordedBefore = harness.events.filter((event) => event.name === 'exchanges.recorded').length;

    const result = await harness.core.dispatch(endpoint.method, endpoint.input(target));

    // A failed gateway call is an answer with an Exchange, never a thrown error or an ok:false.
    expect(result.ok, JSON.stringify(result)).toBe(true);
    const { exchange } = (result as { value: { exchange: Record<string, unknown> } }).value;
    const expected = (!endpoint.moneyMoving && fault.read) || fault.money;
    expect(exchange.classification).toBe(expected.classification);
    expect(exchange.summary).toMatch(expected.summary);
    expect(exchange.suggestedAction).toMatch(expected.action);
    if (fault.shownId) expect(exchange.transactionID).toBe(fault.shownId);
    const recorded = harness.events.filter((event) => event.name === 'exchanges.recorded');
    expect(recorded).toHaveLength(recordedBefore + 1);
    expect(recorded.at(-1)?.payload).toMatchObject({ id: exchange.id, classification: expected.classification });

    const attempts = (exchange.timings as { attempts: number }).attempts;
    if (endpoint.moneyMoving) {
      expect(attempts).toBe(1);
      expect(waits).toEqual([]);
      const count = arrivals(fault.target);
      if (count !== null) expect(count).toBe(fault.sent);
      if (endpoint.method === 'orders.create' && expected.classification === 'outcome-unknown')
        expect(exchange.merchantTransactionId).toMatch(/^order-/);
    } else {
      expect(attempts).toBe(fault.readAttempts);
      const count = arrivals(fault.target);
      if (count !== null) expect(count).toBe(fault.readAttempts);
      fault.waits?.(waits);
    }

    expect(unhandled).toEqual([]);
    expect(await snapshot()).toEqual(stored);
  });
});

describe('the whole-call deadline is a profile setting', () => {
  it('a profile’s callTimeoutMs bounds a dribbling create, whatever the console default', async () => {
    const profile = await harness.call('profiles.save', {
      settings: {
        name: 'Fault server, short deadline',
        environment: 'test',
        baseUrl: server.url,
        terminalId: '1000001',
        variant: 'A',
        callTimeoutMs: 1_000,
      },
      secrets: { bearerToken: TOKEN, clientId: CLIENT_ID },
    });
    expect(profile.callTimeoutMs).toBe(1_000);
    server.always({ kind: 'dribble', body: DRIBBLED, everyMs: 100 });
    const started = Date.now();
    const created = await harness.call('orders.create', { profileId: profile.id, order: orderA() });
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(created.exchange).toMatchObject({ classification: 'outcome-unknown' });
    expect(created.exchange.summary).toMatch(/1000 ms deadline ran out receiving the body/);
    expect(created.exchange.response).toMatchObject({ status: 200, bodyTruncated: true });
    expect(server.seen).toHaveLength(1);
  });
});
