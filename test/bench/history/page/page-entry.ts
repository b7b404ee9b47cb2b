/**
 * Runs inside Chromium (bundled by history-db.bench.ts, never part of the app build): the real history
 * database module against real IndexedDB — the searches the History and Support boxes run, keyset paging
 * against offset paging for deep pages, live exchanges through the record sync and history writer against
 * the same puts in raw IndexedDB, streamed export/import
 * against raw bulkPut/cursor.
 */
import { HistoryDb } from '../../../../src-renderer/src/db/history-db';
import type { ConsoleApi } from '../../../../src-shared/contract';
import type { RecordEntry } from '../../../../src-shared/contract/record';
import { recordExchanges } from '../../../../src-renderer/src/db/history-writer';
import { readRecordCursor, writeRecordCursor } from '../../../../src-renderer/src/db/record-cursor';
import { createRecordSync } from '../../../../src-renderer/src/services/record-sync';
import { exportHistory } from '../../../../src-renderer/src/db/history-export';
import { importHistoryFile } from '../../../../src-renderer/src/db/history-import';
import { queryPage, searchTransactions, type HistoryFilter } from '../../../../src-renderer/src/db/transaction-query';
import { planLookup } from '../../../../src-renderer/src/services/single-lookup';
import { createExchange, lookupProfile, makeRow, T0 } from '../../../renderer/db/fixtures';

// The unit tests' rows: environment alternates sandbox/test by i, createdAt grows with i.
const row = makeRow;
const key = (i: number) => makeRow(i).key;
const rows = (from: number, to: number) => Array.from({ length: to - from }, (_, n) => row(from + n));
const time = async (work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};
const open = (name: string) => new HistoryDb(name);

/** Rows in random order across the range, as a long-lived history would hold them. */
async function seed(name: string, count: number): Promise<number> {
  const db = open(name);
  const chunk = 10_000;
  const started = performance.now();
  for (let from = 0; from < count; from += chunk)
    await db.transactions.bulkPut(rows(from, Math.min(count, from + chunk)));
  db.close();
  return performance.now() - started;
}

/**
 * `count` create-order exchanges as main pushes them after a burst of calls (a bulk status refresh), each
 * arriving in its own task as messages on the host's socket do, stored the way the app stores them: the
 * record sync hands what arrived to the history writer (exchange rows, bodies, upserted transactions, one
 * IndexedDB transaction per batch) and moves the cursor. The reference is exactly the rows the writer
 * stored, put with the raw IndexedDB API in one transaction.
 */
async function insert(name: string, count: number): Promise<{ writer: number; raw: number }> {
  const entries: RecordEntry[] = Array.from({ length: count }, (_, i) => ({
    seq: i + 1,
    kind: 'exchange' as const,
    exchange: createExchange(`s2tx-insert-${name}-${i}`, `order-insert-${i}`, T0 + i * 1000),
  }));
  const db = open(name);
  await db.open();
  const listeners: Array<(entry: RecordEntry) => void> = [];
  let stored = () => {};
  const allStored = new Promise<void>((resolve) => (stored = resolve));
  const answer = <T>(value: T) => Promise.resolve({ ok: true as const, value });
  const api = {
    'record.head': () => answer({ journalId: 'bench', head: 0, entries: 0, unreadableLines: 0 }),
    'record.since': ({ after }: { after: number }) =>
      answer({ entries: [], next: after, head: 0, journalId: 'bench', done: true }),
    on: (_event: string, listener: (entry: RecordEntry) => void) => {
      listeners.push(listener);
      return () => undefined;
    },
  } as unknown as ConsoleApi;
  const sync = createRecordSync({
    api,
    cursor: {
      get: () => readRecordCursor(db),
      set: async (cursor) => {
        await writeRecordCursor(db, cursor);
        if (cursor.seq === count) stored();
      },
    },
    storeExchanges: async (exchanges) => void (await recordExchanges(db, exchanges, lookupProfile)),
    storeNotification: async () => undefined,
    forgetShopWorld: async () => undefined,
    onError: (error) => console.error(error),
  });
  await sync.start();
  const channel = new MessageChannel();
  channel.port1.onmessage = (event: MessageEvent<number>) =>
    listeners.forEach((listen) => listen(entries[event.data]!));
  const writer = await time(async () => {
    for (let n = 0; n < count; n++) channel.port2.postMessage(n);
    await allStored;
  });
  channel.port1.close();
  sync.stop();
  if ((await db.transactions.count()) !== count) throw new Error('the history writer did not store every exchange');
  const tables = ['transactions', 'exchanges', 'exchangeBodies'] as const;
  const written = await Promise.all(tables.map((table) => db.table(table).toArray()));
  db.close();
  await HistoryDb.delete(name);

  const rawDb = open(`${name}-raw`);
  await rawDb.open();
  const native = rawDb.backendDB();
  const raw = await time(
    () =>
      new Promise<void>((resolve, reject) => {
        const transaction = native.transaction([...tables], 'readwrite');
        tables.forEach((table, at) => {
          const store = transaction.objectStore(table);
          for (const row of written[at]!) store.put(row);
        });
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error);
      }),
  );
  rawDb.close();
  await HistoryDb.delete(`${name}-raw`);
  return { writer, raw };
}

