/**
 * Main's record (architecture rule 12): one append-only journal, `<userData>/record/record.jsonl`, of every
 * gateway exchange and every notification delivery, each with a sequence number that only grows. What is
 * written is what already left main for the renderer (masked), never more.
 *
 * Crash safety: each entry is one JSON line written with one write(2) on an O_APPEND descriptor before the
 * call that made it answers, so a process killed with SIGKILL loses nothing it had answered (the kernel
 * keeps the written bytes; only a power cut needs fsync, which would cost too much per exchange). A line
 * cut short by a crash is detected on the next read, skipped and counted, and never breaks the rest.
 *
 * Several processes may share one user-data folder (the console and a CLI run): appends and rewrites
 * take a lock file, and each process picks up what the others appended (or a file they rewrote) before
 * it numbers, reads or rewrites.
 *
 * The first line is a header naming the journal and the lowest seq the next entry may take, so numbers
 * are never given twice even after retention dropped every entry.
 */
import { randomUUID } from 'node:crypto';
import {
  closeSync,
  fstatSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { recordEntrySchema, type RecordEntry, type RecordHead, type ShopReset } from '@shared/contract/record';
import type { DeliveryRecord } from '@shared/contract/notifications';
import type { Exchange } from '@shared/exchange';
import type { ShopTrafficEntry } from '@shared/shop/traffic';
import { withFileLock } from './file-lock';

export const RECORD_DIR = 'record';
export const RECORD_FILE = 'record.jsonl';
const LOCK_FILE = 'record.lock';
const READ_CHUNK = 1024 * 1024;
/** A page of `since` stops past this many bytes of entries (at least one entry is always returned). */
const PAGE_BYTES = 4 * 1024 * 1024;
const DAY_MS = 86_400_000;
const NEWLINE = 0x0a;

export type RecordDraft =
  | { kind: 'exchange'; exchange: Exchange }
  | { kind: 'notification'; delivery: DeliveryRecord }
  | { kind: 'shop'; shop: ShopTrafficEntry }
  | { kind: 'shopReset'; shopReset: ShopReset };

/** Where an entry is in the file, and what retention and forgetting need to know without reading it. */
interface EntryMeta {
  seq: number;
  offset: number;
  length: number;
  atMs: number;
  /** Entries of one transaction share it (retention counts transactions, like History). */
  transactionKey: string;
  profileId: string | null;
  /** The world of a shop entry (`shop`), and the world a `shopReset` forgets (`resets`); null for others. */
  shopWorld: string | null;
  resets: string | null;
}

export interface RecordPage {
  entries: RecordEntry[];
  next: number;
  head: number;
  journalId: string;
  done: boolean;
}

export interface RetentionLimits {
  maxAgeDays: number | null;
  maxCount: number | null;
}

const TRANSACTION_IN_URL = /\/payments\/([A-Za-z0-9_-]+)\//;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * What the index needs from one parsed line, or null when it is not an entry. Only the fields the index
 * reads are checked here (loading stays fast); `since` validates each entry whole before it leaves.
 */
function metaOf(value: unknown, offset: number, length: number): EntryMeta | null {
  if (!isObject(value)) return null;
  const seq = value.seq;
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq <= 0) return null;
  if (value.kind === 'exchange' && isObject(value.exchange)) {
    const exchange = value.exchange;
    const timings = isObject(exchange.timings) ? exchange.timings : {};
    const profileId = text(exchange.profileId);
    const transactionId =
      text(exchange.transactionID) ??
      TRANSACTION_IN_URL.exec(text(exchange.url) ?? '')?.[1] ??
      text(exchange.merchantTransactionId);
    return {
      seq,
      offset,
      length,
      atMs: Date.parse(text(timings.startedAt) ?? '') || 0,
      transactionKey: transactionId === null ? `entry:${seq}` : `${profileId ?? ''}:${transactionId}`,
      profileId,
      shopWorld: null,
      resets: null,
    };
  }
  if (value.kind === 'notification' && isObject(value.delivery)) {
    const delivery = value.delivery;
    const profileId = text(delivery.profileId);
    const notification = isObject(delivery.notification) ? delivery.notification : {};
    const transactionId = text(notification.transactionId);
    return {
      seq,
      offset,
      length,
      atMs: Date.parse(text(delivery.receivedAt) ?? '') || 0,
      transactionKey: transactionId === null ? `entry:${seq}` : `${profileId ?? ''}:${transactionId}`,
      profileId,
      shopWorld: null,
      resets: null,
    };
  }
  if (value.kind === 'shop' && isObject(value.shop)) {
    const shop = value.shop;
    // A shop's entries belong to no profile: they are its world's, and age with the rest of History.
    const transactionId = text(shop.transactionID) ?? text(shop.merchantTransactionId);
    const worldId = text(shop.worldId) ?? '';
    return {
      seq,
      offset,
      length,
      atMs: Date.parse(text(shop.receivedAt) ?? text(shop.sentAt) ?? '') || 0,
      transactionKey: transactionId === null ? `entry:${seq}` : `shop:${worldId}:${transactionId}`,
      profileId: null,
      shopWorld: worldId,
      resets: null,
    };
  }
  if (value.kind === 'shopReset' && isObject(value.shopReset)) {
    // Its own "transaction" for retention; applyRetention drops it only with the entries it hides.
    return {
      seq,
      offset,
      length,
      atMs: Date.parse(text(value.shopReset.at) ?? '') || 0,
      transactionKey: `entry:${seq}`,
      profileId: null,
      shopWorld: null,
      resets: text(value.shopReset.worldId) ?? '',
    };
  }
  return null;
}

