/**
 * The History transfer panel with a large file in real Chromium: an import shows its progress, can be
 * cancelled from the keyboard, keeps what was stored before and says how much it imported.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { createSandboxOrder } from '../support/console-actions';

/** Over the 16 MB a file may have to be imported whole: this one is streamed in batches of 2,000. */
const ROWS = 40_000;

function historyFile(path: string): void {
  const t0 = Date.UTC(2026, 0, 1);
  const rows = Array.from({ length: ROWS }, (_, i) => {
    const key = `s2imp${String(i).padStart(15, '0')}`;
    return JSON.stringify({
      key,
      transactionId: key,
      merchantTransactionId: `imported-order-${i}`,
      profileId: 'sandbox-a',
      profileName: 'Sandbox · Variant A',
      environment: 'sandbox',
      variant: 'A',
      amount: (i % 100) + 0.5,
      currency: 'EUR',
      methods: ['MBWAY', 'REFERENCE'],
      paymentStatus: 'Success',
      statusKey: 'Success',
      returnStatus: { statusCode: '000', statusMsg: 'Success' },
      expiry: null,
      createdAt: t0 + i * 1000,
      updatedAt: t0 + i * 1000,
      reference: String(100_000_000 + i),
      referenceEntity: '12345',
      maskedPhone: null,
      source: 'imported',
    });
  });
  writeFileSync(
    path,
    `{"format":"gateway-console-history","version":1,"exportedAt":"2026-11-25T00:00:00.000Z","transactions":[${rows.join(',')}],"exchanges":[]}`,
  );
}

describe('History transfer progress and cancel in Chromium', () => {
  let session: ConsoleSession;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'history-transfer-e2e-'));
    session = await openConsole();
    await session.page.getByRole('link', { name: 'History', exact: true }).click();
    await session.page.getByRole('heading', { name: 'History' }).waitFor();
    // Made while the page is open, so History records them: what must survive the cancelled import.
    await createSandboxOrder(session, 'kept-order-1');
    await createSandboxOrder(session, 'kept-order-2');
  });
  afterAll(async () => {
    await session?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const storedTransactions = () =>
    session.page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('gateway-console-history');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const count = open.result.transaction('transactions').objectStore('transactions').count();
            count.onsuccess = () => {
              open.result.close();
              resolve(count.result);
            };
            count.onerror = () => reject(count.error);
          };
        }),
    );

  it('issue 28 (no progress, no cancel): a large import shows progress, Cancel works from the keyboard, stored rows stay and the count imported is said', async () => {
    const page = session.page;
    await page.waitForFunction(
      () => document.querySelector('[data-testid="history-count"]')?.textContent === '2 transactions',
    );
    const file = join(dir, 'large-history.json');
    historyFile(file);
    expect(statSync(file).size).toBeGreaterThan(16 * 1024 * 1024);
    await page.getByText('Export and import', { exact: true }).click();
    await page.locator('input[type="file"]').setInputFiles(file);

    await page.getByRole('progressbar', { name: 'Transfer progress' }).waitFor();
    // The first merged batch is reported before the user gives up.
    await page
      .getByTestId('transfer-progress')
      .filter({ hasText: /Importing… [1-9][\d,]* records read/ })
      .waitFor();
    // The file control is disabled while importing: focus moved to Cancel, and Enter presses it.
    const cancel = page.getByRole('button', { name: 'Cancel transfer' });
    await expect.poll(() => cancel.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');

    const summary = page.getByTestId('import-summary');
    await summary.waitFor();
    const text = (await summary.textContent())!;
    expect(text).toContain('Import cancelled. What was already stored is unchanged');
    const added = Number(/Imported: ([\d,]+) new, 0 merged/.exec(text)![1]!.replace(/,/g, ''));
    expect(added).toBeGreaterThanOrEqual(2_000);
    expect(added).toBeLessThan(ROWS);
    await expect.poll(() => page.getByRole('progressbar', { name: 'Transfer progress' }).count()).toBe(0);

    // Exactly what the summary says is in history, next to the two transactions stored before (the
    // list's count stops at 1,000+, so the store is counted).
    expect(await storedTransactions()).toBe(added + 2);
    await page.getByTestId('history-count').filter({ hasText: '1,000+ transactions' }).waitFor();
    await page.getByRole('table').getByText('kept-order-1').waitFor();
    await page.getByRole('table').getByText('kept-order-2').waitFor();
    expect(session.pageErrors).toEqual([]);
  });
});
