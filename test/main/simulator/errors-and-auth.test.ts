import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, validOrderA, validOrderB } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await Harness.start();
});
afterAll(() => h.close());

const statusCodeOf = (answer: { body: { returnStatus: { statusCode: string } } }) =>
  answer.body.returnStatus.statusCode;

describe('error table: HTTP status and returnStatus', () => {
  it('200 Success: create answers 000 with a returnStatus', async () => {
    const answer = await h.create(validOrderA());
    expect(answer.status).toBe(200);
    expect(answer.body.returnStatus).toEqual({ statusCode: '000', statusMsg: 'Success', statusDescription: 'Success' });
  });

  it.each(['Content-Type', 'Authorization', 'X-Platform-Client-Id'])(
    '400 when the %s header is missing',
    async (name) => {
      const answer = await h.create(validOrderA(), 'A', { [name]: undefined });
      expect(answer.status).toBe(400);
      expect(answer.body.returnStatus.statusMsg).toBe('Bad Request');
      expect(answer.body.returnStatus.statusDescription).toContain(name);
    },
  );

  it('400 when Content-Type is not JSON, on the status GET too; a bodiless GET may omit it', async () => {
    expect((await h.create(validOrderA(), 'A', { 'Content-Type': 'text/plain' })).status).toBe(400);
    const { id } = await h.order();
    const wrong = await h.call('GET', `/payments/${id}/status`, {
      headers: h.headers(h.bearer(), { 'Content-Type': 'text/plain' }),
    });
    expect(wrong.status).toBe(400);
    const omitted = await h.call('GET', `/payments/${id}/status`, {
      headers: h.headers(h.bearer(), { 'Content-Type': undefined }),
    });
    expect(omitted.status).toBe(200);
  });

  it('400 with a clear message for malformed JSON and non-object bodies; 413 for an oversized body', async () => {
    const headers = h.headers(h.bearer());
    const malformed = await h.call('POST', '/payments', { headers, raw: '{"merchant":' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.returnStatus.statusDescription).toMatch(/not valid JSON/);
    for (const raw of ['[]', '"x"', 'null', '12', '']) {
      const answer = await h.call('POST', '/payments', { headers, raw });
      expect(answer.status, raw).toBe(400);
    }
    const huge = await h.call('POST', '/payments', { headers, raw: `{"x":"${'a'.repeat(300 * 1024)}"}` });
    expect(huge.status).toBe(413);
    expect(huge.body.returnStatus.statusDescription).toMatch(/larger than/);
  });

  it('400 naming the field path when the payload does not match the definition', async () => {
    const body = validOrderB();
    delete (body.customer.customerInfo as Record<string, unknown>).customerPhone;
    const answer = await h.create(body, 'B');
    expect(answer.status).toBe(400);
    expect(statusCodeOf(answer)).toBe('E0501');
    expect(answer.body.returnStatus.statusDescription).toMatch(/^customer\.customerInfo\.customerPhone: is required/);
  });

  it('401 for an unknown token, a token of another terminal, and a non-Bearer scheme', async () => {
    expect((await h.call('POST', '/payments', { headers: h.headers('Bearer nope'), body: validOrderA() })).status).toBe(
      401,
    );
    // Terminal B's token with terminal A's order.
    const answer = await h.call('POST', '/payments', { headers: h.headers(h.bearer('B')), body: validOrderA() });
    expect(answer.status).toBe(400); // validated as Variant B first: A's body lacks info
    const bodyForB = validOrderB();
    bodyForB.merchant.terminalId = Number(h.terminalA.terminalId);
    const wrongTerminal = await h.call('POST', '/payments', { headers: h.headers(h.bearer('B')), body: bodyForB });
    expect(wrongTerminal.status).toBe(401);
    expect(wrongTerminal.body.returnStatus.statusMsg).toBe('Unauthorized');
    const basic = await h.call('POST', '/payments', { headers: h.headers('Basic abc'), body: validOrderA() });
    expect(basic.status).toBe(401);
  });

  it('401 on status with the token of another terminal', async () => {
    const { id } = await h.order('A');
    expect((await h.status(id, 'B')).status).toBe(401);
    expect((await h.status(id, 'A')).status).toBe(200);
  });

  it('follow-up calls need Digest <transactionSignature>: Bearer or another signature is 401', async () => {
    const { id, signature } = await h.order('A');
    const other = await h.order('A');
    const headersWith = (authorization: string) => h.headers(authorization);
    for (const authorization of [h.bearer(), `Digest ${other.signature}`, `Digest`, signature]) {
      const answer = await h.call('POST', `/payments/${id}/service-reference/generate`, {
        headers: headersWith(authorization),
        body: {},
      });
      expect(answer.status, authorization).toBe(401);
      const mbway = await h.call('POST', `/payments/${id}/mbway-id/purchase`, {
        headers: headersWith(authorization),
        body: { customerPhone: '351#912345678' },
      });
      expect(mbway.status).toBe(401);
    }
    expect((await h.reference(id, signature)).status).toBe(200);
  });

  it('403 for an invalid client id; the header name is case-insensitive', async () => {
    const answer = await h.create(validOrderA(), 'A', { 'X-Platform-Client-Id': 'someone-else' });
    expect(answer.status).toBe(403);
    expect(answer.body.returnStatus.statusMsg).toBe('Forbidden');
    const headers = h.headers(h.bearer(), {
      'X-Platform-Client-Id': undefined,
      'x-PLATFORM-client-ID': h.sim.clientId,
    });
    expect((await h.call('POST', '/payments', { headers, body: validOrderA() })).status).toBe(200);
  });

  it('405 for a known path with the wrong method, with Allow', async () => {
    const answer = await h.call('GET', '/payments', { headers: h.headers(h.bearer()) });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST');
    expect(answer.body.returnStatus.statusMsg).toBe('Method Not Allowed');
    const { id } = await h.order();
    expect((await h.call('POST', `/payments/${id}/status`, { headers: h.headers(h.bearer()) })).status).toBe(405);
    expect((await h.call('DELETE', `/payments/${id}/mbway-id/purchase`, {})).status).toBe(405);
  });

  it('404 for an unknown path and an unknown transaction', async () => {
    expect((await h.call('GET', `${h.sim.url}/nothing/here`)).status).toBe(404);
    expect((await h.call('POST', `${h.sim.url}/api/v3/payments`, { headers: h.headers(h.bearer()) })).status).toBe(404);
    const unknown = await h.status('s2doesnotexist000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.returnStatus.statusDescription).toMatch(/does not exist/);
  });

  it.each([
    [4.29, 429, '429'],
    [5.0, 500, '500'],
    [5.03, 503, 'T9999'],
  ])('magic amount %d makes create answer %i', async (amount, httpStatus, statusCode) => {
    const body = validOrderA();
    body.transaction.amount.value = amount;
    const answer = await h.create(body);
    expect(answer.status).toBe(httpStatus);
    expect(statusCodeOf(answer)).toBe(statusCode);
    if (httpStatus === 429) expect(answer.headers.get('retry-after')).toBe('1');
  });

  it.each([
    [14.29, 429],
    [15.0, 500],
    [15.03, 503],
  ])('magic amount %d fails the first status query with %i, then answers normally', async (amount, httpStatus) => {
    const { id } = await h.order('A', (b) => (b.transaction.amount.value = amount));
    expect((await h.status(id)).status).toBe(httpStatus);
    expect((await h.status(id)).status).toBe(200);
  });

  it('999 Validation Request Failed on the first status query of amount 9.99', async () => {
    const { id } = await h.order('A', (b) => (b.transaction.amount.value = 9.99));
    const first = await h.status(id);
    expect(first.status).toBe(200);
    expect(first.body.returnStatus).toMatchObject({ statusCode: '999', statusMsg: 'Validation Request Failed' });
    expect(first.body.returnStatus.statusDescription).toMatch(/try again/i);
    const second = await h.status(id);
    expect(second.body.returnStatus.statusCode).toBe('000');
    expect(second.body.amount).toEqual({ currency: 'EUR', value: '9.99' });
  });
});

describe('rate limit and options', () => {
  it('429 with Retry-After once a client id exceeds its token bucket', async () => {
    const limited = await Harness.start({ rateLimit: 3 });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await limited.create(validOrderA())).status);
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
      expect(statuses).toContain(429);
      const answer = await limited.create(validOrderA());
      expect(answer.status).toBe(429);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(answer.body.returnStatus.statusMsg).toBe('Too Many Requests');
    } finally {
      await limited.close();
    }
  });

  it('honours a custom client-id header, base path and version; control API absent with control off', async () => {
    const custom = await Harness.start({
      clientIdHeader: 'X-Acme-Client-Id',
      basePath: '/gw/api',
      version: 'v9',
      control: false,
    });
    try {
      expect(custom.sim.apiUrl).toMatch(/\/gw\/api\/v9$/);
      expect((await custom.create(validOrderA())).status).toBe(200);
      const withSpecName = await custom.call('POST', '/payments', {
        headers: {
          ...custom.headers(custom.bearer(), { 'X-Acme-Client-Id': undefined }),
          'X-Platform-Client-Id': custom.sim.clientId,
        },
        body: validOrderA(),
      });
      expect(withSpecName.status).toBe(400);
      expect((await custom.control('GET', '/notifications')).status).toBe(404);
    } finally {
      await custom.close();
    }
  });
});
