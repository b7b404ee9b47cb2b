/**
 * The simulator's persisted state: one append-only journal of JSON lines in a file of its own.
 *
 * Each change appends the new version of what changed (a transaction, a delivery, the clock offset),
 * so the cost of a request does not grow with the number of transactions stored. Lines are written
 * with one synchronous write() per batch, before the HTTP answer that reports them leaves: a process
 * killed at any moment (kill -9) leaves every answered change in the file, at worst followed by part
 * of one line, which the reader drops. When superseded lines outnumber live records the journal is
 * compacted: the live state is written to a temporary file, flushed to disk and renamed over the
 * journal, so a crash mid-compaction leaves the old journal whole.
 */
import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { MAX_JSON_DEPTH, valueDepthExceeds } from '../common/json-depth';
import type { Delivery } from './notifier';
import {
  decodeTransaction,
  encodeTransaction,
  fromFormerRecord,
  type EncodedTransaction,
  type StoredTransaction,
} from './stored-transaction';
import { WORLD_SHOPPER_OUTCOMES, WORLD_STEP_OUTCOMES, type Transaction, type WorldShopper } from './transactions';

const FORMAT = 'gateway-simulator-state';
const VERSION = 1;
/** Superseded lines tolerated before a compaction, beyond as many as there are live records. */
const COMPACT_SLACK = 10_000;
/** Lines per write() while compacting: bounded memory, few system calls. */
const COMPACT_BATCH = 2_000;
/**
 * Status-query counts are written with the next change, or within a second of the query: one
 * write per status answer cost more than the answer (and, spread over a hundred worlds' files, far more).
 * A crash may forget the last moment's counts; every transaction change is still on disk before its answer.
 */
export const QUERY_COUNT_WRITE_DELAY_MS = 1_000;
const READ_CHUNK = 1 << 20;
/**
 * The longest line read. The simulator's records are a few KB (a transaction with a 4,000-character
 * description, a delivery with its attempts); a longer line is set aside unread, not parsed.
 */
const MAX_LINE_BYTES = 8 << 20;
/** Far beyond any test's clock moves, and every simulated instant stays one a Date can hold. */
const MAX_CLOCK_OFFSET_MS = 1e15;
/** A delivery nests its notification payload about 4 levels deep, a transaction 3. */
const MAX_RECORD_DEPTH = MAX_JSON_DEPTH;

/** What the simulator's identity was: a restarted standalone simulator keeps its credentials. */
export interface PersistedConfig {
  clientId: string;
  terminals: Array<{ terminalId: string; variant: 'A' | 'B'; token: string }>;
}

export type { StoredTransaction };

export interface LoadedState {
  config: PersistedConfig | null;
  clockOffsetMs: number;
  transactions: StoredTransaction[];
  deliveries: Delivery[];
  /** The world's shopper as last set (null: never set, a passive shopper). */
  shopper: WorldShopper | null;
  /** Lines that could not be read (each kept out of the state, the file backed up first). */
  problems: string[];
  /** The journal holds records in a former, larger shape: rewrite it at once. */
  rewrite: boolean;
}

type Line =
  | { k: 'header'; format: string; version: number }
  | { k: 'config'; v: PersistedConfig }
  | { k: 'clock'; offsetMs: number }
  /** A transaction (positional record: stored-transaction.ts). */
  | { k: 't'; v: EncodedTransaction }
  /** A transaction in the former object shape, read only. */
  | { k: 'tx'; v: unknown }
  | { k: 'q'; id: string; n: number }
  | { k: 'd'; v: Delivery }
  /** The world's shopper (control API `POST /shopper`). */
  | { k: 'shopper'; v: WorldShopper };

