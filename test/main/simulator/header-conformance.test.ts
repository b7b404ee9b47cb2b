/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read as loose JSON */
/**
 * Every gateway endpoint × every header omission, and the order of the checks: credentials (400 for a
 * missing credential header, 403, 401, 404) before the body rules (Content-Type, body: 400). A deployed
 * client sends its status GET without Content-Type (no body): that is answered, with a conformance note.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayClient, RequestSender } from '../../../src-main/gateway';
import { CallRedactor } from '../../../src-main/gateway/redaction';
import { Harness, validOrderA } from './harness';

let h: Harness;
let order: { id: string; signature: string };
beforeAll(async () => {
  h = await Harness.start();
  order = await h.order('A');
});
afterAll(() => h.close());

/**
 * A call through node:http, which sends exactly the given headers (fetch adds a text/plain Content-Type
 * to any string body, so it cannot omit the header on a POST).
 */
function exact(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const text = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: any }>(
    (resolve, reject) => {
      const req = request(`${h.sim.apiUrl}${path}`, {
        method,
        headers: text === undefined ? headers : { ...headers, 'Content-Length': String(Buffer.byteLength(text)) },
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: JSON.parse(Buffer.concat(chunks).toString()),
          }),
        );
      });
      req.on('error', reject);
      req.end(text);
    },
  );
}

type Endpoint = 'create' | 'status' | 'reference' | 'mbway';
const ENDPOINTS: Endpoint[] = ['create', 'status', 'reference', 'mbway'];

/** One call to an endpoint with the normal headers changed by `change` (undefined removes a header). */
function callEndpoint(
  endpoint: Endpoint,
  change: Record<string, string | undefined> = {},
  target: { id?: string; signature?: string } = {},
) {
  const id = target.id ?? order.id;
  const digest = `Digest ${target.signature ?? order.signature}`;
  switch (endpoint) {
    case 'create':
      return exact('POST', '/payments', h.headers(h.bearer(), change), orderBody());
    case 'status':
      return exact('GET', `/payments/${id}/status`, h.headers(h.bearer(), change));
    case 'reference':
      return exact('POST', `/payments/${id}/service-reference/generate`, h.headers(digest, change), {});
    case 'mbway':
      // An alias that never answers: the order stays Pending, so repeating the call is a 409, never a 200.
      return exact('POST', `/payments/${id}/mbway-id/purchase`, h.headers(digest, change), {
        customerPhone: '351#912345408',
      });
  }
}

let created = 0;
const orderBody = () => {
  const body = validOrderA();
  body.merchant.merchantTransactionId = `header-matrix-${(created += 1)}`;
  return body;
};

const CLIENT_ID_HEADER = 'X-Platform-Client-Id';

