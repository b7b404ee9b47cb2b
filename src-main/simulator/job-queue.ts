/**
 * A binary min-heap of jobs ordered by due time, then by insertion order (so jobs due at the same
 * instant run in the order they were scheduled). Push and pop are O(log n); cancel is O(1): a
 * cancelled job stays in the heap, marked, and is skipped when it reaches the top. When cancelled
 * jobs outnumber live ones the heap is rebuilt without them, so memory stays proportional to the
 * live jobs and the rebuild's O(n) is paid at most once per n cancellations.
 */

export interface QueuedJob<T> {
  readonly at: number;
  readonly seq: number;
  readonly value: T;
  cancelled: boolean;
}

export class JobQueue<T> {
  private heap: Array<QueuedJob<T>> = [];
  private nextSeq = 0;
  private cancelledCount = 0;

  /** Live (not cancelled) jobs. */
  get size(): number {
    return this.heap.length - this.cancelledCount;
  }

  push(at: number, value: T): QueuedJob<T> {
    const job: QueuedJob<T> = { at, seq: this.nextSeq++, value, cancelled: false };
    this.heap.push(job);
    this.siftUp(this.heap.length - 1);
    return job;
  }

  cancel(job: QueuedJob<T>): void {
    if (job.cancelled) return;
    job.cancelled = true;
    this.cancelledCount += 1;
    if (this.cancelledCount > 64 && this.cancelledCount * 2 > this.heap.length) this.compact();
  }

  /** The earliest live job, without removing it. */
  peek(): QueuedJob<T> | undefined {
    this.dropCancelledTop();
    return this.heap[0];
  }

  /** Removes and returns the earliest live job. */
  pop(): QueuedJob<T> | undefined {
    this.dropCancelledTop();
    return this.removeTop();
  }

  clear(): void {
    for (const job of this.heap) job.cancelled = true;
    this.heap = [];
    this.cancelledCount = 0;
  }

  private dropCancelledTop(): void {
    while (this.heap[0]?.cancelled) {
      this.removeTop();
      this.cancelledCount -= 1;
    }
  }

  private removeTop(): QueuedJob<T> | undefined {
    const top = this.heap[0];
    const last = this.heap.pop();
    if (top === undefined || last === undefined) return undefined;
    if (this.heap.length > 0) {
      this.heap[0] = last;
      this.siftDown(0);
    }
    return top;
  }

  private compact(): void {
    this.heap = this.heap.filter((job) => !job.cancelled);
    this.cancelledCount = 0;
    // Floyd's heapify: O(n).
    for (let index = (this.heap.length >> 1) - 1; index >= 0; index--) this.siftDown(index);
  }

  private before(a: QueuedJob<T>, b: QueuedJob<T>): boolean {
    return a.at < b.at || (a.at === b.at && a.seq < b.seq);
  }

  private siftUp(start: number): void {
    const heap = this.heap;
    let index = start;
    const job = heap[index]!;
    while (index > 0) {
      const parentIndex = (index - 1) >> 1;
      const parent = heap[parentIndex]!;
      if (!this.before(job, parent)) break;
      heap[index] = parent;
      index = parentIndex;
    }
    heap[index] = job;
  }

  private siftDown(start: number): void {
    const heap = this.heap;
    const length = heap.length;
    let index = start;
    const job = heap[index]!;
    for (;;) {
      const left = 2 * index + 1;
      if (left >= length) break;
      const right = left + 1;
      const child = right < length && this.before(heap[right]!, heap[left]!) ? right : left;
      if (!this.before(heap[child]!, job)) break;
      heap[index] = heap[child]!;
      index = child;
    }
    heap[index] = job;
  }
}
