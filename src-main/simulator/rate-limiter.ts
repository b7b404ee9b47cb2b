/** Token bucket per client id: `ratePerSecond` tokens a second, bursts up to one second's worth. */
export class RateLimiter {
  private buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly ratePerSecond: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Takes a token; returns 0 when allowed, otherwise the whole seconds to wait (for Retry-After). */
  take(key: string): number {
    if (this.ratePerSecond <= 0) return 0;
    const now = this.now();
    const capacity = Math.max(1, this.ratePerSecond);
    const bucket = this.buckets.get(key) ?? { tokens: capacity, at: now };
    bucket.tokens = Math.min(capacity, bucket.tokens + ((now - bucket.at) / 1000) * this.ratePerSecond);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.ratePerSecond));
  }
}
