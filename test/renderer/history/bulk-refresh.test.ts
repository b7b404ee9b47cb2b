import { describe, expect, it } from 'vitest';
import {
  runBulkRefresh,
  type Clock,
  type RefreshItem,
  type RefreshOutcome,
  type RefreshProgress,
  type SettledOutcome,
} from '../../../src-renderer/src/services/bulk-refresh';

const items = (n: number): RefreshItem[] =>
  Array.from({ length: n }, (_, i) => ({ key: `k${i}`, transactionId: `k${i}`, profileId: 'sandbox' }));

/** A clock whose sleeps complete at once and advance time, so 429 pauses are observable without waiting. */
function fakeClock(): Clock & { sleeps: number[]; time: number } {
  const clock = {
    time: 0,
    sleeps: [] as number[],
    now: () => clock.time,
    sleep: async (ms: number) => {
      clock.sleeps.push(ms);
      await Promise.resolve();
      clock.time += ms;
    },
  };
  return clock;
}

/** A refresh function whose calls stay open until the test releases them. */
function controlledRefresh() {
  const pending: { item: RefreshItem; resolve: (o: RefreshOutcome) => void }[] = [];
  let active = 0;
  let maxActive = 0;
  const refresh = (item: RefreshItem) =>
    new Promise<RefreshOutcome>((resolve) => {
      active++;
      maxActive = Math.max(maxActive, active);
      pending.push({
        item,
        resolve: (outcome) => {
          active--;
          resolve(outcome);
        },
      });
    });
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { refresh, pending, flush, maxActive: () => maxActive, active: () => active };
}

