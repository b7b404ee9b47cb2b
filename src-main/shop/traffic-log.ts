/**
 * One world's (or proxy session's) shop traffic: the newest MAX_TRAFFIC_ENTRIES entries, each with a seq
 * that only grows. Entries are kept as the capture point made them (a builder closure over raw,
 * already-bounded pieces) and masked the first time anyone reads them: a world nobody watches pays for a
 * push into a ring and nothing else, so recording stays on by default without slowing the world's answers.
 * A subscriber (the live Traffic view) gets each entry masked as it is added.
 */
import type { ShopTrafficEntry, ShopTrafficPage } from '@shared/shop/traffic';

export const MAX_TRAFFIC_ENTRIES = 10_000;
/**
 * What a world's log may hold in bodies, all entries together: each body is cut at 64 KiB, but 10,000 of
 * them would still be 1 GB a hostile shop could make a world keep. Past it, the oldest entries go first.
 */
export const MAX_TRAFFIC_BYTES = 32 * 1024 * 1024;
/** A page is at most this long, whatever `limit` asks. */
export const MAX_TRAFFIC_PAGE = 1_000;

type Build = (seq: number) => ShopTrafficEntry;

interface Slot {
  seq: number;
  bytes: number;
  build: Build | null;
  entry: ShopTrafficEntry | null;
}

export class ShopTrafficLog {
  /** Off: capture points add nothing (they check `recording` before doing any work). */
  recording = true;
  private readonly slots: Slot[] = [];
  /** Index in `slots` of the oldest entry once the ring is full. */
  private start = 0;
  private lastSeq = 0;
  private readonly listeners = new Set<(entry: ShopTrafficEntry) => void>();
  private readonly clearListeners = new Set<() => void>();

  private bytes = 0;

  constructor(
    private readonly capacity = MAX_TRAFFIC_ENTRIES,
    private readonly maxBytes = MAX_TRAFFIC_BYTES,
  ) {}

  /**
   * Adds one entry (built with its seq); a no-op while not recording. `bytes` is the size of the bodies it
   * holds (the byte budget's measure). Returns the seq, or 0.
   */
  add(build: Build, bytes = 0): number {
    if (!this.recording) return 0;
    const seq = ++this.lastSeq;
    const slot: Slot = { seq, bytes, build, entry: null };
    if (this.slots.length < this.capacity) this.slots.push(slot);
    else {
      this.bytes -= this.slots[this.start]!.bytes;
      this.slots[this.start] = slot;
      this.start = (this.start + 1) % this.capacity;
    }
    this.bytes += bytes;
    while (this.bytes > this.maxBytes && this.slots.length > 1) this.dropOldest();
    if (this.listeners.size) {
      const entry = this.materialise(slot);
      for (const listener of this.listeners) {
        try {
          listener(entry);
        } catch {
          // A failing viewer must not break the world's answer; it misses nothing it can't re-read with since().
        }
      }
    }
    return seq;
  }

  /** The entries with seq > after, oldest first, at most `limit` (default and cap MAX_TRAFFIC_PAGE). */
  since(after = 0, limit = MAX_TRAFFIC_PAGE): ShopTrafficPage {
    const cap = Number.isInteger(limit) && limit > 0 ? Math.min(limit, MAX_TRAFFIC_PAGE) : MAX_TRAFFIC_PAGE;
    const from = Number.isFinite(after) && after > 0 ? after : 0;
    const entries: ShopTrafficEntry[] = [];
    const count = this.slots.length;
    // Seqs are consecutive inside the ring, so the first slot to read is found by arithmetic, not a scan.
    const oldest = count ? this.slots[this.start]!.seq : this.lastSeq + 1;
    let index = Math.max(0, Math.floor(from) + 1 - oldest);
    for (; index < count && entries.length < cap; index++)
      entries.push(this.materialise(this.slots[(this.start + index) % count]!));
    const nextCursor = entries.length ? entries[entries.length - 1]!.seq : Math.max(from, oldest - 1);
    return { entries, nextCursor: Math.min(nextCursor, this.lastSeq), hasMore: index < count };
  }

  /** Live entries as they are added; returns the unsubscribe. */
  subscribe(listener: (entry: ShopTrafficEntry) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Told each time the log is cleared (a world reset, `DELETE <control>/traffic`); returns the unsubscribe. */
  onCleared(listener: () => void): () => void {
    this.clearListeners.add(listener);
    return () => this.clearListeners.delete(listener);
  }

  /** Forgets the entries; seqs go on (a reader's cursor stays valid). */
  clear(): void {
    this.slots.length = 0;
    this.start = 0;
    this.bytes = 0;
    for (const listener of this.clearListeners) {
      try {
        listener();
      } catch {
        // A failing viewer must not break the reset that cleared the log.
      }
    }
  }

  /** The ring in order without its oldest entry (rare: only past the byte budget). */
  private dropOldest(): void {
    const ordered = [...this.slots.slice(this.start), ...this.slots.slice(0, this.start)];
    this.bytes -= ordered.shift()!.bytes;
    this.slots.length = 0;
    this.slots.push(...ordered);
    this.start = 0;
  }

  get size(): number {
    return this.slots.length;
  }

  /** The seq of the newest entry ever added (0 when none). */
  get latestSeq(): number {
    return this.lastSeq;
  }

  private materialise(slot: Slot): ShopTrafficEntry {
    if (!slot.entry) {
      slot.entry = slot.build!(slot.seq);
      // The raw pieces (unmasked) go as soon as the masked entry exists.
      slot.build = null;
    }
    return slot.entry;
  }
}
