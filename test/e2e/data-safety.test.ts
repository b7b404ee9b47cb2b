/**
 * Data safety of the renderer's history in real Chromium. Mapped rather than repeated: export → import of
 * 10,000 records is lossless (test/renderer/db/history-transfer.test.ts), and the recorder keeps an
 * Exchange it could not save in memory and saves it on retry (test/renderer/history/history-recorder.test.ts).
 * Added here, where only a real browser can show it:
 *  - a reload in the middle of a bulk status refresh loses and corrupts nothing already stored;
 *  - a real IndexedDB quota error keeps the unsaved record, the History screen says so, and retry saves it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { createSandboxOrder } from '../support/console-actions';

const COUNT = 60;

type Row = Record<string, unknown>;
/** The history database as stored: every row of the stores that hold user data. */
const dump = (page: Page) =>
  page.evaluate(async () => {
    const request = <T>(r: IDBRequest<T>) =>
      new Promise<T>(
        (resolve, reject) => ((r.onsuccess = () => resolve(r.result)), (r.onerror = () => reject(r.error))),
      );
    const db = await request(indexedDB.open('gateway-console-history'));
    const read = (store: string) => request(db.transaction(store).objectStore(store).getAll());
    const out = {
      transactions: (await read('transactions')) as Row[],
      exchanges: (await read('exchanges')) as Row[],
      quarantine: (await read('quarantine')) as Row[],
    };
    db.close();
    return out;
  });

const countIs = (page: Page, text: string) =>
  page.waitForFunction(
    (expected) => document.querySelector('[data-testid="history-count"]')?.textContent === expected,
    text,
  );

describe('history data safety in Chromium', () => {
  let session: ConsoleSession;

  beforeAll(async () => {
    session = await openConsole({ open: false });
    await session.page.goto(session.host.url);
    await session.page.getByRole('link', { name: 'History', exact: true }).click();
    await session.page.getByRole('heading', { name: 'History' }).waitFor();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('a reload in the middle of a bulk refresh loses and corrupts nothing already stored', async () => {
    const page = session.page;
    for (let i = 0; i < COUNT; i++) await createSandboxOrder(session, `safety-${i}`);
    await countIs(page, `${COUNT} transactions`);
    const before = await dump(page);
    expect(before.transactions).toHaveLength(COUNT);

    await page.getByText('Refresh statuses', { exact: true }).click();
    await page.getByLabel('Parallel requests').fill('1');
    await page.getByLabel('Parallel requests').blur();
    await page.getByRole('button', { name: 'Refresh current filter' }).click();
    // Some refreshes written, most still to come: pull the rug.
    await page.waitForFunction(() => {
      const done = Number((document.querySelector('[data-testid="bulk-progress"]')?.textContent ?? '0').split('/')[0]);
      return done >= 3;
    });
    const progress = (await page.getByTestId('bulk-progress').textContent()) ?? '';
    await page.reload();
    const [done, total] = progress.split('/').map(Number);
    expect(done, `the reload came after the refresh had finished (${progress})`).toBeLessThan(total!);
    await page.getByRole('heading', { name: 'History' }).waitFor();
    await countIs(page, `${COUNT} transactions`);

    const after = await dump(page);
    expect(after.quarantine).toEqual([]);
    const byKey = new Map(after.transactions.map((row) => [row.key, row]));
    expect(after.transactions).toHaveLength(COUNT);
    for (const row of before.transactions) {
      const now = byKey.get(row.key);
      expect(now, `transaction ${JSON.stringify(row)} is gone`).toBeDefined();
      // What the order said cannot change; only the status may have moved on.
      for (const field of ['merchantTransactionId', 'amount', 'currency', 'profileId', 'createdAt'])
        if (field in row) expect(now?.[field], field).toEqual(row[field]);
    }
    const exchangeIds = new Set(after.exchanges.map((row) => row.id));
    for (const row of before.exchanges)
      expect(exchangeIds.has(row.id), `exchange ${String(row.id)} is gone`).toBe(true);
    expect(after.exchanges.length).toBeGreaterThan(before.exchanges.length); // the refreshes that finished were kept
    expect(session.pageErrors).toEqual([]);
  });

  it('a quota error keeps the unsaved record, says so, and saves it on retry', async () => {
    const page = session.page;
    const stored = (await dump(page)).transactions.length;
    // Every IndexedDB write fails as a full disk does, until the flag is lowered.
    await page.evaluate(() => {
      const flags = window as unknown as { quotaFull: boolean };
      flags.quotaFull = true;
      for (const method of ['put', 'add'] as const) {
        const original = IDBObjectStore.prototype[method];
        IDBObjectStore.prototype[method] = function (this: IDBObjectStore, ...args: [unknown, IDBValidKey?]) {
          if (flags.quotaFull) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
          return original.apply(this, args);
        } as typeof original;
      }
    });
    const id = await createSandboxOrder(session, 'safety-quota');
    const banner = page.getByRole('alert').filter({ hasText: 'not saved' });
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(/1 exchange\(s\) not saved: Browser storage is full/);
    expect((await dump(page)).transactions).toHaveLength(stored); // nothing stored was touched

    await page.evaluate(() => ((window as unknown as { quotaFull: boolean }).quotaFull = false));
    await banner.getByRole('button', { name: 'Retry saving' }).click();
    await banner.waitFor({ state: 'detached' });
    await countIs(page, `${stored + 1} transactions`);
    expect(JSON.stringify((await dump(page)).transactions)).toContain(id);
  });
});
