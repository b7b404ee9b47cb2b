/**
 * Main's record (issue 26 §1): what keeping it costs and how fast History is rebuilt from it.
 *
 * - Append: wall time of `RecordJournal.append` per exchange (a create-order exchange of realistic size),
 *   against a bare `appendFileSync` of the same line (context: the lock and the index cost the rest).
 * - Rebuild: the built app in real Chromium (browser mode, on-disk IndexedDB, a fresh browser profile per
 *   sample = an empty origin) opened on a user-data folder whose journal holds 100,000 exchanges: from
 *   navigation to History's cursor reaching the journal's head, progress shown meanwhile. Baseline, in the
 *   same page right after: Dexie `bulkPut` of the very rows the rebuild produced into an empty database
 *   of the same schema (Dexie loaded into the page for it).
 * - Catch-up: with the page caught up, 1,000 exchanges are appended by another process's handle (as the
 *   CLI, or calls made while the page's host link was down: pushed to nobody), then one live call; the page
 *   sees the gap and reads the journal: from that call to History holding all 1,001.
 */
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { Exchange } from '@shared/exchange';
import { MemoryStore } from '../../src-main/credentials/memory-store';
import { startBrowserMode } from '../../src-main/host/browser-mode';
import { RECORD_DIR, RecordJournal } from '../../src-main/record/record-journal';
import { HISTORY_SCHEMA } from '../../src-renderer/src/db/schema';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { buildIfStale } from './browser-mode.bench';
import { figure, type Benchmark } from './figures';

const ROOT = resolve(__dirname, '../..');
const DEXIE_SCRIPT = join(ROOT, 'node_modules/dexie/dist/dexie.min.js');
const REBUILD_TARGET_MS = 60_000;
/** Rebuild speed ≥ 0.3× raw bulkPut speed: its time at most 1 / 0.3 of bulkPut's. */
const REBUILD_MAX_TIME_RATIO = 1 / 0.3;
const APPEND_TARGET_MS = 0.5;
const CATCH_UP_TARGET_MS = 1000;
const CATCH_UP_COUNT = 1000;

/** A create-order or status exchange as the SDK records it (masked), about 1.5 KB of JSON. */
function benchExchange(i: number): Exchange {
  const transactionId = `s2BENCH${String(Math.floor(i / 2)).padStart(9, '0')}`;
  const create = i % 2 === 0;
  const startedAt = new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
  const order = {
    merchant: { terminalId: 1000001, channel: 'web', merchantTransactionId: `bench-${Math.floor(i / 2)}` },
    transaction: {
      transactionTimestamp: startedAt,
      description: 'Benchmark order with a description of ordinary length',
      moto: false,
      paymentType: 'PURS',
      paymentMethod: ['REFERENCE', 'MBWAY', 'CARD'],
      amount: { value: 10 + (i % 100), currency: 'EUR' },
    },
  };
  return {
    id: `bench-exchange-${i}`,
    profileId: 'sandbox-a',
    operation: create ? 'createOrder' : 'getStatus',
    method: create ? 'POST' : 'GET',
    url: create ? 'http://127.0.0.1:1/api/v2/payments' : `http://127.0.0.1:1/api/v2/payments/${transactionId}/status`,
    request: {
      headers: { Authorization: 'Bearer ••••1234', 'X-IBM-Client-Id': '••••abcd', 'Content-Type': 'application/json' },
      body: create ? JSON.stringify(order) : null,
    },
    response: {
      status: 200,
      headers: { 'content-type': 'application/json' },
      bodyText: JSON.stringify(
        create
          ? { returnStatus: { statusCode: '000' }, transactionID: transactionId, transactionSignature: '••••wxyz' }
          : {
              returnStatus: { statusCode: '000' },
              transactionID: transactionId,
              paymentStatus: 'Pending',
              paymentMethod: 'MBWAY',
              amount: { value: '12.50', currency: 'EUR' },
            },
      ),
    },
    timings: { startedAt, durationMs: 12, attempts: 1 },
    size: { requestBytes: create ? 300 : 0, responseBytes: 120 },
    classification: 'ok',
    summary: 'HTTP 200, statusCode 000',
    suggestedAction: null,
    returnStatus: { statusCode: '000' },
    paymentStatus: create ? null : 'Pending',
    conformanceNotes: [],
    transactionID: transactionId,
    merchantTransactionId: `bench-${Math.floor(i / 2)}`,
  };
}