/** How many rows the History search box lists (SEARCH_LIMIT in stores/history.ts, which needs the app's i18n). */
const HISTORY_SEARCH_LIMIT = 200;

/**
 * Case notes as agents leave them on the transactions they worked on: a ticket reference and a line of
 * text, on every `count / notes`-th transaction.
 */
async function seedCaseNotes(name: string, count: number, notes: number): Promise<number> {
  const db = open(name);
  const step = Math.max(1, Math.floor(count / notes));
  const started = performance.now();
  const rowsOfNotes = Array.from({ length: notes }, (_, n) => ({
    transactionKey: key(n * step),
    note: `TCK-${n}\nCustomer called about order-${n * step}: paid at the ATM, asked for a receipt by e-mail.`,
    ticket: `TCK-${n}`,
    updatedAt: T0 + n * 1000,
    source: 'main' as const,
  }));
  await db.caseNotes.bulkPut(rowsOfNotes);
  db.close();
  return performance.now() - started;
}

/**
 * What a user types into the History search box and the Support lookup box, in turn: a transactionID,
 * a merchant order id, a Multibanco reference as printed (spaces), a ticket reference, a word from a
 * note, and something History does not hold. Each is timed through the function the box calls:
 * `searchTransactions` (History, and the first step of the Support lookup) and `planLookup` (Support).
 */
async function searches(name: string, count: number, notes: number, samples: number) {
  const db = open(name);
  await db.open();
  const pick = (n: number) => Math.floor(((((n + 1) * 2654435761) % 4294967296) / 4294967296) * count);
  const step = Math.max(1, Math.floor(count / notes));
  const typed = (n: number): { text: string; expect: string | null } => {
    const i = pick(n);
    const noted = Math.floor(i / step) % notes;
    switch (n % 6) {
      case 0:
        return { text: key(i), expect: key(i) };
      case 1:
        return { text: `order-${i}`, expect: key(i) };
      case 2: {
        const withReference = i - (i % 3); // every third row has a reference
        const digits = String(100000000 + withReference);
        return { text: `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`, expect: key(withReference) };
      }
      case 3:
        return { text: `TCK-${noted}`, expect: key(noted * step) };
      case 4:
        return { text: 'receipt by e-mail', expect: null };
      default:
        return { text: `no-such-order-${i}`, expect: null };
    }
  };
  const history: number[] = [];
  const support: number[] = [];
  for (let n = 0; n < samples; n++) {
    const { text, expect } = typed(n);
    history.push(
      await time(async () => {
        const found = await searchTransactions(db, text, {}, HISTORY_SEARCH_LIMIT);
        if (expect !== null && !found.some((row) => row.key === expect))
          throw new Error(`History search for "${text}" missed ${expect}`);
      }),
    );
    support.push(
      await time(async () => {
        const plan = await planLookup(db, text);
        if (expect !== null && n % 6 < 3 && !(plan.kind === 'history' && plan.rows.some((row) => row.key === expect)))
          throw new Error(`Support lookup of "${text}" did not find ${expect} (${plan.kind})`);
      }),
    );
  }
  db.close();
  return { history, support };
}

