import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, validOrderA } from './harness';

describe('simulator /__simulator/faults (one-shot QA controls)', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await Harness.start();
  });
  afterAll(() => harness.close());

  const arm = (body: unknown) =>
    fetch(`${harness.sim.url}/__simulator/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('answers the next gateway call with the armed status, once, in the gateway’s error shape', async () => {
    const armed = await arm({ nextCall: 401 });
    expect(await armed.json()).toEqual({ nextCalls: [401], deliveries: [], calls: [] });
    const first = await harness.create(validOrderA());
    expect(first.status).toBe(401);
    expect(first.body.returnStatus).toMatchObject({ statusCode: '401', statusMsg: 'Unauthorized' });
    const second = await harness.create(validOrderA());
    expect(second.status).toBe(200);
  });

  it('defect (issue 25 §6): a request without credentials, as a cross-site page could send, used up the tester’s armed fault', async () => {
    await arm({ nextCall: 503 });
    const pageRequest = await fetch(`${harness.sim.url}/api/v2/payments`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', Origin: 'http://evil.example' },
      body: '{}',
    });
    expect(pageRequest.status).not.toBe(503);
    expect((await harness.create(validOrderA())).status).toBe(503);
  });

  it('999 is a 200 with statusCode 999; 405 carries Allow; 429 carries Retry-After', async () => {
    await arm({ nextCall: 999 });
    const answer = await harness.create(validOrderA());
    expect([answer.status, answer.body.returnStatus.statusCode]).toEqual([200, '999']);
    await arm({ nextCall: 405 });
    expect((await harness.create(validOrderA())).headers.get('allow')).toBe('GET, POST');
    await arm({ nextCall: 429 });
    expect((await harness.create(validOrderA())).headers.get('retry-after')).toBe('1');
  });

  it('refuses what it cannot arm, saying which values it takes', async () => {
    const bad = await arm({ nextCall: 302 });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { returnStatus: { statusDescription: string } }).returnStatus.statusDescription).toBe(
      'status: must be one of 400, 401, 403, 404, 405, 409, 429, 500, 503, 999',
    );
    const nothing = await arm({ transactionId: 'unknown', delivery: 'redeliver' });
    expect(nothing.status).toBe(404);
  });
});
