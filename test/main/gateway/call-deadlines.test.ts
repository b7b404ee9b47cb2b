import { describe, expect, it } from 'vitest';
import { DeadlineTimer } from '../../../src-main/gateway/call-deadlines';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Timers keeping the process alive (an unref'd one is not listed). */
const liveTimers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

describe('the whole-call deadlines of calls under way, on one timer', () => {
  it('ends each call when its own deadline passes, never before, the earliest first', async () => {
    const deadlines = new DeadlineTimer();
    const started = performance.now();
    const ended: Array<{ name: string; after: number }> = [];
    const end = (name: string) => () => ended.push({ name, after: performance.now() - started });
    deadlines.start(60, end('60 ms'));
    deadlines.start(20, end('20 ms'));
    deadlines.start(40, end('40 ms'));
    await sleep(100);
    expect(ended.map((call) => call.name)).toEqual(['20 ms', '40 ms', '60 ms']);
    for (const call of ended) expect(call.after).toBeGreaterThanOrEqual(Number.parseInt(call.name, 10) - 1);
  });

  it('a call that ended first is never ended by its deadline; the others still are', async () => {
    const deadlines = new DeadlineTimer();
    const ended: string[] = [];
    const answered = deadlines.start(10, () => ended.push('answered'));
    deadlines.start(30, () => ended.push('slow'));
    deadlines.cancel(answered);
    await sleep(60);
    expect(ended).toEqual(['slow']);
  });

  it('keeps the process alive while a call is under way, and not once none is', async () => {
    const deadlines = new DeadlineTimer();
    const before = liveTimers();
    const first = deadlines.start(30_000, () => {});
    expect(liveTimers()).toBe(before + 1);
    deadlines.cancel(first);
    expect(liveTimers()).toBe(before);
    // The next call finds the timer armed already, and makes it keep the process alive again.
    const next = deadlines.start(30_000, () => {});
    expect(liveTimers()).toBe(before + 1);
    deadlines.cancel(next);
    expect(liveTimers()).toBe(before);
  });

  it('reads a delay as setTimeout does: one too long for a timer is 1 ms', async () => {
    const deadlines = new DeadlineTimer();
    let ended = false;
    deadlines.start(2 ** 31, () => (ended = true));
    await sleep(20);
    expect(ended).toBe(true);
  });
});
