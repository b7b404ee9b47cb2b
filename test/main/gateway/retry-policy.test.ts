import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY, parseRetryAfter, retryDelay } from '../../../src-main/gateway/retry-policy';

const half = () => 0.5; // jitter factor 1.0

describe('status-query retry policy', () => {
  it('retries transport failures, 5xx and 999 with doubling backoff, at most twice', () => {
    const network = { classification: 'network' as const, httpStatus: null };
    expect(retryDelay(network, 0, DEFAULT_RETRY, half)).toBe(300);
    expect(retryDelay(network, 1, DEFAULT_RETRY, half)).toBe(600);
    expect(retryDelay(network, 2, DEFAULT_RETRY, half)).toBeNull();
    expect(retryDelay({ classification: 'http-error', httpStatus: 503 }, 0, DEFAULT_RETRY, half)).toBe(300);
    expect(retryDelay({ classification: 'retry-advised', httpStatus: 200 }, 0, DEFAULT_RETRY, half)).toBe(300);
  });

  it('jitter spreads the delay between half and one and a half of the backoff', () => {
    const network = { classification: 'timeout' as const, httpStatus: null };
    expect(retryDelay(network, 0, DEFAULT_RETRY, () => 0)).toBe(150);
    expect(retryDelay(network, 0, DEFAULT_RETRY, () => 0.999)).toBe(450);
  });

  it('does not retry answers: 4xx, gateway errors, ok', () => {
    for (const outcome of [
      { classification: 'http-error' as const, httpStatus: 401 },
      { classification: 'gateway-error' as const, httpStatus: 200 },
      { classification: 'ok' as const, httpStatus: 200 },
    ])
      expect(retryDelay(outcome, 0, DEFAULT_RETRY, half)).toBeNull();
  });

  it('429 waits for Retry-After up to 30 s and gives up beyond', () => {
    const limited = (retryAfter: string) => ({ classification: 'http-error' as const, httpStatus: 429, retryAfter });
    expect(retryDelay(limited('2'), 0, DEFAULT_RETRY, half)).toBe(2000);
    expect(retryDelay(limited('30'), 0, DEFAULT_RETRY, half)).toBe(30_000);
    expect(retryDelay(limited('31'), 0, DEFAULT_RETRY, half)).toBeNull();
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('5', now)).toBe(5000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });
});