// Page-side code is given as strings: tsx wraps functions in helpers that do not exist in the page.
const READ_CURSOR = `new Promise((resolve) => {
  const open = indexedDB.open('gateway-console-history');
  open.onerror = () => resolve(0);
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains('recordIndex')) { db.close(); return resolve(0); }
    const get = db.transaction('recordIndex').objectStore('recordIndex').get('record');
    get.onsuccess = () => { db.close(); resolve(get.result ? get.result.seq : 0); };
    get.onerror = () => { db.close(); resolve(0); };
  };
})`;

/** Copies the rebuilt rows into a fresh database of the same schema with Dexie's bulkPut; returns its ms. */
const rawBulkPut = (stores: string, name: string) => `(async () => {
  const app = new Dexie('gateway-console-history');
  await app.open();
  const tables = ['transactions', 'exchanges', 'exchangeBodies'];
  const rows = {};
  for (const table of tables) rows[table] = await app.table(table).toArray();
  app.close();
  const raw = new Dexie(${JSON.stringify(name)}, { chromeTransactionDurability: 'relaxed' });
  raw.version(1).stores(${stores});
  await raw.open();
  const started = performance.now();
  await raw.transaction('rw', tables, async () => {
    for (const table of tables) await raw.table(table).bulkPut(rows[table]);
  });
  const ms = performance.now() - started;
  raw.close();
  await Dexie.delete(${JSON.stringify(name)});
  return { ms, rows: tables.map((table) => rows[table].length) };
})()`;

async function waitForCursor(page: Page, seq: number, timeoutMs: number, onPoll?: () => Promise<void>): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (((await page.evaluate(READ_CURSOR)) as number) >= seq) return;
    if (performance.now() > deadline) throw new Error(`History did not reach seq ${seq} within ${timeoutMs} ms`);
    await onPoll?.();
    await page.waitForTimeout(25);
  }
}

function measureAppends(dir: string, count: number): { journal: number[]; bare: number[] } {
  const journal = RecordJournal.open(dir);
  const barePath = join(dir, 'bare.jsonl');
  const samples = { journal: [] as number[], bare: [] as number[] };
  try {
    for (let i = 0; i < count; i += 1) {
      const exchange = benchExchange(i);
      const line = `${JSON.stringify({ seq: i + 1, kind: 'exchange', exchange })}\n`;
      // Interleaved, alternating which goes first.
      const order = i % 2 === 0 ? ['journal', 'bare'] : ['bare', 'journal'];
      for (const which of order) {
        const started = performance.now();
        if (which === 'journal') journal.append({ kind: 'exchange', exchange });
        else appendFileSync(barePath, line);
        samples[which as 'journal' | 'bare'].push(performance.now() - started);
      }
    }
  } finally {
    journal.close();
  }
  return samples;
}

