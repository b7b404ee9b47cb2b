/**
 * History database in real Chromium (IndexedDB via Dexie, the app's own db module): lookups at 100,000
 * rows against the best a program without those indexes could do (a cursor over the primary key,
 * stopping at the first match when the field is unique), a filtered keyset page deep in the list
 * against offset paging at the same page, and exchanges written through the app's history writer
 * (against one raw bulkAdd of as many rows). The 1,000,000-row paging figure runs with `--full`; the
 * default run pages at 100,000 rows (page 1,000), which still shows the ratio.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { figure, type Benchmark } from './figures';
import { openBenchPage } from './history/bench-page';

const toMicro = (ms: number) => ms * 1000;
/** Exchanges per insert sample: a bulk status refresh of a busy day. */
const INSERT_COUNT = 2_000;
/**
 * 5 ms an exchange. The recorder writes each exchange in its own IndexedDB transaction as it arrives,
 * and each arrives after a gateway call (tens of milliseconds or more), so 5 ms never holds one back.
 */
const INSERT_TARGET_MS = 10_000;

export const historyDb: Benchmark = {
  name: 'history-db',
  async run({ full, log }) {
    // A persistent profile keeps IndexedDB on disk as the app has it (an incognito context holds it in
    // memory with a small quota, which a million rows exceed).
    const profile = mkdtempSync(join(tmpdir(), 'history-bench-profile-'));
    const browser = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      headless: true,
    });
    const bench = await openBenchPage(browser);
    const call = bench.call;
    try {
      const inserts: Array<{ writer: number; bulkAdd: number }> = [];
      for (let n = 0; n < 3; n++) inserts.push(await call('insert', `insert-${n}`, INSERT_COUNT));
      log(
        `history-db: ${INSERT_COUNT.toLocaleString('en-US')} exchanges through the history writer, 3 samples: ` +
          `${inserts.map((sample) => Math.round(sample.writer)).join(', ')} ms (raw bulkAdd of as many rows: ` +
          `${inserts.map((sample) => Math.round(sample.bulkAdd)).join(', ')} ms)`,
      );

      const lookupRows = 100_000;
      const seedMs = await call('seed', 'lookups', lookupRows);
      log(`history-db: seeded ${lookupRows.toLocaleString('en-US')} rows in ${Math.round(seedMs)} ms`);
      const lookups = await call('lookups', 'lookups', lookupRows, 200, 5);

      const pagingRows = full ? 1_000_000 : lookupRows;
      const pageIndex = full ? 9_999 : 999;
      if (full) {
        const ms = await call('seed', 'paging', pagingRows);
        log(`history-db: seeded ${pagingRows.toLocaleString('en-US')} rows in ${Math.round(ms)} ms`);
      }
      const paging = await call('paging', full ? 'paging' : 'lookups', pagingRows, pageIndex, 7);
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      const speedUp = (fast: number[], slow: number[]) => `${(median(slow) / median(fast)).toFixed(1)}× faster`;
      log(`history-db: lookup by transactionID ${speedUp(lookups.byId, lookups.scanId)} than a primary-key cursor`);
      log(
        `history-db: lookup by merchantTransactionId ${speedUp(lookups.byMerchant, lookups.scanMerchant)} than a primary-key cursor`,
      );
      log(`history-db: keyset page ${speedUp(paging.keyset, paging.offset)} than offset paging`);
      const rowsLabel = pagingRows.toLocaleString('en-US');
      const pageLabel = (pageIndex + 1).toLocaleString('en-US');

      return [
        figure({
          figure: 'lookup by transactionID at 100,000 rows (vs primary-key cursor, first match)',
          unit: 'µs p50',
          samples: lookups.byId.map(toMicro),
          baselineSamples: lookups.scanId.map(toMicro),
          target: 'p50 ≤ 5 ms and ≥ 20× faster than the cursor',
          pass: (value, ratio) => value <= 5000 && ratio !== null && ratio <= 1 / 20,
        }),
        figure({
          figure: 'lookup by merchantTransactionId at 100,000 rows (vs primary-key cursor)',
          unit: 'µs p50',
          samples: lookups.byMerchant.map(toMicro),
          baselineSamples: lookups.scanMerchant.map(toMicro),
          target: 'p50 ≤ 5 ms and ≥ 20× faster than the cursor',
          pass: (value, ratio) => value <= 5000 && ratio !== null && ratio <= 1 / 20,
        }),
        figure({
          figure: `filtered keyset page of 50, page ${pageLabel} at ${rowsLabel} rows (vs offset)`,
          unit: 'µs',
          samples: paging.keyset.map(toMicro),
          baselineSamples: paging.offset.map(toMicro),
          target: '≤ 100 ms and ≥ 10× faster than offset paging',
          pass: (value, ratio) => value <= 100_000 && ratio !== null && ratio <= 1 / 10,
        }),
        figure({
          figure: `${INSERT_COUNT.toLocaleString('en-US')} exchanges recorded through the history writer (vs raw bulkAdd)`,
          unit: 'ms',
          samples: inserts.map((sample) => sample.writer),
          baselineSamples: inserts.map((sample) => sample.bulkAdd),
          paired: true,
          target: `≤ ${INSERT_TARGET_MS.toLocaleString('en-US')} ms`,
          pass: (value) => value <= INSERT_TARGET_MS,
        }),
      ];
    } finally {
      await bench.close();
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    }
  },
};
