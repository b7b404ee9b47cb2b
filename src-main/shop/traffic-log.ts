/**
 * One world's (or proxy session's) shop traffic: the newest MAX_TRAFFIC_ENTRIES entries, each with a seq
 * that only grows. Entries are kept as the capture point made them (raw, already-bounded pieces) and
 * masked the first time anyone reads them: a world nobody watches pays for a store into a ring and
 * nothing else, so recording stays on by default without slowing the world's answers.
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
/** Bytes an entry keeps (`storeBytes`) are cut from slabs this size; a larger piece gets its own buffer. */
const SLAB_BYTES = 64 * 1024;
/** Slabs no entry holds any more, kept for reuse (past these, a freed slab is left to the collector). */
const SPARE_SLABS = 4;

/** A slab and how many entries of the ring hold bytes in it. */
interface Slab {
  buffer: Buffer;
  holders: number;
}

/**
 * What a capture point hands the log: raw pieces that become the masked entry when it is first read.
 * A capture point that records rarely (the proxy, notifications) passes an object or a builder function;
 * one that records often (a world's calls) keeps its entries as bytes instead (`storeBytes`, `addBytes`).
 */
export type RecordedTraffic = { toEntry(seq: number): ShopTrafficEntry } | ((seq: number) => ShopTrafficEntry);

/** Reads an entry a capture point kept as bytes: one per capture point, shared by all its entries. */
export interface TrafficBytesReader {
  entryFromBytes(bytes: Buffer, seq: number): ShopTrafficEntry;
}

type Held = RecordedTraffic | ShopTrafficEntry | TrafficBytesReader;

const isRecorded = (held: Held): held is RecordedTraffic =>
  typeof held === 'function' || typeof (held as { toEntry?: unknown }).toEntry === 'function';

export class ShopTrafficLog {
  /** Off: capture points add nothing (they check `recording` before doing any work). */
  recording = true;
  /**
   * The ring, oldest at `start` once full; each place holds what was recorded until it is read, then
   * the masked entry (the raw pieces, unmasked, go as soon as it exists). Parallel arrays, no object per
   * entry: what the ring keeps alive is what every garbage collection has to move or mark, so an entry
   * kept as bytes is a reader shared by all (`held`), the slab its bytes are in (`slabs`), and two
   * integers; the bytes themselves are outside the JS heap.
   */
  private readonly held: Held[] = [];
  /** For an entry kept as bytes: the buffer they are in, else null. */
  private readonly slabs: Array<ArrayBufferLike | null> = [];
  private readonly offsets: number[] = [];
  private readonly lengths: number[] = [];
  /** The body bytes of the entry at the same place (the byte budget's measure). */
  private readonly sizes: number[] = [];
  private start = 0;
  private lastSeq = 0;
  private readonly listeners = new Set<(entry: ShopTrafficEntry) => void>();
  private readonly clearListeners = new Set<() => void>();

  private bytes = 0;
  /**
   * The slab pieces are being cut from, and every slab entries still hold bytes in. A slab nobody holds
   * is reused rather than a new one allocated: memory outside the JS heap still counts towards when V8
   * runs a full collection, so a recording world allocating a slab every few dozen calls made the
   * process collect its whole heap several times as often as a world that does not record.
   */
  private slab: Slab | null = null;
  private slabUsed = 0;
  private readonly slabsInUse = new Map<ArrayBufferLike, Slab>();
  private readonly spareSlabs: Buffer[] = [];

  constructor(
    private readonly capacity = MAX_TRAFFIC_ENTRIES,
    private readonly maxBytes = MAX_TRAFFIC_BYTES,
  ) {}

  /**
   * Adds one entry; a no-op while not recording. `bytes` is the size of the bodies it holds (the byte
   * budget's measure). Returns the seq, or 0.
   */
  add(recorded: RecordedTraffic, bytes = 0): number {
    return this.recording ? this.put(recorded, null, 0, 0, bytes) : 0;
  }

  /**
   * Adds one entry kept as `piece` (from `storeBytes`), which `reader` turns into the masked entry when
   * it is first read; a no-op while not recording. `bytes` is as for `add`. Returns the seq, or 0.
   */
  addBytes(reader: TrafficBytesReader, piece: Buffer, bytes: number): number {
    return this.recording ? this.put(reader, piece.buffer, piece.byteOffset, piece.length, bytes) : 0;
  }