describe('every endpoint × every header omission', () => {
  const expected: Record<string, Record<Endpoint, number>> = {
    // Content-Type describes a body: only the bodiless status GET may omit it.
    'Content-Type': { create: 400, status: 200, reference: 400, mbway: 400 },
    Authorization: { create: 400, status: 400, reference: 400, mbway: 400 },
    [CLIENT_ID_HEADER]: { create: 400, status: 400, reference: 400, mbway: 400 },
  };
  for (const [omitted, codes] of Object.entries(expected))
    for (const endpoint of ENDPOINTS)
      it(`${endpoint} without ${omitted} → ${codes[endpoint]}`, async () => {
        const answer = await callEndpoint(endpoint, { [omitted]: undefined });
        expect(answer.status).toBe(codes[endpoint]);
        if (codes[endpoint] === 400) {
          expect(answer.body.returnStatus.statusCode).toBe('E0101');
          expect(answer.body.returnStatus.statusDescription).toContain(`Mandatory HTTP header missing: ${omitted}`);
        }
      });

  it('all three headers missing names the credential headers first (Content-Type is a body rule)', async () => {
    const answer = await callEndpoint('create', {
      'Content-Type': undefined,
      Authorization: undefined,
      [CLIENT_ID_HEADER]: undefined,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.returnStatus.statusDescription).toBe(
      `Mandatory HTTP header missing: Authorization, ${CLIENT_ID_HEADER}.`,
    );
  });
});

describe('auth before body rules (a client without Content-Type still learns what is wrong)', () => {
  it.each(ENDPOINTS)('%s: wrong client id → 403', async (endpoint) => {
    const answer = await callEndpoint(endpoint, { 'Content-Type': undefined, [CLIENT_ID_HEADER]: 'someone-else' });
    expect(answer.status).toBe(403);
  });

  it.each(ENDPOINTS)('%s: bad credentials → 401', async (endpoint) => {
    const wrong = endpoint === 'create' || endpoint === 'status' ? 'Bearer not-a-token' : 'Digest not-the-signature';
    const answer = await callEndpoint(endpoint, { 'Content-Type': undefined, Authorization: wrong });
    expect(answer.status).toBe(401);
  });

  it.each(['status', 'reference', 'mbway'] as const)('%s: unknown transaction → 404', async (endpoint) => {
    const answer = await callEndpoint(endpoint, { 'Content-Type': undefined }, { id: 's2unknown000000000000' });
    expect(answer.status).toBe(404);
  });

  it('a wrong Content-Type is still refused, on the status GET too', async () => {
    for (const endpoint of ENDPOINTS) {
      const answer = await callEndpoint(endpoint, { 'Content-Type': 'text/plain' });
      expect(answer.status, endpoint).toBe(400);
      expect(answer.body.returnStatus.statusDescription).toContain('JSON media type');
    }
  });

  it('a GET with a body still needs Content-Type', async () => {
    // fetch cannot send a GET body; node:http can.
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${h.sim.apiUrl}/payments/${order.id}/status`, {
        method: 'GET',
        headers: { ...h.headers(h.bearer(), { 'Content-Type': undefined }), 'Content-Length': '2' },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end('{}');
    });
    expect(status).toBe(400);
  });

  it('the bodiless GET without Content-Type is answered with a note naming the spec rule', async () => {
    const answer = await callEndpoint('status', { 'Content-Type': undefined });
    expect(answer.status).toBe(200);
    expect(answer.body.paymentStatus).toBe('Pending');
    expect(answer.headers['x-simulator-conformance']).toMatch(/spec says every call sends Content-Type/);
    const normal = await callEndpoint('status');
    expect(normal.headers['x-simulator-conformance']).toBeUndefined();
  });
});

describe('double slash from a base URL ending in "/"', () => {
  it('404 with a message naming the double slash', async () => {
    const answer = await h.call('POST', `${h.sim.apiUrl}//payments`, { headers: h.headers(h.bearer()), body: {} });
    expect(answer.status).toBe(404);
    expect(answer.body.returnStatus.statusDescription).toMatch(/double slash/);
    const plain = await h.call('POST', `${h.sim.apiUrl}/paymentz`, { headers: h.headers(h.bearer()), body: {} });
    expect(plain.body.returnStatus.statusDescription).not.toMatch(/double slash/);
  });
});

describe("the console's Exchange records the conformance note", () => {
  it('a status GET sent without Content-Type gets a header:content-type note', async () => {
    const sender = new RequestSender();
    try {
      const redactor = new CallRedactor(
        { credentials: [h.terminalA.token, h.sim.clientId], signatures: [] },
        CLIENT_ID_HEADER,
      );
      const base = {
        operation: 'getStatus' as const,
        method: 'GET' as const,
        url: `${h.sim.apiUrl}/payments/${order.id}/status`,
        profileId: null,
        merchantTransactionId: null,
        transactionID: order.id,
        redactor,
        variant: 'A' as const,
      };
      const bare = await sender.send({ ...base, headers: h.headers(h.bearer(), { 'Content-Type': undefined }) });
      expect(bare.exchange.response?.status).toBe(200);
      expect(bare.exchange.conformanceNotes).toContainEqual({
        path: 'header:content-type',
        message: expect.stringMatching(/spec says every call sends Content-Type: application\/json/),
      });
      const full = await sender.send({ ...base, headers: h.headers(h.bearer()) });
      expect(full.exchange.conformanceNotes.filter((note) => note.path === 'header:content-type')).toEqual([]);
    } finally {
      await sender.close();
    }
  });
});

describe("the console's SDK never joins a double slash", () => {
  it.each([
    ['base URL ending in "/"', (url: string) => `${url}/`, '/api'],
    ['base URL ending in "//"', (url: string) => `${url}//`, '/api'],
    ['prefix ending in "/"', (url: string) => url, '/api/'],
  ])('%s: status reaches the simulator', async (_label, base, pathPrefix) => {
    const sender = new RequestSender();
    try {
      const client = new GatewayClient(sender);
      const result = await client.getStatus(
        {
          profileId: null,
          baseUrl: base(h.sim.url),
          pathPrefix,
          version: 'v2',
          variant: 'A',
          terminalId: h.terminalA.terminalId,
          clientIdHeader: CLIENT_ID_HEADER,
          bearerToken: h.terminalA.token,
          clientId: h.sim.clientId,
        },
        order.id,
      );
      expect(result.exchange.url).toBe(`${h.sim.apiUrl}/payments/${order.id}/status`);
      expect(result.exchange.response?.status).toBe(200);
    } finally {
      await sender.close();
    }
  });
});