/**
 * A world's reset hides that world's earlier entries from everyone who reads the record (the Traffic view,
 * a History rebuilt from it). Retention counts a reset as a transaction of its own and keeps the newest
 * transactions, so it can drop a reset while an earlier entry of that world stays (one whose transaction
 * key was seen again after the reset): that entry would show again. Whatever a dropped reset hid goes
 * with it; nothing that shows today is dropped by this.
 */
function dropWhatDroppedResetsHid(entries: readonly EntryMeta[], drop: Set<number>): void {
  const worlds = new Set<string>();
  for (let at = entries.length - 1; at >= 0; at -= 1) {
    const meta = entries[at] as EntryMeta;
    if (meta.resets !== null && drop.has(meta.seq)) worlds.add(meta.resets);
    else if (meta.shopWorld !== null && worlds.has(meta.shopWorld)) drop.add(meta.seq);
  }
}

function headerOf(value: unknown): { id: string; seqFloor: number } | null {
  if (!isObject(value) || !isObject(value.journal)) return null;
  const { id, seqFloor } = value.journal;
  if (typeof id !== 'string' || id === '' || id.length > 100) return null;
  if (typeof seqFloor !== 'number' || !Number.isSafeInteger(seqFloor) || seqFloor < 0) return null;
  return { id, seqFloor };
}

function writeAll(fd: number, bytes: Buffer): void {
  let written = 0;
  while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
}

export class RecordJournal {
  readonly path: string;
  private readonly lockPath: string;
  private fd = -1;
  private inode = -1;
  /** Bytes of the file read into the index so far (always at a line boundary). */
  private known = 0;
  private journalId = '';
  /** No entry may take a seq at or below this (the header's floor, numbers spent, a replaced file's). */
  private floor = 0;
  private index: EntryMeta[] = [];
  /** Lines that are not entries: kept in the file, skipped, counted. */
  private unreadable: Array<{ offset: number; length: number }> = [];
  /** Entries whose line parsed but did not pass the contract when read (counted once each). */
  private readonly invalidSeqs = new Set<number>();
  /** The file ends in a line cut short: the next append starts on a fresh line. */
  private tornTail = false;

  private constructor(dir: string) {
    this.path = join(dir, RECORD_FILE);
    this.lockPath = join(dir, LOCK_FILE);
  }

  /** Opens (creating if needed) the journal in `dir` (`<userData>/record`) and indexes what is there. */
  static open(dir: string): RecordJournal {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const journal = new RecordJournal(dir);
    withFileLock(journal.lockPath, () => journal.refresh(true));
    return journal;
  }

  private get lastSeq(): number {
    return Math.max(this.floor, this.index.at(-1)?.seq ?? 0);
  }

  /** Lines that could not be read since the journal was opened (a torn last line, an edited line). */
  get unreadableLines(): number {
    return this.unreadable.length + this.invalidSeqs.size;
  }

  head(): RecordHead {
    this.refresh(false);
    return {
      journalId: this.journalId,
      head: this.lastSeq,
      entries: this.index.length,
      unreadableLines: this.unreadableLines,
    };
  }