export const record: Benchmark = {
  name: 'record',
  async run({ full, log }) {
    const entries = Number(process.env.RECORD_BENCH_ENTRIES ?? 100_000);
    const rounds = full ? 3 : 2;
    buildIfStale();
    const root = mkdtempSync(join(tmpdir(), 'record-bench-'));
    try {
      const appends = measureAppends(join(root, 'append'), full ? 20_000 : 5_000);

      // The user-data folder whose journal the console opens, seeded as the console would have written it.
      const userDataDir = join(root, 'user-data');
      const seeding = RecordJournal.open(join(userDataDir, RECORD_DIR));
      for (let i = 0; i < entries; i += 1) seeding.append({ kind: 'exchange', exchange: benchExchange(i) });
      seeding.close();

      const running = await startBrowserMode({ port: 0, userDataDir, credentials: new MemoryStore() });
      const rebuild: number[] = [];
      const bulkPut: number[] = [];
      const catchUp: number[] = [];
      let progressSeen = 0;
      try {
        const stores = JSON.stringify(Object.assign({}, ...HISTORY_SCHEMA.map((step) => step.stores)));
        for (let round = 0; round < rounds; round += 1) {
          // A fresh on-disk browser profile: an empty origin, as after a restart on another port.
          const profile = join(root, `chromium-${round}`);
          const context: BrowserContext = await chromium.launchPersistentContext(profile, {
            executablePath: CHROMIUM_PATH,
            args: CHROMIUM_ARGS,
            headless: true,
            bypassCSP: true,
          });
          try {
            const page = await context.newPage();
            page.setDefaultTimeout(0);
            const head = running.core.dispatch('record.head', {});
            const headSeq = ((await head) as { ok: true; value: { head: number } }).value.head;
            let sawProgress = false;
            const started = performance.now();
            await page.goto(`${running.host.url}#/history`);
            await waitForCursor(page, headSeq, REBUILD_TARGET_MS * 3, async () => {
              sawProgress ||= await page.getByTestId('record-progress').isVisible();
            });
            rebuild.push(performance.now() - started);
            if (sawProgress) progressSeen += 1;

            await page.addScriptTag({ path: DEXIE_SCRIPT });
            const raw = (await page.evaluate(rawBulkPut(stores, `raw-bulkput-${round}`))) as {
              ms: number;
              rows: number[];
            };
            bulkPut.push(raw.ms);
            log(
              `record: rebuild ${Math.round(rebuild.at(-1)!)} ms of ${entries.toLocaleString('en-US')} exchanges ` +
                `(progress ${sawProgress ? 'shown' : 'NOT shown'}); bulkPut of the same ${raw.rows.join(' + ')} rows ${Math.round(raw.ms)} ms`,
            );

            // Missed by the page: appended by another handle on the folder, pushed to nobody.
            for (let sample = 0; sample < 3; sample += 1) {
              const other = RecordJournal.open(join(userDataDir, RECORD_DIR));
              const base = other.head().head;
              for (let i = 0; i < CATCH_UP_COUNT; i += 1)
                other.append({ kind: 'exchange', exchange: benchExchange(entries + base + i) });
              other.close();
              const began = performance.now();
              // One live call: the page sees its seq past a gap and reads what it missed.
              await running.core.dispatch('payments.status', { profileId: 'sandbox-a', transactionId: 's2BENCHLIVE' });
              await waitForCursor(page, base + CATCH_UP_COUNT + 1, 30_000);
              catchUp.push(performance.now() - began);
            }
          } finally {
            await context.close();
          }
        }
      } finally {
        await running.close();
      }
      const label = entries.toLocaleString('en-US');
      return [
        figure({
          figure: 'record journal append per exchange (vs bare appendFileSync of the same line)',
          unit: 'µs p50',
          samples: appends.journal.map((ms) => ms * 1000),
          baselineSamples: appends.bare.map((ms) => ms * 1000),
          target: `p50 ≤ ${APPEND_TARGET_MS} ms`,
          pass: (value) => value <= APPEND_TARGET_MS * 1000,
        }),
        figure({
          figure: `History rebuilt from a record of ${label} exchanges into an empty origin, Chromium (vs Dexie bulkPut of the same rows)`,
          unit: 'ms',
          samples: rebuild,
          baselineSamples: bulkPut,
          paired: true,
          target: `≤ ${REBUILD_TARGET_MS / 1000} s with progress shown, ≥ 0.3× bulkPut's speed (time ≤ ${REBUILD_MAX_TIME_RATIO.toFixed(2)}×)`,
          pass: (value, ratio) =>
            value <= REBUILD_TARGET_MS &&
            ratio !== null &&
            ratio <= REBUILD_MAX_TIME_RATIO &&
            progressSeen === rebuild.length,
        }),
        figure({
          figure: `catching up ${CATCH_UP_COUNT.toLocaleString('en-US')} exchanges the page missed (gap seen on a live push)`,
          unit: 'ms',
          samples: catchUp,
          target: `≤ ${CATCH_UP_TARGET_MS} ms`,
          pass: (value) => value <= CATCH_UP_TARGET_MS,
        }),
      ];
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  },
};