  private put(held: Held, slab: ArrayBufferLike | null, offset: number, length: number, bytes: number): number {
    const seq = ++this.lastSeq;
    const inSlab = slab && this.slabsInUse.get(slab);
    if (inSlab) inSlab.holders++;
    let place: number;
    if (this.held.length < this.capacity) {
      place = this.held.push(held) - 1;
      this.slabs.push(slab);
      this.offsets.push(offset);
      this.lengths.push(length);
      this.sizes.push(bytes);
    } else {
      place = this.start;
      this.bytes -= this.sizes[place]!;
      this.release(place);
      this.held[place] = held;
      this.slabs[place] = slab;
      this.offsets[place] = offset;
      this.lengths[place] = length;
      this.sizes[place] = bytes;
      this.start = (this.start + 1) % this.capacity;
    }
    this.bytes += bytes;
    while (this.bytes > this.maxBytes && this.held.length > 1) {
      this.dropOldest();
      place = this.held.length - 1;
    }
    if (this.listeners.size) {
      const entry = this.entryAt(place, seq);
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

  /**
   * Room for `size` bytes an entry will keep until it is read or dropped. Pieces of one slab, not a buffer
   * each: a buffer is a few objects on the JS heap and a separate allocation, a piece is one small view
   * (dropped once `addBytes` has noted where it is). Entries leave the ring oldest first, so a slab is
   * freed once the entries cut from it have all gone.
   */
  storeBytes(size: number): Buffer {
    if (size > SLAB_BYTES / 8) return Buffer.allocUnsafeSlow(size);
    if (!this.slab || this.slabUsed + size > SLAB_BYTES) {
      const done = this.slab;
      const buffer = this.spareSlabs.pop() ?? Buffer.allocUnsafeSlow(SLAB_BYTES);
      this.slab = { buffer, holders: 0 };
      this.slabsInUse.set(buffer.buffer, this.slab);
      this.slabUsed = 0;
      if (done && done.holders === 0) this.reuse(done);
    }
    const piece = this.slab.buffer.subarray(this.slabUsed, this.slabUsed + size);
    this.slabUsed += size;
    return piece;
  }

  /** The entry at `place` no longer holds bytes in its slab (read and masked, or gone). */
  private release(place: number): void {
    const buffer = this.slabs[place];
    if (!buffer) return;
    this.slabs[place] = null;
    const slab = this.slabsInUse.get(buffer);
    // A piece too large for a slab has a buffer of its own, which the collector frees with the entry.
    if (slab && --slab.holders === 0 && slab !== this.slab) this.reuse(slab);
  }

  private reuse(slab: Slab): void {
    this.slabsInUse.delete(slab.buffer.buffer);
    if (this.spareSlabs.length < SPARE_SLABS) this.spareSlabs.push(slab.buffer);
  }

  /** The entries with seq > after, oldest first, at most `limit` (default and cap MAX_TRAFFIC_PAGE). */
  since(after = 0, limit = MAX_TRAFFIC_PAGE): ShopTrafficPage {
    const cap = Number.isInteger(limit) && limit > 0 ? Math.min(limit, MAX_TRAFFIC_PAGE) : MAX_TRAFFIC_PAGE;
    const from = Number.isFinite(after) && after > 0 ? after : 0;
    const entries: ShopTrafficEntry[] = [];
    const count = this.held.length;
    // Seqs are consecutive inside the ring, so the first place to read is found by arithmetic, not a scan.
    const oldest = this.lastSeq - count + 1;
    let index = Math.max(0, Math.floor(from) + 1 - oldest);
    for (; index < count && entries.length < cap; index++)
      entries.push(this.entryAt((this.start + index) % count, oldest + index));
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
    for (const ring of this.rings()) ring.length = 0;
    this.start = 0;
    this.bytes = 0;
    this.slab = null;
    this.slabsInUse.clear();
    for (const listener of this.clearListeners) {
      try {
        listener();
      } catch {
        // A failing viewer must not break the reset that cleared the log.
      }
    }
  }

  private rings(): unknown[][] {
    return [this.held, this.slabs, this.offsets, this.lengths, this.sizes];
  }

  /** The ring in order without its oldest entry (rare: only past the byte budget). */
  private dropOldest(): void {
    this.bytes -= this.sizes[this.start]!;
    this.release(this.start);
    for (const ring of this.rings()) {
      const inOrder = [...ring.slice(this.start), ...ring.slice(0, this.start)];
      inOrder.shift();
      ring.length = 0;
      ring.push(...inOrder);
    }
    this.start = 0;
  }

  get size(): number {
    return this.held.length;
  }

  /** The seq of the newest entry ever added (0 when none). */
  get latestSeq(): number {
    return this.lastSeq;
  }

  /** The masked entry at a place of the ring, built (and kept instead of the raw pieces) on first read. */
  private entryAt(place: number, seq: number): ShopTrafficEntry {
    const held = this.held[place]!;
    const slab = this.slabs[place];
    let entry: ShopTrafficEntry;
    if (slab)
      entry = (held as TrafficBytesReader).entryFromBytes(
        Buffer.from(slab, this.offsets[place], this.lengths[place]),
        seq,
      );
    else if (isRecorded(held)) entry = typeof held === 'function' ? held(seq) : held.toEntry(seq);
    else return held as ShopTrafficEntry;
    this.held[place] = entry;
    this.release(place);
    return entry;
  }
}
