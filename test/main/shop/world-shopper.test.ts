/**
 * A world's shopper (issue 29 §3): what it does with every new payment and every new extra step, set once
 * for the world through its control API, and kept in the world's state — a restarted simulator's shopper
 * still approves, still fails the 3-D Secure step. A real HTTP shop client and a real state file throughout.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SimulatorOptions } from '../../../src-main/simulator';
import { Harness } from '../simulator/harness';

let dir: string;
const open: Harness[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'world-shopper-'));
});
afterEach(async () => {
  while (open.length) await open.pop()!.close();
  rmSync(dir, { recursive: true, force: true });
});

const start = async (options: SimulatorOptions = {}) => {
  const h = await Harness.start({ state: join(dir, 'state.jsonl'), ...options });
  open.push(h);
  return h;
};
const stop = async (h: Harness) => {
  open.splice(open.indexOf(h), 1);
  await h.close();
};

describe('a world’s shopper', () => {
  it('completes or fails every new extra step after the shopper delay; passive again, the step waits', async () => {
    const h = await start();
    expect((await h.control('POST', '/shopper', { step: 'fail' })).body).toEqual({ outcome: null, step: 'fail' });
    const failed = await h.order('B');
    expect(await h.paymentStatus(failed.id, 'B')).toBe('Pending');
    await h.advance(5);
    expect(await h.paymentStatus(failed.id, 'B')).toBe('Declined');
    expect((await h.control('GET', `/transactions/${failed.id}`)).body.actionPending).toBe(false);

    // Setting one part leaves the other as it is.
    expect((await h.control('POST', '/shopper', { outcome: 'approve' })).body).toEqual({
      outcome: 'approve',
      step: 'fail',
    });
    expect((await h.control('POST', '/shopper', { step: 'complete' })).body.step).toBe('complete');
    const completed = await h.order('B');
    await h.advance(5);
    expect(await h.paymentStatus(completed.id, 'B')).toBe('Success');

    await h.control('POST', '/shopper', { step: null });
    const waiting = await h.order('B');
    await h.advance(60);
    expect(await h.paymentStatus(waiting.id, 'B')).toBe('Pending');
    expect((await h.control('POST', '/shopper', { step: 'later' })).status).toBe(400);
  });

  it('is kept in the world’s state: a restarted simulator’s shopper still approves and still fails the step', async () => {
    const first = await start();
    await first.control('POST', '/shopper', { outcome: 'approve', step: 'fail' });
    await stop(first);

    const second = await start();
    expect((await second.control('GET', '/shopper')).body).toEqual({ outcome: 'approve', step: 'fail' });
    const mbway = await second.order('A');
    await second.mbway(mbway.id, mbway.signature, '351#919999999');
    const card = await second.order('B');
    await second.advance(5);
    expect(await second.paymentStatus(mbway.id)).toBe('Success');
    expect(await second.paymentStatus(card.id, 'B')).toBe('Declined');

    // A reset makes it passive, on disk too.
    await second.control('POST', '/reset');
    await stop(second);
    const third = await start();
    expect((await third.control('GET', '/shopper')).body).toEqual({ outcome: null, step: null });
  });

  it('an extra step the shopper was due to finish before a restart is finished after it', async () => {
    const first = await start();
    await first.control('POST', '/shopper', { step: 'complete' });
    const card = await first.order('B');
    await stop(first);
    const second = await start();
    await second.advance(5);
    expect(await second.paymentStatus(card.id, 'B')).toBe('Success');
  });
});
