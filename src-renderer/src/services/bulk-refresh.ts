import type { ConsoleError } from '@shared/result';
import type { Exchange } from '@shared/exchange';
/**
 * A bounded pool for refreshing many transactions' statuses. Status queries are reads (safe to repeat),
 * so a 429 puts the item back and pauses the *whole pool* for Retry-After: every worker would otherwise
 * keep hitting a gateway that just asked us to slow down.
 */

export interface RefreshItem {
  key: string;
  transactionId: string;
  profileId: string;
}

export type SettledOutcome =
  | { kind: 'changed' | 'unchanged' }
  /**
   * `text`: main's refusal by text id; `said`: the gateway answer's summary by text id; `rateLimitedWaits`:
   * gave up after this many 429 waits (all for the screen's language).
   */
  | {
      kind: 'failed';
      message: string;
      text?: ConsoleError['text'];
      said?: Exchange['said'];
      rateLimitedWaits?: number;
    };

export type RefreshOutcome =
  | SettledOutcome
  | { kind: 'rate-limited'; retryAfterMs: number }
  /**
   * The answer is in but still being recorded: its slot takes the next transaction at once, and the item
   * counts when `outcome` settles (the run ends only after every one has).
   */
  | { kind: 'recording'; outcome: Promise<SettledOutcome> };

export interface RefreshProgress {
  total: number;
  done: number;
  changed: number;
  unchanged: number;
  failed: number;
  /** Epoch ms until which the pool waits for a 429's Retry-After, or null. */
  pausedUntil: number | null;
}

export interface RefreshSummary extends RefreshProgress {
  /** Items never attempted because the run was cancelled. */
  cancelled: number;
  rateLimitPauses: number;
  failures: {
    key: string;
    message: string;
    text?: ConsoleError['text'];
    said?: Exchange['said'];
    rateLimitedWaits?: number;
  }[];
}

export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    }),
};

export interface BulkRefreshOptions {
  concurrency: number;
  refresh: (item: RefreshItem) => Promise<RefreshOutcome>;
  onProgress?: (progress: RefreshProgress) => void;
  signal?: AbortSignal;
  clock?: Clock;
  /** An item rate-limited more often than this counts as failed (a gateway that never recovers). */
  maxRateLimitRetries?: number;
}

export const DEFAULT_CONCURRENCY = 8;

export async function runBulkRefresh(
  items: readonly RefreshItem[],
  options: BulkRefreshOptions,
): Promise<RefreshSummary> {
  const clock = options.clock ?? realClock;
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const maxRetries = options.maxRateLimitRetries ?? 5;
  const queue = [...items];
  const retries = new Map<string, number>();
  const progress: RefreshProgress = {
    total: items.length,
    done: 0,
    changed: 0,
    unchanged: 0,
    failed: 0,
    pausedUntil: null,
  };
  const failures: RefreshSummary['failures'] = [];
  let rateLimitPauses = 0;
  const report = () => options.onProgress?.({ ...progress });
  const cancelled = () => options.signal?.aborted === true;

  const waitWhilePaused = async () => {
    while (progress.pausedUntil !== null && !cancelled()) {
      const left = progress.pausedUntil - clock.now();
      if (left <= 0) {
        progress.pausedUntil = null;
        report();
        break;
      }
      await clock.sleep(left, options.signal);
    }
  };

  const settle = (item: RefreshItem, outcome: SettledOutcome) => {
    progress.done++;
    progress[outcome.kind]++;
    if (outcome.kind === 'failed') {
      const { kind: _kind, ...failure } = outcome;
      failures.push({ key: item.key, ...failure });
    }
    report();
  };

  // Answers still being recorded; bounded, so a store slower than the gateway holds the calls back.
  const recording = new Set<Promise<void>>();
  const maxRecording = concurrency * 4;
  const track = (item: RefreshItem, outcome: Promise<SettledOutcome>) => {
    const done = outcome.then(
      (settled) => settle(item, settled),
      (error: unknown) => settle(item, failure(error)),
    );
    recording.add(done);
    void done.then(() => recording.delete(done));
  };

  const worker = async () => {
    for (;;) {
      await waitWhilePaused();
      while (recording.size >= maxRecording) await Promise.race(recording);
      if (cancelled()) return;
      const item = queue.shift();
      if (!item) return;
      let outcome: RefreshOutcome;
      try {
        outcome = await options.refresh(item);
      } catch (error) {
        outcome = failure(error);
      }
      if (outcome.kind === 'recording') {
        track(item, outcome.outcome);
        continue;
      }
      if (outcome.kind !== 'rate-limited') {
        settle(item, outcome);
        continue;
      }
      const attempt = (retries.get(item.key) ?? 0) + 1;
      retries.set(item.key, attempt);
      if (attempt > maxRetries) {
        settle(item, {
          kind: 'failed',
          message: `Still rate-limited (HTTP 429) after ${maxRetries} waits`,
          rateLimitedWaits: maxRetries,
        });
        continue;
      }
      const until = clock.now() + Math.max(0, outcome.retryAfterMs);
      if (progress.pausedUntil === null || until > progress.pausedUntil) {
        if (progress.pausedUntil === null) rateLimitPauses++;
        progress.pausedUntil = until;
        report();
      }
      queue.unshift(item);
    }
  };

  report();
  await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(1, items.length)) }, worker));
  while (recording.size) await Promise.all(recording);
  return {
    ...progress,
    pausedUntil: null,
    cancelled: items.length - progress.done,
    rateLimitPauses,
    failures,
  };
}

const failure = (error: unknown): SettledOutcome => ({
  kind: 'failed',
  message: error instanceof Error ? error.message : String(error),
});
