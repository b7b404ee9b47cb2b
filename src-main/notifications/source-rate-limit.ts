/**
 * Counts events per source (remote address) in a fixed window and says when a source is over its
 * allowance. Used for refused deliveries only: anyone on the machine can post to the receiver, but only
 * the gateway can post authentic notifications, so those are never limited.
 */
export class SourceRateLimit {
  private readonly counts = new Map<string, number>();
  private windowStart = 0;
  private suppressedTotal = 0;

  constructor(
    private readonly perWindow: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one event from `source`; false when the source is over its allowance in this window. */
  allow(source: string): boolean {
    const now = this.now();
    if (now - this.windowStart >= this.windowMs) {
      this.counts.clear();
      this.windowStart = now;
    }
    const count = (this.counts.get(source) ?? 0) + 1;
    this.counts.set(source, count);
    if (count <= this.perWindow) return true;
    this.suppressedTotal += 1;
    return false;
  }

  /** Events refused since start. */
  get suppressed(): number {
    return this.suppressedTotal;
  }
}
