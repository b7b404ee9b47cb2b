/** Both variants, every endpoint, every field the spec lists in each response. */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrderResponseSchema,
  mbwayPurchaseResponseSchema,
  readActionResponse,
  referenceGenerateResponseSchema,
  REGULATION_TYPES,
  statusResponseSchema,
} from '@shared/gateway';
import { Harness, validOrderA } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await Harness.start({ websiteAddress: 'https://merchant.example' });
});
afterAll(() => h.close());

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

describe('create order', () => {
  it('Variant A answers every create field, formContext and no regulationList', async () => {
    const { answer } = await h.order('A');
    const body = answer.body;
    expect(createOrderResponseSchema.safeParse(body).success).toBe(true);
    expect(body.transactionID).toMatch(/^s2[A-Za-z0-9]{18}$/);
    expect(body.transactionSignature.length).toBeGreaterThan(20);
    expect(body.amount).toEqual({ value: 10.5, currency: 'EUR' });
    expect(body.merchant).toEqual({
      terminalId: '1000001',
      channel: 'web',
      merchantTransactionId: 'order-1',
      websiteAddress: 'https://merchant.example',
      shopURL: 'https://shop.example',
    });
    expect(body.paymentMethodList).toEqual(['REFERENCE', 'CARD', 'MBWAY']);
    expect(body.expiry).toMatch(ISO);
    expect(body.execution.startTime).toMatch(ISO);
    expect(Date.parse(body.execution.endTime)).toBeGreaterThanOrEqual(Date.parse(body.execution.startTime));
    expect(typeof body.formContext).toBe('string');
    expect(body.regulationList).toBeUndefined();
    expect(body.actionResponse).toBeUndefined();
  });

  it('Variant B answers a regulationList with every type, language, label and URLs, and an actionResponse', async () => {
    const { answer } = await h.order('B');
    const body = answer.body;
    expect(body.formContext).toBeUndefined();
    expect(body.regulationList.map((r: { type: string }) => r.type)).toEqual([...REGULATION_TYPES]);
    for (const regulation of body.regulationList) {
      expect(regulation.language).toBe('pt');
      expect(regulation.identification).toBeTruthy();
      expect(regulation.label).toBeTruthy();
      expect(regulation.regulationURL).toMatch(/^https:\/\//);
      expect(regulation.logoURL).toMatch(/^https:\/\//);
    }
    const action = readActionResponse(body.actionResponse);
    expect(action.url).toBe(`${h.sim.apiUrl}/payments/${body.transactionID}/action`);
    expect(action.params.map((p) => p.name)).toEqual(['transactionID', 'actionToken']);
  });

  it('Variant B without a method that needs an extra step has no actionResponse', async () => {
    const { answer } = await h.order('B', (b) => (b.transaction.paymentMethod = ['MBWY', 'SPDD']));
    expect(answer.body.actionResponse).toBeUndefined();
  });

  it('accepts the table spellings as input aliases and answers with the canonical ones', async () => {
    const body = validOrderA() as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    body.merchant.terminalID = body.merchant.terminalId;
    delete body.merchant.terminalId;
    body.merchant.merchantTransactionID = 'alias-1';
    delete body.merchant.merchantTransactionId;
    body.transaction.transactionTimeStamp = body.transaction.transactionTimestamp;
    delete body.transaction.transactionTimestamp;
    body.customerinfo = [{ key: 'loyalty', value: 'gold' }];
    const answer = await h.create(body);
    expect(answer.status).toBe(200);
    expect(answer.body.merchant.terminalId).toBe('1000001');
    expect(answer.body.merchant.merchantTransactionId).toBe('alias-1');
  });

  it('ignores unknown fields instead of rejecting them', async () => {
    const body = { ...validOrderA(), somethingNew: { a: 1 } };
    expect((await h.create(body)).status).toBe(200);
  });
});

describe('status, reference, MB WAY and action endpoints', () => {
  it('status answers every status field with a two-decimal string amount', async () => {
    const { id } = await h.order('A', (b) => (b.transaction.amount.value = 7.5));
    const answer = await h.status(id);
    expect(statusResponseSchema.safeParse(answer.body).success).toBe(true);
    expect(answer.body).toMatchObject({
      returnStatus: { statusCode: '000' },
      merchant: { terminalId: '1000001', merchantTransactionId: 'order-1' },
      transactionID: id,
      amount: { currency: 'EUR', value: '7.50' },
      paymentType: 'PURS',
      paymentStatus: 'Pending',
      paymentMethod: 'REFERENCE',
    });
    expect(answer.body.execution.startTime).toMatch(ISO);
  });

  it('reference generate answers the reference and the same one when asked again', async () => {
    const { id, signature } = await h.order('A', (b) =>
      Object.assign(b.transaction, {
        paymentReference: {
          initialDatetime: '2026-01-01T00:00:00Z',
          finalDatetime: '2099-01-01T00:00:00Z',
          entity: '12345',
        },
      }),
    );
    const first = await h.reference(id, signature);
    expect(first.status).toBe(200);
    expect(referenceGenerateResponseSchema.safeParse(first.body).success).toBe(true);
    expect(first.body).toMatchObject({
      returnStatus: { statusCode: '000' },
      paymentStatus: 'Pending',
      paymentMethod: 'REFERENCE',
      transactionID: id,
      paymentType: 'PURS',
      paymentReference: { entity: '12345', status: 'UNPAID', expireDate: '2099-01-01T00:00:00.000Z' },
    });
    expect(first.body.paymentReference.reference).toMatch(/^\d{9}$/);
    const second = await h.reference(id, signature);
    expect(second.body.paymentReference.reference).toBe(first.body.paymentReference.reference);
  });

  it('reference generate refuses an order without REFERENCE and a non-object body', async () => {
    const { id, signature } = await h.order('A', (b) => (b.transaction.paymentMethod = ['MBWAY']));
    expect((await h.reference(id, signature)).status).toBe(409);
    const other = await h.order('A');
    expect((await h.reference(other.id, other.signature, [1])).status).toBe(400);
  });

  it('MB WAY purchase answers Pending first, with transactionID, execution and returnStatus', async () => {
    const { id, signature } = await h.order('A');
    const answer = await h.mbway(id, signature, '351#912345678');
    expect(answer.status).toBe(200);
    expect(mbwayPurchaseResponseSchema.safeParse(answer.body).success).toBe(true);
    expect(answer.body).toMatchObject({
      transactionID: id,
      paymentStatus: 'Pending',
      returnStatus: { statusCode: '000' },
    });
    expect(answer.body.execution.endTime).toMatch(ISO);
    expect((await h.mbway(id, signature, '351#912345678')).status).toBe(409);
  });

  it('MB WAY purchase: missing phone is 400 naming customerPhone; a bad shape is E0504', async () => {
    const { id, signature } = await h.order('A');
    const missing = await h.call('POST', `/payments/${id}/mbway-id/purchase`, {
      headers: h.headers(`Digest ${signature}`),
      body: {},
    });
    expect(missing.status).toBe(400);
    expect(missing.body.returnStatus.statusDescription).toBe('customerPhone: is required');
    for (const phone of ['912345678', '+351912345678', '351#12', 351912345678]) {
      const bad = await h.mbway(id, signature, phone);
      expect(bad.status).toBe(400);
      expect(bad.body.returnStatus.statusCode).toBe('E0504');
      expect(bad.body.returnStatus.statusDescription).toMatch(/^customerPhone: /);
    }
  });

  it('the actionResponse address completes the extra step with its params, once', async () => {
    const { answer, id } = await h.order('B');
    const action = readActionResponse(answer.body.actionResponse);
    const wrong = await h.call('POST', action.url!, {
      headers: { 'Content-Type': 'application/json' },
      body: { params: [{ name: 'actionToken', value: 'guess' }] },
    });
    expect(wrong.status).toBe(400);
    const done = await h.call('POST', action.url!, {
      headers: { 'Content-Type': 'application/json' },
      body: { params: action.params },
    });
    expect(done.status).toBe(200);
    expect(done.body.paymentStatus).toBe('Success');
    expect(await h.paymentStatus(id, 'B')).toBe('Success');
    expect(
      (
        await h.call('POST', action.url!, {
          headers: { 'Content-Type': 'application/json' },
          body: { params: action.params },
        })
      ).status,
    ).toBe(409);
  });

  it('a card order waiting for 3-D Secure is Partial with its actionResponse, then the extra step settles it', async () => {
    const { answer, id } = await h.order('B');
    const created = readActionResponse(answer.body.actionResponse);
    expect((await h.control('POST', `/transactions/${id}/complete`, { paymentStatus: 'Partial' })).status).toBe(200);
    const partial = await h.status(id, 'B');
    expect(partial.body.paymentStatus).toBe('Partial');
    expect(partial.body.actionResponse.type).toBe('THREEDS_CHALLENGE');
    const action = readActionResponse(partial.body.actionResponse);
    expect(action).toEqual(created);
    const done = await h.call('POST', action.url!, {
      headers: { 'Content-Type': 'application/json' },
      body: { params: [...action.params, { name: 'paymentStatus', value: 'Declined' }] },
    });
    expect(done.body.paymentStatus).toBe('Declined');
    expect((await h.status(id, 'B')).body.actionResponse).toBeUndefined();
    // Partial always comes with an extra step: an order without one cannot be put there.
    const plain = await h.order('B', (b) => (b.transaction.paymentMethod = ['MBWY', 'SPDD']));
    const refused = await h.control('POST', `/transactions/${plain.id}/complete`, { paymentStatus: 'Partial' });
    expect(refused.status).toBe(409);
    expect(await h.paymentStatus(plain.id, 'B')).toBe('Pending');
  });
});

describe('determinism', () => {
  it('the same seed gives the same credentials and ids', async () => {
    const [one, two] = await Promise.all([Harness.start({ seed: 7 }), Harness.start({ seed: 7 })]);
    try {
      expect(one.sim.clientId).toBe(two.sim.clientId);
      expect(one.sim.terminals).toEqual(two.sim.terminals);
      const a = await one.order('A');
      const b = await two.order('A');
      expect(a.id).toBe(b.id);
      expect(a.signature).toBe(b.signature);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});

describe('hostile input never yields a 5xx', () => {
  it('answers junk bodies without a 5xx on every endpoint, and keeps serving', async () => {
    const { id, signature } = await h.order('A');
    const junk = [
      '{',
      '[[[[',
      '{"merchant":null}',
      '{"transaction":{"paymentMethod":"CARD"}}',
      '\u0000',
      '1e999',
      JSON.stringify({ __proto__: { x: 1 } }),
    ];
    for (const raw of junk) {
      for (const [path, auth] of [
        ['/payments', h.bearer()],
        [`/payments/${id}/service-reference/generate`, `Digest ${signature}`],
        [`/payments/${id}/mbway-id/purchase`, `Digest ${signature}`],
      ] as const) {
        const answer = await h.call('POST', path, { headers: h.headers(auth), raw });
        // Reference generate ignores what is inside an object body, so a 200 there is right.
        expect(answer.status, `${path} ${raw}`).toBeLessThan(500);
        if (path === '/payments') expect(answer.status, raw).toBe(400);
      }
    }
    // Still serving.
    expect((await h.status(id)).status).toBe(200);
  });

  it('answers a garbage request line and a truncated body without crashing', async () => {
    const { port } = new URL(h.sim.url);
    const raw = (text: string) =>
      new Promise<string>((resolve) => {
        const socket = connect(Number(port), '127.0.0.1', () => socket.end(text));
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('close', () => resolve(answer));
        socket.on('error', () => resolve(answer));
      });
    expect(await raw('HELLO THERE\r\n\r\n')).toMatch(/^HTTP\/1\.1 400/);
    await raw('POST /api/v2/payments HTTP/1.1\r\nHost: x\r\nContent-Length: 50\r\n\r\n{"a":');
    const { id } = await h.order('A');
    expect((await h.status(id)).status).toBe(200);
  });
});
