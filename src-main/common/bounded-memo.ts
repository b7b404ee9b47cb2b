/**
 * Values of a pure function remembered by key, for inputs that come back call after call (a profile's base
 * URL, a list of secrets). Past `limit` keys every one is forgotten at once: a flood of one-off keys cannot
 * grow it for ever.
 */
export class BoundedMemo<T> {
  private readonly known = new Map<string, T>();

  constructor(private readonly limit: number) {}

  /** The value remembered for `key`, or `compute()`'s, remembered from now on. */
  get(key: string, compute: () => T): T {
    if (this.known.has(key)) return this.known.get(key)!;
    const value = compute();
    if (this.known.size >= this.limit) this.known.clear();
    this.known.set(key, value);
    return value;
  }
}