/** Everything the journal needs from the running simulator to write a compact copy of its state. */
export interface StateSnapshot {
  config(): PersistedConfig;
  clockOffsetMs(): number;
  transactions(): Iterable<Transaction>;
  deliveries(): Iterable<Delivery>;
  shopper(): WorldShopper;
  /** Live records: transactions + deliveries. */
  size(): number;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const DELIVERY_STATES: ReadonlySet<unknown> = new Set(['scheduled', 'delivered', 'retrying', 'gave-up']);

const isAttempt = (value: unknown): boolean =>
  isObject(value) &&
  typeof value.at === 'string' &&
  (value.httpStatus === null || typeof value.httpStatus === 'number') &&
  typeof value.acknowledged === 'boolean' &&
  typeof value.verdict === 'string';

/**
 * Every field, as the console's contract (`simulatorDeliverySchema`) will check it: one record that got
 * past here with a wrong field would make the whole delivery log fail there instead of being set aside.
 */
function isDelivery(value: unknown): value is Delivery {
  if (!isObject(value)) return false;
  return (
    typeof value.notificationID === 'string' &&
    typeof value.transactionID === 'string' &&
    typeof value.paymentStatus === 'string' &&
    typeof value.url === 'string' &&
    typeof value.duplicate === 'boolean' &&
    DELIVERY_STATES.has(value.state) &&
    typeof value.firstAt === 'string' &&
    (value.nextAttemptAt === null || typeof value.nextAttemptAt === 'string') &&
    Array.isArray(value.attempts) &&
    value.attempts.every(isAttempt) &&
    isObject(value.payload)
  );
}

function isShopper(value: unknown): value is WorldShopper {
  return (
    isObject(value) &&
    (value.outcome === null || (WORLD_SHOPPER_OUTCOMES as readonly unknown[]).includes(value.outcome)) &&
    (value.step === null || (WORLD_STEP_OUTCOMES as readonly unknown[]).includes(value.step))
  );
}

function isConfig(value: unknown): value is PersistedConfig {
  return (
    isObject(value) &&
    typeof value.clientId === 'string' &&
    Array.isArray(value.terminals) &&
    value.terminals.every(
      (terminal) =>
        isObject(terminal) &&
        typeof terminal.terminalId === 'string' &&
        (terminal.variant === 'A' || terminal.variant === 'B') &&
        typeof terminal.token === 'string',
    )
  );
}

const deliveryKey = (delivery: Delivery): string => `${delivery.notificationID}/${delivery.duplicate ? 2 : 1}`;

const lineOf = (line: Line): string => `${JSON.stringify(line)}\n`;

interface ReadResult extends LoadedState {
  /** Bytes up to the end of the last complete line (what to keep when the tail was torn). */
  intactBytes: number;
  totalBytes: number;
  lines: number;
}

function readJournal(path: string): ReadResult {
  const result: ReadResult = {
    config: null,
    clockOffsetMs: 0,
    transactions: [],
    deliveries: [],
    shopper: null,
    problems: [],
    rewrite: false,
    intactBytes: 0,
    totalBytes: 0,
    lines: 0,
  };
  if (!existsSync(path)) return result;
  // Maps keep the position of a record's first line and the content of its last one.
  const transactions = new Map<string, StoredTransaction>();
  const deliveries = new Map<string, Delivery>();
  let lineNumber = 0;
  const counts = { former: 0 };
  const skipLine = (why: string) => {
    lineNumber += 1;
    result.lines += 1;
    result.problems.push(`line ${lineNumber} ${why}`);
  };
  const readLine = (text: string) => {
    lineNumber += 1;
    if (text.trim() === '') return;
    result.lines += 1;
    let line: Line;
    try {
      line = JSON.parse(text) as Line;
    } catch {
      result.problems.push(`line ${lineNumber} is not JSON`);
      return;
    }
    // A record nested this deep is no record the simulator wrote, and every recursive step after the
    // parse (JSON.stringify of the delivery log, structured clone) would overflow the stack on it.
    if (valueDepthExceeds(line, MAX_RECORD_DEPTH)) {
      result.problems.push(`line ${lineNumber} is nested deeper than ${MAX_RECORD_DEPTH} levels`);
      return;
    }
    switch (line?.k) {
      case 'header':
        if (line.format !== FORMAT || line.version !== VERSION)
          // What the header says instead is not quoted: it is the file's text, not ours.
          throw new Error(`${path} is not a version-${VERSION} simulator state file.`);
        break;
      case 'config':
        if (isConfig(line.v)) result.config = line.v;
        else result.problems.push(`line ${lineNumber}: malformed configuration`);
        break;
      case 'clock':
        if (typeof line.offsetMs === 'number' && Math.abs(line.offsetMs) <= MAX_CLOCK_OFFSET_MS)
          result.clockOffsetMs = line.offsetMs;
        else result.problems.push(`line ${lineNumber}: malformed clock offset`);
        break;
      case 't':
      case 'tx': {
        const stored = line.k === 't' ? decodeTransaction(line.v) : fromFormerRecord(line.v);
        if (stored) transactions.set(stored.id, stored);
        else result.problems.push(`line ${lineNumber}: malformed transaction`);
        // Records in the former, larger shape: the journal is rewritten once, compactly.
        if (line.k === 'tx') counts.former += 1;
        break;
      }
      case 'q': {
        const known = transactions.get(line.id);
        if (known && typeof line.n === 'number') known.statusQueries = line.n;
        break;
      }
      case 'shopper':
        if (isShopper(line.v)) result.shopper = { outcome: line.v.outcome, step: line.v.step };
        else result.problems.push(`line ${lineNumber}: malformed shopper`);
        break;
      case 'd':
        if (isDelivery(line.v)) deliveries.set(deliveryKey(line.v), line.v);
        else result.problems.push(`line ${lineNumber}: malformed delivery`);
        break;
      default:
        result.problems.push(`line ${lineNumber}: unknown record`);
    }
  };
  // Read in chunks rather than whole: at 100k transactions the file is ~100 MB. A line's bytes are joined
  // once, when its newline arrives, and only the new chunk is searched for it: joining and re-searching
  // the carried part at every chunk made one 256 MB line take more than 30 s (quadratic).
  const fd = openSync(path, 'r');
  try {
    const chunk = Buffer.allocUnsafe(READ_CHUNK);
    let pieces: Buffer[] = [];
    /** Bytes of the line being read so far (past MAX_LINE_BYTES they are counted, no longer kept). */
    let lineBytes = 0;
    let offset = 0;
    for (;;) {
      const read = readSync(fd, chunk, 0, READ_CHUNK, offset);
      if (read === 0) break;
      offset += read;
      const data = chunk.subarray(0, read);
      let start = 0;
      for (let end = data.indexOf(10, start); end >= 0; end = data.indexOf(10, start)) {
        lineBytes += end - start;
        if (lineBytes > MAX_LINE_BYTES) skipLine(`is longer than ${MAX_LINE_BYTES} bytes`);
        else if (pieces.length === 0) readLine(data.toString('utf8', start, end));
        else readLine(Buffer.concat([...pieces, data.subarray(start, end)]).toString('utf8'));
        pieces = [];
        lineBytes = 0;
        start = end + 1;
      }
      // What follows the last newline waits for the next chunk (copied: `chunk` is reused).
      lineBytes += read - start;
      if (lineBytes > MAX_LINE_BYTES) pieces = [];
      else if (start < read) pieces.push(Buffer.from(data.subarray(start)));
    }
    result.totalBytes = offset;
    // No newline after the last bytes: a write cut short by a crash. Everything before it stands.
    result.intactBytes = offset - lineBytes;
  } finally {
    closeSync(fd);
  }
  result.transactions = [...transactions.values()];
  result.deliveries = [...deliveries.values()];
  result.rewrite = counts.former > 0;
  return result;
}

export class SimulatorStateFile {
  private fd: number;
  private readonly dirtyTransactions = new Set<Transaction>();
  private readonly dirtyQueries = new Set<Transaction>();
  private readonly dirtyDeliveries = new Set<Delivery>();
  private dirtyClock: number | undefined;
  private flushScheduled = false;
  private queryCountTimer: NodeJS.Timeout | undefined;
  /** Lines in the journal now; compared with the live records to decide on a compaction. */
  private lines: number;
  private snapshot: StateSnapshot | undefined;
  /** Write failures (disk full…), newest last; the changes stay queued and are retried. */
  readonly problems: string[] = [];
  /** Told on every change queued, so the server can flush exactly the journals that have some. */
  onPending: (() => void) | undefined;

