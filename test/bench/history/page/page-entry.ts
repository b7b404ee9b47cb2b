/**
 * Runs inside Chromium (bundled by history-db.bench.ts, never part of the app build): the real history
 * database module against real IndexedDB, with a plain reference implementation of each query in the
 * same run (a cursor over the primary key for lookups, offset paging for deep pages, raw bulkAdd for
 * the history writer).
 */
import { HistoryDb } from '../../../../src-renderer/src/db/history-db';
import { recordExchange } from '../../../../src-renderer/src/db/history-writer';
import { exportHistory, importHistoryFile } from '../../../../src-renderer/src/db/history-transfer';
import {
  findByMerchantTransactionId,
  findByTransactionId,
  queryPage,
  type HistoryFilter,
} from '../../../../src-renderer/src/db/transaction-query';
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
 * `count` create-order exchanges written one by one through the app's history writer, as the recorder
 * writes what main reports (exchange row, bodies, upserted transaction, one IndexedDB transaction each),
 * and, as the reference, the same number of transaction rows in one raw `bulkAdd`.
 */
async function insert(name: string, count: number): Promise<{ writer: number; bulkAdd: number }> {
  const exchanges = Array.from({ length: count }, (_, i) =>
    createExchange(`s2tx-insert-${name}-${i}`, `order-insert-${i}`, T0 + i * 1000),
  );
  const db = open(name);
  await db.open();
  const writer = await time(async () => {
    for (const exchange of exchanges) await recordExchange(db, exchange, lookupProfile);
  });
  if ((await db.transactions.count()) !== count) throw new Error('the history writer did not store every exchange');
  db.close();
  await HistoryDb.delete(name);
  const raw = open(`${name}-raw`);
  await raw.open();
  const batch = rows(0, count);
  const bulkAdd = await time(() => raw.transactions.bulkAdd(batch));
  raw.close();
  await HistoryDb.delete(`${name}-raw`);
  return { writer, bulkAdd };
}

/**
 * The best a program without an index on `field` can do: walk a cursor over the primary key, reading
 * each row, and stop at the first match when the field is unique (`firstOnly`).
 */
function cursorScan(
  db: HistoryDb,
  field: 'transactionId' | 'merchantTransactionId',
  value: string,
  firstOnly: boolean,
) {
  return new Promise<unknown[]>((resolve, reject) => {
    const found: unknown[] = [];
    const request = db.backendDB().transaction('transactions', 'readonly').objectStore('transactions').openCursor();
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const cursor = request.result;
      if (!cursor) return resolve(found);
      if ((cursor.value as Record<string, unknown>)[field] === value) {
        found.push(cursor.value);
        if (firstOnly) return resolve(found);
      }
      cursor.continue();
    };
  });
}

async function lookups(name: string, count: number, samples: number, scans: number) {
  const db = open(name);
  await db.open();
  const pick = (n: number) => Math.floor(((((n + 1) * 2654435761) % 4294967296) / 4294967296) * count);
  const byId: number[] = [];
  const byMerchant: number[] = [];
  for (let n = 0; n < samples; n++) {
    const i = pick(n);
    byId.push(
      await time(async () => {
        if ((await findByTransactionId(db, key(i)))?.key !== key(i)) throw new Error(`lookup of ${key(i)} failed`);
      }),
    );
    byMerchant.push(
      await time(async () => {
        if ((await findByMerchantTransactionId(db, `order-${i}`))[0]?.key !== key(i))
          throw new Error(`lookup of order-${i} failed`);
      }),
    );
  }
  const scanId: number[] = [];
  const scanMerchant: number[] = [];
  for (let n = 0; n < scans; n++) {
    const i = pick(n + 1000);
    scanId.push(
      await time(async () => {
        if ((await cursorScan(db, 'transactionId', key(i), true)).length !== 1) throw new Error('cursor missed a row');
      }),
    );
    scanMerchant.push(
      await time(async () => {
        if ((await cursorScan(db, 'merchantTransactionId', `order-${i}`, false)).length !== 1)
          throw new Error('cursor missed a row');
      }),
    );
  }
  db.close();
  return { byId, byMerchant, scanId, scanMerchant };
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
    lookups: explained(lookups),
    paging: explained(paging),
    exportAll: explained(exportAll),
    importLast: explained(importLast),
  },
});
