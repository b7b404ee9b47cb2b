/**
 * History export and import at 1,000,000 transactions in real Chromium, through the app's own streamed
 * `exportHistory` (JSON) and `importHistoryFile` (into an empty database), each against raw IndexedDB
 * moving the same rows in the same run: a cursor reading every row (export), `bulkPut` of the rows in
 * chunks (import; the seeding). Rates are in rows per second. The page's peak JavaScript heap growth
 * while each runs (CDP Runtime.getHeapUsage, sampled every 100 ms, over the heap just before) must stay
 * ≤ 256 MB: a history that held the whole filter in memory would need several gigabytes. `--full` only
 * (seeding a million rows takes minutes); HISTORY_TRANSFER_ROWS=<n> runs it at another size (above
 * ~30,000 rows the file passes 16 MB and the import streams, as at a million).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { figure, type Benchmark } from './figures';
import { openBenchPage } from './history/bench-page';

const MEMORY_LIMIT_MB = 256;
/** Rows per second: a million-row history moves in under an hour one way (import), ~50 s the other. */
const IMPORT_ROWS_PER_S = 5_000;
const EXPORT_ROWS_PER_S = 20_000;
const perSecond = (rows: number, ms: number) => (rows * 1000) / ms;

/** Runs `work` while sampling the page's JS heap; returns its result and the peak growth in MB. */
async function withHeapPeak<T>(page: Page, work: () => Promise<T>): Promise<{ result: T; peakGrowthMb: number }> {
  const cdp = await page.context().newCDPSession(page);
  const used = async () => (await cdp.send('Runtime.getHeapUsage')).usedSize;
  await cdp.send('HeapProfiler.collectGarbage');
  const before = await used();
  let peak = before;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await used());
      await new Promise((tick) => setTimeout(tick, 100));
    }
  })();
  try {
    const result = await work();
    return { result, peakGrowthMb: (peak - before) / 1024 / 1024 };
  } finally {
    sampling = false;
    await sampler;
    await cdp.detach();
  }
}

export const historyTransfer: Benchmark = {
  name: 'history-transfer',
  slow: true,
  async run({ log }) {
    const rows = Number(process.env.HISTORY_TRANSFER_ROWS ?? 1_000_000);
    const label = rows.toLocaleString('en-US');
    const profile = mkdtempSync(join(tmpdir(), 'history-transfer-profile-'));
    const browser = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      headless: true,
    });
    const bench = await openBenchPage(browser);
    try {
      // The seeding is the import's reference: raw bulkPut of the same rows into an empty database.
      const seedMs = await bench.call('seed', 'transfer-source', rows);
      log(`history-transfer: raw bulkPut of ${label} rows in ${Math.round(seedMs)} ms`);
      const cursor = await bench.call('cursorAll', 'transfer-source');
      if (cursor.rows !== rows) throw new Error(`the cursor read ${cursor.rows} of ${rows}`);
      log(`history-transfer: raw cursor over ${label} rows in ${Math.round(cursor.ms)} ms`);
      const exported = await withHeapPeak(bench.page, () => bench.call('exportAll', 'transfer-source'));
      if (exported.result.transactions !== rows) throw new Error(`exported ${exported.result.transactions} of ${rows}`);
      log(
        `history-transfer: export of ${label} rows: ${Math.round(exported.result.ms)} ms, ` +
          `${(exported.result.bytes / 1024 / 1024).toFixed(0)} MB file, heap peak +${exported.peakGrowthMb.toFixed(0)} MB`,
      );
      const imported = await withHeapPeak(bench.page, () => bench.call('importLast', 'transfer-target'));
      if (imported.result.stored !== rows) throw new Error(`imported ${imported.result.stored} of ${rows}`);
      log(
        `history-transfer: import of ${label} rows: ${Math.round(imported.result.ms)} ms, heap peak +${imported.peakGrowthMb.toFixed(0)} MB`,
      );
      const heapTarget = `≤ ${MEMORY_LIMIT_MB} MB`;
      const within = (value: number) => value <= MEMORY_LIMIT_MB;
      return [
        figure({
          figure: `JSON export of ${label} transactions through exportHistory (vs raw cursor over the same rows)`,
          unit: 'rows/s',
          samples: [perSecond(rows, exported.result.ms)],
          baselineSamples: [perSecond(rows, cursor.ms)],
          target: `≥ ${EXPORT_ROWS_PER_S.toLocaleString('en-US')} rows/s`,
          pass: (value) => value >= EXPORT_ROWS_PER_S,
        }),
        figure({
          figure: `JSON import of ${label} transactions through importHistoryFile (vs raw bulkPut of the same rows)`,
          unit: 'rows/s',
          samples: [perSecond(rows, imported.result.ms)],
          baselineSamples: [perSecond(rows, seedMs)],
          target: `≥ ${IMPORT_ROWS_PER_S.toLocaleString('en-US')} rows/s`,
          pass: (value) => value >= IMPORT_ROWS_PER_S,
        }),
        figure({
          figure: `JSON export of ${label} transactions: peak renderer heap growth`,
          unit: 'MB',
          samples: [exported.peakGrowthMb],
          target: heapTarget,
          pass: within,
        }),
        figure({
          figure: `JSON import of ${label} transactions: peak renderer heap growth`,
          unit: 'MB',
          samples: [imported.peakGrowthMb],
          target: heapTarget,
          pass: within,
        }),
      ];
    } finally {
      await bench.close();
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    }
  },
};
