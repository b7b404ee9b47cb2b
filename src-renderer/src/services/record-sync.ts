/**
 * Keeps History an index of main's record (architecture rule 12). On start, and whenever the host comes back,
 * it reads the journal from the last seq this browser holds; a browser that holds nothing of this journal
 * (a new origin, a cleared browser, another user-data folder) reads it from the start, reporting progress.
 * Entries pushed live (`record.appended`) are applied in seq order: one that arrives ahead of a gap waits
 * for the catch-up to fill it. Applying is idempotent (exchanges and deliveries dedup by id), so an entry
 * seen twice — pushed and read — is harmless, and the cursor only moves past entries that are stored.
 */
import type { ConsoleApi } from '@shared/contract';
import type { DeliveryRecord } from '@shared/contract/notifications';
import type { RecordEntry } from '@shared/contract/record';
import type { Exchange } from '@shared/exchange';
import { exchangeOfShopCall } from '@shared/shop/shop-exchange';
import type { RecordCursor } from '../db/record-cursor';

export interface RecordProgress {
  /** Entries read so far in this catch-up. */
  done: number;
  /** Entries the journal had above the cursor when the catch-up began (it may grow meanwhile). */
  total: number;
  /** True when History is rebuilt from the start of the journal (nothing of it was here). */
  rebuilding: boolean;
}

export interface RecordSyncOptions {
  api: Pick<ConsoleApi, 'record.head' | 'record.since' | 'on'>;
  cursor: { get(): Promise<RecordCursor | null>; set(cursor: RecordCursor): Promise<void> };
  /** Stores a run of exchanges (in order) in History; must be idempotent per exchange id. */
  storeExchanges(exchanges: Exchange[]): Promise<void>;
  /** Hands a delivery to the notifications' own handling (idempotent per delivery). */
  storeNotification(delivery: DeliveryRecord): Promise<void>;
  /** A shop world was reset: its calls kept before record seq `beforeSeq` leave History (idempotent). */
  forgetShopWorld(worldId: string, beforeSeq: number): Promise<void>;
  /** While a catch-up reads many entries, and `null` once it is over. */
  onProgress?(progress: RecordProgress | null): void;
  /** Bumps lists after entries were stored. */
  onStored?(): void;
  onError?(error: unknown): void;
  pageSize?: number;
}

export interface RecordSync {
  start(): Promise<void>;
  /** Reads the journal from the cursor; concurrent calls share one run. */
  catchUp(): Promise<void>;
  stop(): void;
}

/** Catch-ups shorter than this many entries show no progress (they are over at once). */
const PROGRESS_FROM = 500;
/**
 * The first page of a catch-up is small: its rows are being stored while main reads the next page,
 * instead of a thousand entries crossing over (and being parsed) before anything is stored.
 */
const FIRST_PAGE = 200;