  private constructor(
    readonly path: string,
    lines: number,
  ) {
    this.lines = lines;
    this.fd = openSync(path, 'a', 0o600);
  }

  /**
   * Reads the journal (a missing file is an empty state) and opens it for appending. A torn last line
   * is cut off first, so new lines never join it.
   */
  static open(path: string): { file: SimulatorStateFile; loaded: LoadedState } {
    mkdirSync(dirname(path), { recursive: true });
    rmSync(`${path}.compact.tmp`, { force: true });
    const read = readJournal(path);
    if (read.intactBytes < read.totalBytes) {
      const fd = openSync(path, 'r+');
      try {
        ftruncateSync(fd, read.intactBytes);
      } finally {
        closeSync(fd);
      }
    }
    if (read.problems.length > 0) {
      // The unreadable lines are dropped from the state at the next compaction; keep them first.
      const backup = `${path}.unreadable-${new Date().toISOString().replace(/[:.]/g, '-')}.bak`;
      copyFileSync(path, backup);
      read.problems.unshift(`The simulator state ${path} had unreadable lines (a copy is kept as ${backup}):`);
    }
    const file = new SimulatorStateFile(path, read.lines);
    if (read.lines === 0) file.append([{ k: 'header', format: FORMAT, version: VERSION }]);
    const { config, clockOffsetMs, transactions, deliveries, shopper, problems, rewrite } = read;
    return { file, loaded: { config, clockOffsetMs, transactions, deliveries, shopper, problems, rewrite } };
  }

  /** Gives the journal what it needs to compact; compacts at once if the file is mostly superseded lines. */
  attach(snapshot: StateSnapshot, compactNow = false): void {
    this.snapshot = snapshot;
    if (compactNow || this.lines > 2 * snapshot.size() + COMPACT_SLACK) this.compact();
  }

  transactionChanged(transaction: Transaction): void {
    this.dirtyTransactions.add(transaction);
    this.scheduleFlush();
  }

  statusQueried(transaction: Transaction): void {
    this.dirtyQueries.add(transaction);
    if (this.queryCountTimer !== undefined) return;
    this.queryCountTimer = setTimeout(() => {
      this.queryCountTimer = undefined;
      if (this.fd >= 0) this.flush(true);
    }, QUERY_COUNT_WRITE_DELAY_MS);
    this.queryCountTimer.unref();
  }

