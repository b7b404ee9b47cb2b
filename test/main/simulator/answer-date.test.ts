/**
 * The simulator states its own (simulated) time in every answer's `Date` header: that is how any client,
 * the console included, learns the gateway's clock. Node's automatic header would say the wall clock.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Harness, validOrderA } from './harness';

let h: Harness;
beforeEach(async () => {
  h = await Harness.start();
});
afterEach(() => h.close());

const HOUR = 3_600_000;
/** Where the `Date` header puts the answer relative to the wall clock now (ms, 1 s resolution). */
const dateOffset = (headers: Headers): number => Date.parse(headers.get('date') ?? '') - Date.now();

describe('the Date header follows the simulator clock (countdown uses the wall clock while the expiry is in Sandbox time)', () => {
  it('states real time while the clock has not moved', async () => {
    const { answer } = await h.order('A');
    expect(Math.abs(dateOffset(answer.headers))).toBeLessThan(2_000);
  });

  it('moves with the clock: +1 h on create, status and error answers alike', async () => {
    await h.advance(3600);
    const { id, answer } = await h.order('A');
    expect(dateOffset(answer.headers)).toBeGreaterThan(HOUR - 2_000);
    expect(dateOffset(answer.headers)).toBeLessThan(HOUR + 2_000);
    // The expiry in the body and the Date header are on the same clock: a client's countdown agrees.
    const expiry = Date.parse(answer.body.expiry as string);
    const gatewayNow = Date.parse(answer.headers.get('date')!);
    expect(expiry - gatewayNow).toBeGreaterThan(0);
    expect(expiry - gatewayNow).toBeLessThan(Date.parse(answer.body.expiry as string) - Date.now());

    const status = await h.status(id);
    expect(dateOffset(status.headers)).toBeGreaterThan(HOUR - 2_000);
    const refused = await h.call('POST', '/payments', { headers: h.headers('Bearer wrong'), body: validOrderA() });
    expect(refused.status).toBe(401);
    expect(dateOffset(refused.headers)).toBeGreaterThan(HOUR - 2_000);
    const armed = await h.control('POST', '/faults', { nextCall: 503 });
    expect(armed.status).toBe(200);
    const fault = await h.status(id);
    expect(fault.status).toBe(503);
    expect(dateOffset(fault.headers)).toBeGreaterThan(HOUR - 2_000);
    const unknownPath = await h.call('GET', '/nowhere');
    expect(unknownPath.status).toBe(404);
    expect(dateOffset(unknownPath.headers)).toBeGreaterThan(HOUR - 2_000);
  });

  it('is one valid IMF-fixdate header, not a second one next to Node’s', async () => {
    await h.advance(86_400);
    const { answer } = await h.order('A');
    expect(answer.headers.get('date')).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
  });
});
