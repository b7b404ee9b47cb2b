/**
 * The receiver's append-only journal: one JSON line per delivery in `<userData>/notifications/`,
 * written and fsync'd BEFORE the delivery is acknowledged, so an acknowledged notification is never
 * lost. File mode 0600 (it holds payment data, though no secret and no card data: the receiver redacts
 * first). Lines that cannot be read are counted and left in place. The files are rewritten only when a
 * reset of the Sandbox forgets its deliveries (`forget`): the rest, unreadable lines included, is written
 * to a new file that replaces the old one in one rename, so a crash leaves one or the other, whole.
 * Size is budgeted: past `maxFileBytes` the file is rotated to `deliveries.1.jsonl` (the previous
 * rotation is dropped), so the journal holds at most about twice the budget on disk and in memory.
 */
import { chmod, mkdir, open, readFile, rename, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { deliveryRecordSchema, type DeliveryRecord } from '@shared/contract/notifications';
import { writeFileAtomic } from '../common/atomic-write';
import { MAX_JSON_DEPTH, valueDepthExceeds } from '../common/json-depth';

export type DeliveryDraft = Omit<DeliveryRecord, 'seq' | 'duplicate' | 'duplicateOfSeq'>;

export interface JournalPage {
  records: DeliveryRecord[];
  nextCursor: number;
  hasMore: boolean;
}

export const JOURNAL_FILE = 'deliveries.jsonl';
export const ROTATED_JOURNAL_FILE = 'deliveries.1.jsonl';
const DEFAULT_MAX_FILE_BYTES = 32 * 1024 * 1024;
/** A record holds the notification's fields two levels below its own (record → notification → field). */
const MAX_RECORD_DEPTH = MAX_JSON_DEPTH + 4;

export interface JournalOptions {
  /** Size past which the journal file is rotated (default 32 MiB). */
  maxFileBytes?: number;
}

export class DeliveryJournal {
  private readonly records: DeliveryRecord[] = [];
  /** notificationID → seq of the first accepted delivery carrying it. */
  private readonly firstAccepted = new Map<string, number>();
  private lastSeq = 0;
  private unreadable = 0;
  /** Set after a failed write: the next line starts on a fresh line so a torn one cannot swallow it. */
  private startWithNewline = false;
  private queue: Promise<unknown> = Promise.resolve();
  /** Bytes in the current file. */
  private fileBytes = 0;
  /** Index in `records` of the first record of the current file (those before it are in the rotated one). */
  private currentStart = 0;
  /** The lines that could not be read, as found, per file: kept when `forget` rewrites the files. */
  private unreadableRotated: string[] = [];
  private unreadableCurrent: string[] = [];

  private constructor(
    readonly path: string,
    private readonly rotatedPath: string,
    private handle: FileHandle,
    private readonly maxFileBytes: number,
  ) {}

  /** Opens (creating if needed) the journal in `dir` and loads what is already there. */
  static async open(dir: string, options: JournalOptions = {}): Promise<DeliveryJournal> {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const path = join(dir, JOURNAL_FILE);
    const handle = await open(path, 'a+', 0o600);
    // A journal created by an older build or copied in may be wider; it holds payment data.
    await chmod(path, 0o600);
    const journal = new DeliveryJournal(
      path,
      join(dir, ROTATED_JOURNAL_FILE),
      handle,
      options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
    );
    const rotated = await readFile(journal.rotatedPath, 'utf8').catch(() => '');
    journal.unreadableRotated = journal.load(rotated);
    journal.currentStart = journal.records.length;
    const text = await readFile(path, 'utf8');
    journal.unreadableCurrent = journal.load(text);
    journal.fileBytes = Buffer.byteLength(text);
    journal.startWithNewline = text.length > 0 && !text.endsWith('\n');
    return journal;
  }

  /** Moves the current file aside (dropping the older rotation) and starts a new one. */
  private async rotate(): Promise<void> {
    await this.handle.close();
    await rename(this.path, this.rotatedPath);
    this.handle = await open(this.path, 'a+', 0o600);
    this.records.splice(0, this.currentStart);
    this.currentStart = this.records.length;
    this.unreadableRotated = this.unreadableCurrent;
    this.unreadableCurrent = [];
    this.fileBytes = 0;
    this.startWithNewline = false;
  }

  /** Loads the readable lines of one file; returns those that could not be read. */
  private load(text: string): string[] {
    const unreadable: string[] = [];
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        parsed = undefined;
      }
      // A record nested past what the receiver can write (a notification's depth is capped before it is
      // parsed) was edited in: set aside like any unreadable line, or it would fail every page it is on.
      const record = valueDepthExceeds(parsed, MAX_RECORD_DEPTH) ? null : deliveryRecordSchema.safeParse(parsed);
      if (record?.success) this.remember(record.data);
      else {
        this.unreadable += 1;
        unreadable.push(line);
      }
    }
    return unreadable;
  }

  private remember(record: DeliveryRecord): void {
    this.records.push(record);
    this.lastSeq = Math.max(this.lastSeq, record.seq);
    const id = record.notification?.notificationId;
    if (record.verdict === 'accepted' && id !== undefined && !this.firstAccepted.has(id)) {
      this.firstAccepted.set(id, record.seq);
    }
  }

  /**
   * Assigns the next seq, flags a duplicate (same notificationID as an earlier accepted delivery),
   * writes the line and syncs it to disk. Appends run one at a time, so concurrent deliveries of the
   * same notification cannot both look like the first. Rejects if the line could not be made durable.
   */
  append(draft: DeliveryDraft): Promise<DeliveryRecord> {
    const run = this.queue.then(() => this.write(draft));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async write(draft: DeliveryDraft): Promise<DeliveryRecord> {
    const id = draft.notification?.notificationId;
    const firstSeq = draft.verdict === 'accepted' && id !== undefined ? this.firstAccepted.get(id) : undefined;
    // The seq is consumed even if the write fails: a half-written line must never share it with the next.
    this.lastSeq += 1;
    const record: DeliveryRecord = {
      ...draft,
      seq: this.lastSeq,
      duplicate: firstSeq !== undefined,
      duplicateOfSeq: firstSeq ?? null,
    };
    if (this.fileBytes > 0 && this.fileBytes + Buffer.byteLength(JSON.stringify(record)) > this.maxFileBytes)
      await this.rotate();
    const line = `${this.startWithNewline ? '\n' : ''}${JSON.stringify(record)}\n`;
    try {
      await this.handle.write(line);
      await this.handle.datasync();
    } catch (error) {
      this.startWithNewline = true;
      throw error;
    }
    this.fileBytes += Buffer.byteLength(line);
    this.startWithNewline = false;
    this.remember(record);
    return record;
  }

  /**
   * Drops every record `test` matches (a Sandbox reset forgets the Sandbox's deliveries, so the journal,
   * its count and the lists built from it agree with the emptied History). Seqs are never reused: the next
   * delivery still gets a higher one. Resolves with how many records were dropped.
   */
  forget(test: (record: DeliveryRecord) => boolean): Promise<number> {
    const run = this.queue.then(() => this.rewriteWithout(test));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async rewriteWithout(test: (record: DeliveryRecord) => boolean): Promise<number> {
    const rotated = this.records.slice(0, this.currentStart).filter((record) => !test(record));
    const current = this.records.slice(this.currentStart).filter((record) => !test(record));
    const dropped = this.records.length - rotated.length - current.length;
    if (dropped === 0) return 0;
    const text = (unreadable: string[], records: DeliveryRecord[]) =>
      [...unreadable, ...records.map((record) => JSON.stringify(record))].map((line) => `${line}\n`).join('');
    const rotatedText = text(this.unreadableRotated, rotated);
    if (rotatedText !== '' || this.currentStart > 0) await writeFileAtomic(this.rotatedPath, rotatedText);
    const currentText = text(this.unreadableCurrent, current);
    await this.handle.close();
    await writeFileAtomic(this.path, currentText);
    this.handle = await open(this.path, 'a+', 0o600);
    this.fileBytes = Buffer.byteLength(currentText);
    this.startWithNewline = false;
    this.records.splice(0, this.records.length, ...rotated, ...current);
    this.currentStart = rotated.length;
    this.firstAccepted.clear();
    for (const record of this.records) {
      const id = record.notification?.notificationId;
      if (record.verdict === 'accepted' && id !== undefined && !this.firstAccepted.has(id))
        this.firstAccepted.set(id, record.seq);
    }
    return dropped;
  }

  /** Records with seq > after, oldest first. */
  list(after = 0, limit = 100): JournalPage {
    const start = this.records.findIndex((record) => record.seq > after);
    const page = start < 0 ? [] : this.records.slice(start, start + limit);
    const last = page.at(-1);
    return {
      records: page,
      nextCursor: last ? last.seq : after,
      hasMore: start >= 0 && start + limit < this.records.length,
    };
  }

  /** The newest record `test` accepts (the journal is in seq order). */
  findLast(test: (record: DeliveryRecord) => boolean): DeliveryRecord | undefined {
    for (let index = this.records.length - 1; index >= 0; index -= 1) {
      const record = this.records[index] as DeliveryRecord;
      if (test(record)) return record;
    }
    return undefined;
  }

  get(seq: number): DeliveryRecord | undefined {
    return this.records.find((record) => record.seq === seq);
  }

  get size(): number {
    return this.records.length;
  }

  get unreadableLines(): number {
    return this.unreadable;
  }

  async close(): Promise<void> {
    await this.queue;
    await this.handle.close();
  }
}
