/** Status changes driven by the shopper, the clock and the magic values; finals never change. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await Harness.start({ orderTtlSeconds: 600, mbwayWindowSeconds: 240, shopperDelaySeconds: 5 });
});
afterAll(() => h.close());

const history = async (id: string) =>
  ((await h.control('GET', `/transactions/${id}`)).body.history as Array<{ to: string; statusCode: string }>).map(
    (change) => `${change.to}:${change.statusCode}`,
  );

describe('order expiry', () => {
  it('a pending order becomes Expired at its expiry, not before', async () => {
    const { id } = await h.order('A');
    await h.advance(599);
    expect(await h.paymentStatus(id)).toBe('Pending');
    await h.advance(1);
    expect(await h.paymentStatus(id)).toBe('Expired');
  });

  it('a final status never changes: completing an expired order is a 409', async () => {
    const { id } = await h.order('A');
    await h.advance(600);
    const answer = await h.control('POST', `/transactions/${id}/complete`, { paymentStatus: 'Success' });
    expect(answer.status).toBe(409);
    expect(await h.paymentStatus(id)).toBe('Expired');
  });
});

describe('MB WAY scenarios', () => {
  it.each([
    ['351#912345678', 'Success', '000'],
    ['351#912345500', 'Declined', '01.106.0004'],
    ['351#912345501', 'Declined', 'E0500'],
    ['351#912345113', 'Declined', 'E0113'],
  ])('%s ends %s (%s) after the shopper delay', async (phone, final, statusCode) => {
    const { id, signature } = await h.order('A');
    expect((await h.mbway(id, signature, phone)).body.paymentStatus).toBe('Pending');
    await h.advance(4);
    expect(await h.paymentStatus(id)).toBe('Pending');
    await h.advance(1);
    expect(await h.paymentStatus(id)).toBe(final);
    expect(await history(id)).toEqual(['Pending:000', `${final}:${statusCode}`]);
  });

  it('351#912345408 never answers: Timeout when the approval window ends', async () => {
    const { id, signature } = await h.order('A');
    await h.mbway(id, signature, '351#912345408');
    await h.advance(239);
    expect(await h.paymentStatus(id)).toBe('Pending');
    await h.advance(1);
    expect(await h.paymentStatus(id)).toBe('Timeout');
    // Final: the order's expiry later does not move it.
    await h.advance(600);
    expect(await h.paymentStatus(id)).toBe('Timeout');
  });

  it('351#912345506 does not exist: E0506 at once, Declined', async () => {
    const { id, signature } = await h.order('A');
    const answer = await h.mbway(id, signature, '351#912345506');
    expect(answer.body.returnStatus.statusCode).toBe('E0506');
    expect(answer.body.paymentStatus).toBe('Declined');
    expect(await h.paymentStatus(id)).toBe('Declined');
  });

  it('an ordinary phone waits for the control API, which approves it', async () => {
    const { id, signature } = await h.order('A');
    await h.mbway(id, signature, '351#919999999');
    await h.advance(60);
    expect(await h.paymentStatus(id)).toBe('Pending');
    const done = await h.control('POST', `/transactions/${id}/complete`, { paymentStatus: 'Success' });
    expect(done.body.paymentStatus).toBe('Success');
    expect(done.body.final).toBe(true);
    expect(await h.paymentStatus(id)).toBe('Success');
  });
});

describe('Multibanco reference', () => {
  it('is paid through the control API: Success, PREF, PAID; a second payment is E0613', async () => {
    const { id, signature } = await h.order('A');
    await h.reference(id, signature);
    const paid = await h.control('POST', `/transactions/${id}/complete`, { paymentStatus: 'Success' });
    expect(paid.status).toBe(200);
    expect(paid.body.reference.status).toBe('PAID');
    const status = await h.status(id);
    expect(status.body).toMatchObject({ paymentStatus: 'Success', paymentType: 'PREF', paymentMethod: 'REFERENCE' });
    const again = await h.control('POST', `/transactions/${id}/complete`, { paymentStatus: 'Success' });
    expect(again.status).toBe(409);
    expect(again.body.returnStatus.statusCode).toBe('E0613');
    expect((await h.reference(id, signature)).body.returnStatus.statusCode).toBe('E0613');
  });

  it('amount 6.13 is paid by the shopper after the delay; generating again is E0613', async () => {
    const { id, signature } = await h.order('A', (b) => (b.transaction.amount.value = 6.13));
    await h.reference(id, signature);
    await h.advance(5);
    expect(await h.paymentStatus(id)).toBe('Success');
    const again = await h.reference(id, signature);
    expect(again.status).toBe(409);
    expect(again.body.returnStatus.statusCode).toBe('E0613');
  });

  it('amount 6.12 gets a 60 s reference: then Expired with E0612, and E0612 on later calls', async () => {
    const { id, signature } = await h.order('A', (b) => (b.transaction.amount.value = 6.12));
    const generated = await h.reference(id, signature);
    expect(
      Date.parse(generated.body.paymentReference.expireDate) - Date.parse(generated.body.execution.endTime),
    ).toBeLessThanOrEqual(60_000);
    await h.advance(60);
    expect(await h.paymentStatus(id)).toBe('Expired');
    expect(await history(id)).toEqual(['Pending:000', 'Expired:E0612']);
    expect((await h.reference(id, signature)).body.returnStatus.statusCode).toBe('E0612');
    const pay = await h.control('POST', `/transactions/${id}/complete`, { paymentStatus: 'Success' });
    expect(pay.body.returnStatus.statusCode).toBe('E0612');
  });

  it('a reference outlives the order TTL when its finalDatetime says so', async () => {
    const { id, signature } = await h.order('A', (b) =>
      Object.assign(b.transaction, {
        paymentReference: { finalDatetime: new Date(Date.now() + 3 * 86_400_000).toISOString() },
      }),
    );
    await h.reference(id, signature);
    await h.advance(86_400);
    expect(await h.paymentStatus(id)).toBe('Pending');
    await h.advance(3 * 86_400);
    expect(await h.paymentStatus(id)).toBe('Expired');
  });
});

describe('control API transitions', () => {
  it('follows the allowed transitions and refuses others with 409', async () => {
    const { id } = await h.order('A');
    expect((await h.control('POST', `/transactions/${id}/complete`, { paymentStatus: 'InProcessing' })).status).toBe(
      200,
    );
    expect((await h.control('POST', `/transactions/${id}/complete`, { paymentStatus: 'Expired' })).status).toBe(409);
    expect((await h.control('POST', `/transactions/${id}/complete`, { paymentStatus: 'Declined' })).status).toBe(200);
    expect((await h.control('POST', `/transactions/${id}/complete`, { paymentStatus: 'Success' })).status).toBe(409);
    expect((await h.control('POST', `/transactions/${id}/complete`, { paymentStatus: 'paid' })).status).toBe(400);
    expect((await h.control('POST', '/transactions/s2nope/complete', { paymentStatus: 'Success' })).status).toBe(404);
    expect((await h.control('POST', '/clock', { advanceSeconds: -5 })).status).toBe(400);
    expect((await h.control('POST', '/clock', { advanceSeconds: 'x' })).status).toBe(400);
  });
});

describe('real time', () => {
  it('also moves the clock: a due job runs without any control call', async () => {
    // The standalone file takes whole seconds on its command line.
    const quick = await Harness.start({ shopperDelaySeconds: Harness.external ? 1 : 0.02 });
    try {
      const { id, signature } = await quick.order('A');
      await quick.mbway(id, signature, '351#912345678');
      await expect.poll(() => quick.paymentStatus(id), { interval: 10, timeout: 4000 }).toBe('Success');
    } finally {
      await quick.close();
    }
  });
});
