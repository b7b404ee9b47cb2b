import type { ExchangeClassification } from '@shared/exchange';

export interface RetryOptions {
  /** Retries after the first attempt (status queries only). */
  maxRetries: number;
  /** First backoff delay; doubles per retry, with ±50 % jitter. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A 429's Retry-After longer than this is not waited for. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryOptions = {
  maxRetries: 2,
  baseDelayMs: 300,
  maxDelayMs: 5_000,
  maxRetryAfterMs: 30_000,
};

/** Retry-After is either delta-seconds or an HTTP date. Returns milliseconds, or null when absent/invalid. */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export interface AttemptOutcome {
  classification: ExchangeClassification;
  httpStatus: number | null;
  retryAfter?: string;
}

/**
 * How long to wait before retrying a *read* (status query), or null for "do not retry".
 * Only transient conditions qualify: transport failures, 5xx, statusCode 999 and 429
 * (which waits as long as Retry-After asks, up to the cap). Everything else is an answer.
 */
export function retryDelay(
  outcome: AttemptOutcome,
  retryIndex: number,
  options: RetryOptions,
  random: () => number = Math.random,
): number | null {
  if (retryIndex >= options.maxRetries) return null;
  const backoff = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** retryIndex) * (0.5 + random());
  if (outcome.httpStatus === 429) {
    const asked = parseRetryAfter(outcome.retryAfter);
    if (asked === null) return Math.round(backoff);
    return asked <= options.maxRetryAfterMs ? asked : null;
  }
  const transient =
    outcome.classification === 'network' ||
    outcome.classification === 'timeout' ||
    outcome.classification === 'retry-advised' ||
    (outcome.httpStatus !== null && outcome.httpStatus >= 500);
  return transient ? Math.round(backoff) : null;
}