export function createRecordSync(options: RecordSyncOptions): RecordSync {
  const { api, cursor } = options;
  const pageSize = options.pageSize ?? 1000;
  let current: RecordCursor | null = null;
  let unsubscribe: (() => void) | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  /** Live entries that arrived ahead of the cursor, applied once the gap before them is filled. */
  const waiting = new Map<number, RecordEntry>();
  // One writer at a time: pages and pushes must not interleave their cursor moves.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(job: () => Promise<T>): Promise<T> => {
    const run = queue.then(job, job);
    queue = run.catch(() => undefined);
    return run;
  };

  async function apply(entries: RecordEntry[], journalId: string): Promise<void> {
    let run: Exchange[] = [];
    const flush = async () => {
      if (run.length) await options.storeExchanges(run);
      run = [];
    };
    for (const entry of entries) {
      if (entry.kind === 'exchange') run.push(entry.exchange);
      else if (entry.kind === 'shop') {
        // The shop's calls join History marked "from the shop"; its notifications live in the Traffic view.
        const exchange = entry.shop.kind === 'call' ? exchangeOfShopCall(entry.seq, entry.shop) : null;
        if (exchange) run.push(exchange);
      } else if (entry.kind === 'shopReset') {
        // In record order: what the world did before its reset goes, what it does after stays.
        await flush();
        await options.forgetShopWorld(entry.shopReset.worldId, entry.seq);
      } else {
        await flush();
        await options.storeNotification(entry.delivery);
      }
    }
    await flush();
    const last = entries.at(-1);
    if (last && (current === null || current.journalId !== journalId || last.seq > current.seq)) {
      current = { journalId, seq: last.seq };
      await cursor.set(current);
    }
    if (entries.length) options.onStored?.();
  }

  /** Applies waiting live entries that now follow the cursor without a gap. */
  async function drainWaiting(): Promise<void> {
    for (;;) {
      if (!current) return;
      const next = waiting.get(current.seq + 1);
      for (const seq of waiting.keys()) if (seq <= current.seq) waiting.delete(seq);
      if (!next) return;
      waiting.delete(next.seq);
      await apply([next], current.journalId);
    }
  }

  async function read(): Promise<void> {
    const head = await api['record.head']();
    if (!head.ok) throw new Error(head.error.message);
    const { journalId } = head.value;
    current ??= await cursor.get();
    // Another journal than the one this History was built from (or none yet): read it from the start.
    const rebuilding = current === null || current.journalId !== journalId;
    let after = rebuilding ? 0 : (current as RecordCursor).seq;
    const total = Math.min(head.value.entries, Math.max(0, head.value.head - after));
    const showProgress = total >= PROGRESS_FROM;
    let done = 0;
    if (showProgress) options.onProgress?.({ done, total, rebuilding });
    try {
      let pending = api['record.since']({ after, limit: Math.min(pageSize, FIRST_PAGE) });
      for (;;) {
        const page = await pending;
        if (!page.ok) throw new Error(page.error.message);
        // Main reads the next page while this one is stored: the two costs overlap instead of adding up.
        if (!page.value.done) pending = api['record.since']({ after: page.value.next, limit: pageSize });
        if (page.value.journalId !== journalId) {
          // The journal was replaced while reading (another user-data folder): start over with it.
          current = null;
          again = true;
          return;
        }
        await serial(async () => {
          // What a live push stored meanwhile is not stored again, and the live entries that follow the
          // page are stored with it: one database transaction, not one more per entry.
          const held = current?.journalId === journalId ? current.seq : 0;
          const run = page.value.entries.filter((entry) => entry.seq > held);
          for (let seq = page.value.next + 1; waiting.has(seq); seq += 1) run.push(waiting.get(seq) as RecordEntry);
          await apply(run, journalId);
          if (current === null || current.seq < page.value.next) {
            current = { journalId, seq: page.value.next };
            await cursor.set(current);
          }
          await drainWaiting();
        });
        done += page.value.entries.length;
        if (showProgress) options.onProgress?.({ done, total: Math.max(total, done), rebuilding });
        after = page.value.next;
        if (page.value.done) return;
      }
    } finally {
      if (showProgress) options.onProgress?.(null);
    }
  }

  function catchUp(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await read();
      } while (again);
    })()
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        running = null;
      });
    return running;
  }

  /** Live entries not yet handed to the writer: those that arrive while it is busy are stored together. */
  let arrived: RecordEntry[] = [];

  /**
   * A burst of calls (a bulk status refresh, a scenario run) pushes many entries: they are stored in one
   * database transaction per batch, not one each — the entries that arrived while the previous batch was
   * being written form the next.
   */
  function receive(entry: RecordEntry): void {
    arrived.push(entry);
    if (arrived.length > 1) return;
    void serial(async () => {
      const batch = arrived.sort((a, b) => a.seq - b.seq);
      arrived = [];
      const next: RecordEntry[] = [];
      let gap = false;
      for (const item of batch) {
        if (current && item.seq <= current.seq) continue;
        if (current && item.seq === current.seq + next.length + 1) next.push(item);
        else {
          // Ahead of a gap (or before the first catch-up knows where History stands): kept for later.
          waiting.set(item.seq, item);
          gap = true;
        }
      }
      if (next.length && current) await apply(next, current.journalId);
      await drainWaiting();
      if (gap) void catchUp();
    }).catch((error: unknown) => options.onError?.(error));
  }

  return {
    start: () => {
      unsubscribe ??= api.on('record.appended', receive);
      return catchUp();
    },
    catchUp,
    stop: () => {
      unsubscribe?.();
      unsubscribe = null;
    },
  };
}