/**
 * Page `page` (0-based) of 50 of `environment = test`, newest first: by keyset (cursor = last row of
 * the previous page) and by offset, checking both return the same rows.
 */
async function paging(name: string, count: number, page: number, samples: number) {
  const db = open(name);
  await db.open();
  const filter: HistoryFilter = { environment: 'test' };
  // Rows with odd i match; newest first, position p is i = (largest odd) - 2p.
  const largestOdd = count % 2 === 0 ? count - 1 : count - 2;
  const position = page * 50;
  const previous = largestOdd - 2 * (position - 1);
  const after = { createdAt: row(previous).createdAt, key: key(previous) };
  const keyset: number[] = [];
  const offset: number[] = [];
  let keysetKeys: string[] = [];
  let offsetKeys: string[] = [];
  for (let n = 0; n < samples; n++) {
    keyset.push(
      await time(async () => {
        keysetKeys = (await queryPage(db, filter, { after, limit: 50 })).rows.map((r) => r.key);
      }),
    );
    offset.push(
      await time(async () => {
        offsetKeys = (
          await db.transactions
            .where('[environment+createdAt+key]')
            .between(['test', -Infinity, ''], ['test', Infinity, '\uffff'])
            .reverse()
            .offset(position)
            .limit(50)
            .toArray()
        ).map((r) => r.key);
      }),
    );
  }
  db.close();
  if (keysetKeys.length !== 50 || keysetKeys.join() !== offsetKeys.join())
    throw new Error(`keyset and offset pages differ (${keysetKeys.length} vs ${offsetKeys.length} rows)`);
  return { keyset, offset };
}

/** The reference for the export: a raw IndexedDB cursor over the primary key, reading every row. */
async function cursorAll(name: string): Promise<{ ms: number; rows: number }> {
  const db = open(name);
  await db.open();
  let rows = 0;
  const ms = await time(
    () =>
      new Promise<void>((resolve, reject) => {
        const request = db.backendDB().transaction('transactions', 'readonly').objectStore('transactions').openCursor();
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const cursor = request.result;
          if (!cursor) return resolve();
          if ((cursor.value as { key?: unknown }).key !== undefined) rows += 1;
          cursor.continue();
        };
      }),
  );
  db.close();
  return { ms, rows };
}

/** The last export, kept in the page between `exportAll` and `importLast` (a Blob cannot cross to Node). */
let lastExport: Blob | null = null;

/** Exports every transaction of `name` as JSON through the app's streamed export. */
async function exportAll(name: string): Promise<{ ms: number; transactions: number; bytes: number }> {
  const db = open(name);
  await db.open();
  let transactions = 0;
  const ms = await time(async () => {
    const result = await exportHistory(db, {}, 'json');
    lastExport = result.blob;
    transactions = result.transactions;
  });
  db.close();
  return { ms, transactions, bytes: lastExport?.size ?? 0 };
}

/** Imports the last export into a fresh database `name` through the app's streamed import. */
async function importLast(name: string): Promise<{ ms: number; added: number; stored: number }> {
  if (!lastExport) throw new Error('nothing exported yet');
  const db = open(name);
  await db.open();
  let added = 0;
  const file = lastExport;
  const ms = await time(async () => {
    added = (await importHistoryFile(db, file)).added;
  });
  const stored = await db.transactions.count();
  db.close();
  lastExport = null;
  return { ms, added, stored };
}

/** Dexie errors cross page.evaluate as a bare "DexieError": carry the name and message instead. */
const explained =
  <A extends unknown[], R>(work: (...args: A) => Promise<R>) =>
  async (...args: A): Promise<R> => {
    try {
      return await work(...args);
    } catch (error) {
      const { name, message } = error as Error;
      throw new Error(`${name}: ${message}`, { cause: error });
    }
  };

Object.assign(window, {
  historyBench: {
    seed: explained(seed),
    insert: explained(insert),
    seedCaseNotes: explained(seedCaseNotes),
    searches: explained(searches),
    paging: explained(paging),
    exportAll: explained(exportAll),
    cursorAll: explained(cursorAll),
    importLast: explained(importLast),
  },
});
