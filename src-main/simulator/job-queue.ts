/**
 * A binary min-heap of jobs ordered by due time, then by insertion order (so jobs due at the same
 * instant run in the order they were scheduled). Push and pop are O(log n).
 *
 * The heap is kept as parallel arrays (due times and sequence numbers in Float64Arrays), not as one
 * object per job: a simulator holding 100,000 transactions has 100,000 jobs queued, and an object with
 * boxed numbers cost ~100 bytes each where this costs 32.
 *
 * Cancel is O(1): a cancelled job stays in the heap, remembered by its sequence number, and is skipped
 * when it reaches the top. When cancelled jobs outnumber live ones the heap is rebuilt without them, so
 * memory stays proportional to the live jobs and the rebuild's O(n) is paid at most once per n cancels.
 */

export interface QueuedJob<T> {
  readonly at: number;
  readonly seq: number;
  readonly value: T;
  /** What the job is about, passed back with it (lets one shared function serve many jobs). */
  readonly subject: unknown;
}

const INITIAL_CAPACITY = 64;

export class JobQueue<T> {
  private at = new Float64Array(INITIAL_CAPACITY);
  private seq = new Float64Array(INITIAL_CAPACITY);
  private values: T[] = [];
  private subjects: unknown[] = [];
  private length = 0;
  private nextSeq = 0;
  /** Sequence numbers below this were cleared: cancelling one of them is a no-op. */
  private clearedBelow = 0;
  private readonly cancelled = new Set<number>();

  /** Live (not cancelled) jobs. */
  get size(): number {
    return this.length - this.cancelled.size;
  }

  /** Queues a job; returns its sequence number, the handle `cancel` takes. */
  push(at: number, value: T, subject?: unknown): number {
    if (this.length === this.at.length) this.grow();
    const seq = this.nextSeq++;
    this.put(this.length, at, seq, value, subject);
    this.length += 1;
    this.siftUp(this.length - 1);
    return seq;
  }

  /** Cancels a job that is still queued (the caller knows: a job already popped must not be cancelled). */
  cancel(seq: number): void {
    if (seq < this.clearedBelow || seq >= this.nextSeq || this.cancelled.has(seq)) return;
    this.cancelled.add(seq);
    if (this.cancelled.size > 64 && this.cancelled.size * 2 > this.length) this.compact();
  }

  /** When the earliest live job is due, without building its record (undefined when none is queued). */
  peekAt(): number | undefined {
    this.dropCancelledTop();
    return this.length ? this.at[0] : undefined;
  }

  /** Removes and returns the earliest live job. */
  pop(): QueuedJob<T> | undefined {
    this.dropCancelledTop();
    if (!this.length) return undefined;
    const top = this.jobAt(0);
    this.removeTop();
    return top;
  }

  clear(): void {
    this.at = new Float64Array(INITIAL_CAPACITY);
    this.seq = new Float64Array(INITIAL_CAPACITY);
    this.values = [];
    this.subjects = [];
    this.length = 0;
    this.cancelled.clear();
    this.clearedBelow = this.nextSeq;
  }

  private jobAt(index: number): QueuedJob<T> {
    return { at: this.at[index]!, seq: this.seq[index]!, value: this.values[index]!, subject: this.subjects[index] };
  }

  private put(index: number, at: number, seq: number, value: T, subject: unknown): void {
    this.at[index] = at;
    this.seq[index] = seq;
    this.values[index] = value;
    this.subjects[index] = subject;
  }

  private move(from: number, to: number): void {
    this.put(to, this.at[from]!, this.seq[from]!, this.values[from]!, this.subjects[from]);
  }

  private grow(): void {
    const at = new Float64Array(this.at.length * 2);
    at.set(this.at);
    this.at = at;
    const seq = new Float64Array(this.seq.length * 2);
    seq.set(this.seq);
    this.seq = seq;
  }

  private dropCancelledTop(): void {
    while (this.length && this.cancelled.delete(this.seq[0]!)) this.removeTop();
  }

  private removeTop(): void {
    const last = this.length - 1;
    if (last > 0) this.move(last, 0);
    this.values.length = last;
    this.subjects.length = last;
    this.length = last;
    if (last > 0) this.siftDown(0);
  }

  private compact(): void {
    let kept = 0;
    for (let index = 0; index < this.length; index++) {
      if (this.cancelled.has(this.seq[index]!)) continue;
      if (kept !== index) this.move(index, kept);
      kept += 1;
    }
    this.values.length = kept;
    this.subjects.length = kept;
    this.length = kept;
    this.cancelled.clear();
    // Floyd's heapify: O(n).
    for (let index = (kept >> 1) - 1; index >= 0; index--) this.siftDown(index);
  }

  /** Whether the job at index a is due before the one at index b. */
  private before(a: number, b: number): boolean {
    const atA = this.at[a]!;
    const atB = this.at[b]!;
    return atA < atB || (atA === atB && this.seq[a]! < this.seq[b]!);
  }

  private swap(a: number, b: number): void {
    const { at, seq, values, subjects } = this;
    const atA = at[a]!;
    at[a] = at[b]!;
    at[b] = atA;
    const seqA = seq[a]!;
    seq[a] = seq[b]!;
    seq[b] = seqA;
    const valueA = values[a]!;
    values[a] = values[b]!;
    values[b] = valueA;
    const subjectA = subjects[a];
    subjects[a] = subjects[b];
    subjects[b] = subjectA;
  }

  private siftUp(start: number): void {
    let index = start;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!this.before(index, parent)) break;
      this.swap(index, parent);
      index = parent;
    }
  }

  private siftDown(start: number): void {
    let index = start;
    for (;;) {
      const left = 2 * index + 1;
      if (left >= this.length) break;
      const right = left + 1;
      const child = right < this.length && this.before(right, left) ? right : left;
      if (!this.before(child, index)) break;
      this.swap(index, child);
      index = child;
    }
  }
}