  deliveryChanged(delivery: Delivery): void {
    this.dirtyDeliveries.add(delivery);
    this.scheduleFlush();
  }

  clockChanged(offsetMs: number): void {
    this.dirtyClock = offsetMs;
    this.scheduleFlush();
  }

  configChanged(config: PersistedConfig): void {
    this.append([{ k: 'config', v: config }]);
  }

  /** Written at once: a control call, rare, and answered only once it is on disk. */
  shopperChanged(shopper: WorldShopper): void {
    this.append([{ k: 'shopper', v: shopper }]);
  }

  /**
   * Writes every pending change in one append. Cheap when nothing changed; called before each HTTP
   * answer and, for changes made by clock jobs and notification attempts, on the next turn of the loop.
   */
  flush(withQueryCounts = false): void {
    if (!this.hasPending() && !(withQueryCounts && this.dirtyQueries.size > 0)) return;
    // Serialised now, not when marked: a request changes a transaction in several steps.
    const lines: Line[] = [];
    if (this.dirtyClock !== undefined) lines.push({ k: 'clock', offsetMs: this.dirtyClock });
    for (const transaction of this.dirtyTransactions) lines.push({ k: 't', v: encodeTransaction(transaction) });
    for (const transaction of this.dirtyQueries)
      if (!this.dirtyTransactions.has(transaction))
        lines.push({ k: 'q', id: transaction.id, n: transaction.statusQueries });
    for (const delivery of this.dirtyDeliveries) lines.push({ k: 'd', v: delivery });
    if (!this.append(lines)) return;
    this.dirtyTransactions.clear();
    this.dirtyQueries.clear();
    this.dirtyDeliveries.clear();
    this.dirtyClock = undefined;
    if (this.snapshot && this.lines > 2 * this.snapshot.size() + COMPACT_SLACK) this.compact();
  }

  /** Whether changes are queued that must be in the file before the next answer (query counts wait). */
  hasPending(): boolean {
    return this.dirtyTransactions.size > 0 || this.dirtyDeliveries.size > 0 || this.dirtyClock !== undefined;
  }

  /** Replaces the journal with the (now empty) live state: the Sandbox reset. */
  reset(): void {
    this.dirtyTransactions.clear();
    this.dirtyQueries.clear();
    this.dirtyDeliveries.clear();
    this.dirtyClock = undefined;
    this.compact();
  }

  close(): void {
    clearTimeout(this.queryCountTimer);
    this.flush(true);
    closeSync(this.fd);
    this.fd = -1;
  }

  private scheduleFlush(): void {
    this.onPending?.();
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      if (this.fd >= 0) this.flush();
    });
  }

  private append(lines: Line[]): boolean {
    if (this.fd < 0 || lines.length === 0) return true;
    try {
      writeSync(this.fd, lines.map(lineOf).join(''));
      this.lines += lines.length;
      return true;
    } catch (error) {
      this.problems.push(`Could not write the simulator state to ${this.path}: ${(error as Error).message}`);
      if (this.problems.length > 20) this.problems.shift();
      return false;
    }
  }

  /** Writes the live state to a temporary file, syncs it, and renames it over the journal. */
  private compact(): void {
    const snapshot = this.snapshot;
    if (!snapshot || this.fd < 0) return;
    const temporary = `${this.path}.compact.tmp`;
    const out = openSync(temporary, 'w', 0o600);
    let written = 0;
    try {
      let batch: string[] = [];
      const put = (line: Line) => {
        batch.push(lineOf(line));
        written += 1;
        if (batch.length >= COMPACT_BATCH) {
          writeSync(out, batch.join(''));
          batch = [];
        }
      };
      put({ k: 'header', format: FORMAT, version: VERSION });
      put({ k: 'config', v: snapshot.config() });
      put({ k: 'clock', offsetMs: snapshot.clockOffsetMs() });
      const shopper = snapshot.shopper();
      if (shopper.outcome !== null || shopper.step !== null) put({ k: 'shopper', v: shopper });
      for (const transaction of snapshot.transactions()) put({ k: 't', v: encodeTransaction(transaction) });
      for (const delivery of snapshot.deliveries()) put({ k: 'd', v: delivery });
      if (batch.length) writeSync(out, batch.join(''));
      fsyncSync(out);
    } catch (error) {
      closeSync(out);
      rmSync(temporary, { force: true });
      this.problems.push(`Could not compact the simulator state ${this.path}: ${(error as Error).message}`);
      return;
    }
    closeSync(out);
    renameSync(temporary, this.path);
    closeSync(this.fd);
    this.fd = openSync(this.path, 'a', 0o600);
    this.lines = written;
  }
}