describe('bulk status refresh', () => {
  it('never runs more calls at once than the configured concurrency and sums up the outcomes', async () => {
    const control = controlledRefresh();
    const progress: RefreshProgress[] = [];
    const run = runBulkRefresh(items(10), {
      concurrency: 3,
      refresh: control.refresh,
      onProgress: (p) => progress.push(p),
    });
    const outcomes: RefreshOutcome[] = [
      { kind: 'changed' },
      { kind: 'unchanged' },
      { kind: 'failed', message: 'HTTP 500' },
    ];
    for (let i = 0; i < 10; i++) {
      await control.flush();
      expect(control.active()).toBeLessThanOrEqual(3);
      control.pending.shift()!.resolve(outcomes[i % 3]!);
    }
    const summary = await run;
    expect(control.maxActive()).toBe(3);
    expect(summary).toMatchObject({ total: 10, done: 10, changed: 4, unchanged: 3, failed: 3, cancelled: 0 });
    expect(summary.failures).toEqual([
      { key: 'k2', message: 'HTTP 500' },
      { key: 'k5', message: 'HTTP 500' },
      { key: 'k8', message: 'HTTP 500' },
    ]);
    expect(progress.map((p) => p.done)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('pauses the whole pool for Retry-After on a 429 and retries that transaction', async () => {
    const clock = fakeClock();
    const calls: { key: string; at: number }[] = [];
    let limited = false;
    const refresh = async (item: RefreshItem): Promise<RefreshOutcome> => {
      calls.push({ key: item.key, at: clock.now() });
      if (item.key === 'k2' && !limited) {
        limited = true;
        return { kind: 'rate-limited', retryAfterMs: 2000 };
      }
      return { kind: 'unchanged' };
    };
    const summary = await runBulkRefresh(items(6), { concurrency: 2, refresh, clock });
    expect(summary).toMatchObject({ done: 6, unchanged: 6, failed: 0, rateLimitPauses: 1 });
    // k2 asked again, and nothing was sent between the 429 and the end of the pause.
    const limitedAt = calls.find((c) => c.key === 'k2')!.at;
    const afterLimit = calls.slice(calls.findIndex((c) => c.key === 'k2') + 1);
    expect(afterLimit.filter((c) => c.at < limitedAt + 2000).length).toBeLessThanOrEqual(1); // the call already in flight
    expect(calls.filter((c) => c.key === 'k2')).toHaveLength(2);
    expect(calls.filter((c) => c.key === 'k2')[1]!.at).toBeGreaterThanOrEqual(limitedAt + 2000);
    expect(clock.sleeps.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(2000);
  });

  it('gives up on a transaction that stays rate-limited and reports it as failed', async () => {
    const clock = fakeClock();
    const summary = await runBulkRefresh(items(1), {
      concurrency: 1,
      clock,
      maxRateLimitRetries: 2,
      refresh: async () => ({ kind: 'rate-limited', retryAfterMs: 1000 }),
    });
    expect(summary).toMatchObject({
      done: 1,
      failed: 1,
      failures: [{ key: 'k0', message: expect.stringMatching(/429/) }],
    });
  });

  it('stops taking new transactions when cancelled and counts the ones left', async () => {
    const control = controlledRefresh();
    const abort = new AbortController();
    const run = runBulkRefresh(items(20), { concurrency: 2, refresh: control.refresh, signal: abort.signal });
    await control.flush();
    control.pending.shift()!.resolve({ kind: 'changed' });
    await control.flush();
    abort.abort();
    // Calls already sent finish and are counted; no new ones start.
    while (control.pending.length) control.pending.shift()!.resolve({ kind: 'unchanged' });
    const summary = await run;
    expect(summary).toMatchObject({ done: 3, changed: 1, unchanged: 2, cancelled: 17 });
    expect(control.maxActive()).toBe(2);
  });

  it('counts a refresh that throws as failed with its message', async () => {
    const summary = await runBulkRefresh(items(2), {
      concurrency: 4,
      refresh: async (item) => {
        if (item.key === 'k1') throw new Error('host unreachable');
        return { kind: 'changed' };
      },
    });
    expect(summary).toMatchObject({ changed: 1, failed: 1, failures: [{ key: 'k1', message: 'host unreachable' }] });
  });

  it('asks about the next transaction while earlier answers are still being written, and ends once all are', async () => {
    const asked: string[] = [];
    const writes: { key: string; finish: (o: SettledOutcome) => void }[] = [];
    const progress: RefreshProgress[] = [];
    const refresh = async (item: RefreshItem): Promise<RefreshOutcome> => {
      asked.push(item.key);
      const outcome = new Promise<SettledOutcome>((finish) => writes.push({ key: item.key, finish }));
      return { kind: 'recording', outcome };
    };
    let ended = false;
    const run = runBulkRefresh(items(3), { concurrency: 1, refresh, onProgress: (p) => progress.push(p) }).then(
      (summary) => {
        ended = true;
        return summary;
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    // One slot, yet all three were asked: none waited for the write before it.
    expect(asked).toEqual(['k0', 'k1', 'k2']);
    expect(progress.at(-1)).toMatchObject({ done: 0 });
    writes[1]!.finish({ kind: 'changed' });
    writes[0]!.finish({ kind: 'unchanged' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ended).toBe(false);
    expect(progress.at(-1)).toMatchObject({ done: 2, changed: 1, unchanged: 1 });
    writes[2]!.finish({ kind: 'failed', message: 'HTTP 500' });
    expect(await run).toMatchObject({ done: 3, changed: 1, unchanged: 1, failed: 1, cancelled: 0 });
  });

  it('counts an answer whose write fails as failed, with the reason', async () => {
    const summary = await runBulkRefresh(items(2), {
      concurrency: 2,
      refresh: async (item) => ({
        kind: 'recording',
        outcome:
          item.key === 'k1' ? Promise.reject(new Error('QuotaExceededError')) : Promise.resolve({ kind: 'changed' }),
      }),
    });
    expect(summary).toMatchObject({ changed: 1, failed: 1, failures: [{ key: 'k1', message: 'QuotaExceededError' }] });
  });

  it('holds the calls back while too many answers wait to be written', async () => {
    const asked: string[] = [];
    const writes: ((o: SettledOutcome) => void)[] = [];
    const refresh = async (item: RefreshItem): Promise<RefreshOutcome> => {
      asked.push(item.key);
      return { kind: 'recording', outcome: new Promise<SettledOutcome>((finish) => writes.push(finish)) };
    };
    const run = runBulkRefresh(items(10), { concurrency: 1, refresh });
    await new Promise((resolve) => setTimeout(resolve, 0));
    // A slot may have four answers waiting for the store; the fifth call waits for one of them.
    expect(asked).toHaveLength(4);
    writes[0]!({ kind: 'unchanged' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked).toHaveLength(5);
    for (let i = 1; i < 10; i++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      writes[i]!({ kind: 'unchanged' });
    }
    expect(await run).toMatchObject({ done: 10, unchanged: 10 });
  });
});