  /**
   * Appends one entry and returns it with its seq, once its line is in the file (one write(2)). Throws
   * when the line could not be written; the seq it would have had is then never given to another entry.
   */
  append(draft: RecordDraft): RecordEntry {
    return withFileLock(this.lockPath, () => {
      this.refresh(true);
      const seq = this.lastSeq + 1;
      const entry = { seq, ...draft } as RecordEntry;
      const line = Buffer.from(`${JSON.stringify(entry)}\n`);
      const lead = this.known === 0 ? this.headerLine(this.lastSeq) : this.tornTail ? Buffer.from('\n') : null;
      const bytes = lead ? Buffer.concat([lead, line]) : line;
      // The number is spent before the write: a write that fails halfway must not share it with the next.
      this.floor = seq;
      try {
        writeAll(this.fd, bytes);
      } catch (error) {
        // What reached the file is unknown: read from here on the next call, as another process would.
        this.tornTail = true;
        throw error;
      }
      const offset = this.known + (lead?.length ?? 0);
      this.known += bytes.length;
      this.tornTail = false;
      const meta = metaOf(entry, offset, line.length - 1);
      if (meta) this.index.push(meta);
      return entry;
    });
  }

  /** Entries with a seq above `after`, oldest first: at most `limit`, and about PAGE_BYTES of them. */
  since(after: number, limit: number): RecordPage {
    this.refresh(false);
    let start = this.firstAbove(after);
    const entries: RecordEntry[] = [];
    let next = after;
    let bytes = 0;
    while (start < this.index.length && entries.length < limit && bytes < PAGE_BYTES) {
      // Read the run of entries that fits the page with one read: they follow one another in the file.
      let end = start;
      while (end < this.index.length && end - start < limit - entries.length && bytes < PAGE_BYTES) {
        bytes += (this.index[end] as EntryMeta).length + 1;
        end += 1;
      }
      const first = this.index[start] as EntryMeta;
      const last = this.index[end - 1] as EntryMeta;
      const buffer = Buffer.alloc(last.offset + last.length - first.offset);
      readSync(this.fd, buffer, 0, buffer.length, first.offset);
      for (let at = start; at < end; at += 1) {
        const meta = this.index[at] as EntryMeta;
        next = meta.seq;
        const entry = this.parseEntry(
          buffer.toString('utf8', meta.offset - first.offset, meta.offset - first.offset + meta.length),
        );
        if (entry && entry.seq === meta.seq) entries.push(entry);
        else this.invalidSeqs.add(meta.seq);
      }
      start = end;
    }
    return { entries, next, head: this.lastSeq, journalId: this.journalId, done: start >= this.index.length };
  }

  /**
   * History's retention applied to the journal: drops entries older than `maxAgeDays` (by the exchange's
   * start or the delivery's receipt, as History ages its rows) and all but the newest `maxCount`
   * transactions. Seqs of the kept entries do not change. Returns how many entries were dropped.
   */
  applyRetention(limits: RetentionLimits, now = Date.now()): number {
    return this.rewriteWithout((entries) => {
      const drop = new Set<number>();
      if (limits.maxAgeDays !== null) {
        const cutoff = now - limits.maxAgeDays * DAY_MS;
        for (const meta of entries) if (meta.atMs < cutoff) drop.add(meta.seq);
      }
      if (limits.maxCount !== null) {
        // The newest transactions are those last seen: walk back until maxCount of them are kept.
        const kept = new Set<string>();
        for (let at = entries.length - 1; at >= 0; at -= 1) {
          const meta = entries[at] as EntryMeta;
          if (drop.has(meta.seq)) continue;
          if (!kept.has(meta.transactionKey) && kept.size >= limits.maxCount) drop.add(meta.seq);
          else kept.add(meta.transactionKey);
        }
      }
      dropWhatDroppedResetsHid(entries, drop);
      return drop;
    });
  }

  /** Drops every entry of the given profiles (a Sandbox reset forgets the Sandbox's calls and deliveries). */
  forgetProfiles(profileIds: ReadonlySet<string>): number {
    return this.rewriteWithout(
      (entries) =>
        new Set(entries.filter((meta) => meta.profileId !== null && profileIds.has(meta.profileId)).map((m) => m.seq)),
    );
  }

  close(): void {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
  }

