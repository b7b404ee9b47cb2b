/**
 * Runs inside Chromium (bundled by history-db.bench.ts, never part of the app build): the real history
 * database module against real IndexedDB, with a plain reference implementation of each query in the
 * same run (full scan for lookups, offset paging for deep pages).
 */
import { HistoryDb } from '../../../src-renderer/src/db/history-db';
import type { TransactionRecord } from '../../../src-renderer/src/db/records';
import {
  findByMerchantTransactionId,
  findByTransactionId,
  queryPage,
  type HistoryFilter,
} from '../../../src-renderer/src/db/transaction-query';

const T0 = Date.UTC(2026, 0, 1);
const STATUSES = ['Pending', 'Success', 'Declined', 'InProcessing', 'Timeout'];
const key = (i: number) => `s2${i.toString(36).padStart(18, '0')}`;

function row(i: number): TransactionRecord {
  const status = STATUSES[i % STATUSES.length]!;
  return {
    key: key(i),
    transactionId: key(i),
    merchantTransactionId: `order-${i}`,
    profileId: `profile-${i % 4}`,
    profileName: `Profile ${i % 4}`,
    environment: i % 2 === 0 ? 'sandbox' : 'test',
    variant: 'A',
    amount: (i % 1000) + 0.99,
    currency: 'EUR',
    methods: i % 3 === 0 ? ['REFERENCE'] : ['MBWAY', 'CARD'],
    paymentStatus: status,
    statusKey: status,
    returnStatus: { statusCode: '000', statusMsg: 'Success' },
    expiry: null,
    createdAt: T0 + i * 1000,
    updatedAt: T0 + i * 1000 + 5,
    reference: i % 3 === 0 ? String(100_000_000 + i) : null,
    referenceEntity: i % 3 === 0 ? '12345' : null,
    maskedPhone: null,
    source: 'created',
  };
}

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

async function insert(name: string, count: number): Promise<number> {
  const db = open(name);
  await db.open();
  const batch = rows(0, count);
  const ms = await time(() => db.transactions.bulkAdd(batch));
  db.close();
  await HistoryDb.delete(name);
  return ms;
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
    scanId.push(await time(() => db.transactions.filter((r) => r.transactionId === key(i)).toArray()));
    scanMerchant.push(
      await time(() => db.transactions.filter((r) => r.merchantTransactionId === `order-${i}`).toArray()),
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

/** Dexie errors cross page.evaluate as a bare "DexieError": carry the name and message instead. */
const explained =
  <A extends unknown[], R>(work: (...args: A) => Promise<R>) =>
  async (...args: A): Promise<R> => {
    try {
      return await work(...args);
    } catch (error) {
      const { name, message } = error as Error;
      throw new Error(`${name}: ${message}`);
    }
  };

Object.assign(window, {
  historyBench: {
    seed: explained(seed),
    insert: explained(insert),
    lookups: explained(lookups),
    paging: explained(paging),
  },
});