  private parseEntry(line: string): RecordEntry | null {
    try {
      const parsed = recordEntrySchema.safeParse(JSON.parse(line));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  private headerLine(seqFloor: number): Buffer {
    this.journalId ||= randomUUID();
    return Buffer.from(`${JSON.stringify({ journal: { id: this.journalId, seqFloor } })}\n`);
  }

  private firstAbove(after: number): number {
    let low = 0;
    let high = this.index.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.index[middle] as EntryMeta).seq > after) high = middle;
      else low = middle + 1;
    }
    return low;
  }

  /**
   * Brings the index up to the file: reopens it when another process replaced it (a rewrite), reads what
   * others appended. `final` (under the lock, or at open) also treats an unfinished last line as torn:
   * no writer can be in the middle of it then.
   */
  private refresh(final: boolean): void {
    let fileInode: number;
    try {
      fileInode = statSync(this.path).ino;
    } catch {
      fileInode = -2;
    }
    if (this.fd < 0 || fileInode !== this.inode) this.reopen();
    const size = fstatSync(this.fd).size;
    if (size < this.known) this.reopen();
    this.readFrom(this.known, fstatSync(this.fd).size, final);
  }

  private reopen(): void {
    this.close();
    this.fd = openSync(this.path, 'a+', 0o600);
    this.inode = fstatSync(this.fd).ino;
    this.known = 0;
    // Numbers this process has seen stay spent, whatever the new file holds.
    this.floor = this.lastSeq;
    this.index = [];
    this.unreadable = [];
    this.tornTail = false;
  }

  private readFrom(from: number, size: number, final: boolean): void {
    let position = from;
    let pending = Buffer.alloc(0);
    let pendingStart = from;
    const chunk = Buffer.alloc(READ_CHUNK);
    while (position < size) {
      const read = readSync(this.fd, chunk, 0, Math.min(READ_CHUNK, size - position), position);
      if (read === 0) break;
      position += read;
      const data = pending.length ? Buffer.concat([pending, chunk.subarray(0, read)]) : chunk.subarray(0, read);
      let lineStart = 0;
      for (let newline = data.indexOf(NEWLINE); newline >= 0; newline = data.indexOf(NEWLINE, lineStart)) {
        this.takeLine(data, lineStart, newline, pendingStart + lineStart);
        lineStart = newline + 1;
      }
      pending = Buffer.from(data.subarray(lineStart));
      pendingStart += lineStart;
    }
    this.known = pendingStart;
    if (pending.length > 0 && final) {
      // Cut short by a crash: counted, kept in the file, and the next entry starts on its own line.
      this.unreadable.push({ offset: pendingStart, length: pending.length });
      this.known = pendingStart + pending.length;
      this.tornTail = true;
    }
  }

  private takeLine(data: Buffer, start: number, end: number, offset: number): void {
    if (end === start) return;
    let value: unknown;
    try {
      value = JSON.parse(data.toString('utf8', start, end));
    } catch {
      value = undefined;
    }
    const header = offset === 0 ? headerOf(value) : null;
    if (header) {
      this.journalId = header.id;
      this.floor = Math.max(this.floor, header.seqFloor);
      return;
    }
    const meta = metaOf(value, offset, end - start);
    // Numbers only grow: a line out of order was not written by this journal and is not trusted.
    if (meta && meta.seq > (this.index.at(-1)?.seq ?? 0)) this.index.push(meta);
    else this.unreadable.push({ offset, length: end - start });
  }

  /** Rewrites the file without the entries `choose` names, in one rename (a crash leaves old or new, whole). */
  private rewriteWithout(choose: (entries: readonly EntryMeta[]) => Set<number>): number {
    return withFileLock(this.lockPath, () => {
      this.refresh(true);
      const drop = choose(this.index);
      if (drop.size === 0) return 0;
      const parts: Buffer[] = [this.headerLine(this.lastSeq)];
      const keptLines = [...this.unreadable, ...this.index.filter((meta) => !drop.has(meta.seq))].sort(
        (a, b) => a.offset - b.offset,
      );
      for (const { offset, length } of keptLines) {
        const line = Buffer.alloc(length + 1, NEWLINE);
        readSync(this.fd, line, 0, length, offset);
        parts.push(line);
      }
      // Synchronous on purpose: the lock is held, and another process must never see a half-made file.
      const temporary = `${this.path}.${process.pid}.tmp`;
      try {
        writeFileSync(temporary, Buffer.concat(parts), { mode: 0o600 });
        const fd = openSync(temporary, 'r');
        fsyncSync(fd);
        closeSync(fd);
        renameSync(temporary, this.path);
      } catch (error) {
        try {
          unlinkSync(temporary);
        } catch {
          // Never created.
        }
        throw error;
      }
      this.refresh(true);
      return drop.size;
    });
  }
}
