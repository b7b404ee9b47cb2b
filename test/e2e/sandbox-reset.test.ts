/**
 * Reset Sandbox in real Chromium: the confirmation counts what goes; confirming empties the simulator and
 * removes the Sandbox's History rows, exchanges and notifications — while another environment's row stays.
 * Also pins the History layout fix: the merchant-id cell never runs into the profile column.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { createOrderThroughUi, createSandboxOrder, openArea } from '../support/console-actions';

const OTHER = 's2otherenvironment01';

/**
 * A History row of a test-environment profile, written the way the renderer stores rows. The page opens
 * its History database after main's first answer (that code loads after the first paint), so this waits
 * for the database and its stores instead of creating an empty one first.
 */
async function putOtherEnvironmentRow(page: Page): Promise<void> {
  await page.waitForFunction(async () =>
    (await indexedDB.databases()).some((info) => info.name === 'gateway-console-history' && (info.version ?? 0) > 1),
  );
  return page.evaluate(async (key) => {
    const openHistory = () =>
      new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('gateway-console-history');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
    // Listed is not yet built: the page's database can be seen before its stores are (seen so once in the
    // README-order run), so it is opened again until they are there.
    let db = await openHistory();
    for (let tries = 0; !db.objectStoreNames.contains('transactions') && tries < 100; tries += 1) {
      db.close();
      await new Promise((wait) => setTimeout(wait, 100));
      db = await openHistory();
    }
    const now = Date.now();
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('transactions', 'readwrite');
      tx.objectStore('transactions').put({
        key,
        transactionId: key,
        merchantTransactionId: 'a-very-long-merchant-order-identifier-0001',
        profileId: 'test-terminal',
        profileName: 'Test terminal',
        environment: 'test',
        variant: 'A',
        amount: 5,
        currency: 'EUR',
        methods: ['MBWAY'],
        paymentStatus: 'Pending',
        statusKey: 'Pending',
        returnStatus: null,
        expiry: null,
        createdAt: now,
        updatedAt: now,
        reference: null,
        referenceEntity: null,
        maskedPhone: null,
        source: 'imported',
      });
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  }, OTHER);
}

describe('Reset Sandbox (Chromium, browser mode)', () => {
  let session: ConsoleSession;
  beforeAll(async () => {
    session = await openConsole({ viewport: { width: 1400, height: 1000 } });
    await session.page.getByTestId('app-mode').waitFor();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('History cells keep to their columns: a long merchant id does not run into the profile', async () => {
    const page = session.page;
    await putOtherEnvironmentRow(page);
    await openArea(page, 'History');
    const row = page.locator(`tr[data-key="${OTHER}"]`);
    await row.waitFor();
    // Text runs over the next column when it is wider than its cell and nothing clips it: neither the cell
    // nor its content (overflow does not clip an inline element).
    const cells = await row.locator('td').evaluateAll((tds) =>
      tds.map((td) => {
        const content = (td.firstElementChild ?? td) as HTMLElement;
        const clips = (el: Element) =>
          getComputedStyle(el).overflow !== 'visible' && getComputedStyle(el).display !== 'inline';
        const wider = content.getBoundingClientRect().right > td.getBoundingClientRect().right + 0.5;
        return { text: td.textContent ?? '', overflowsCell: wider && !clips(td) && !clips(content) };
      }),
    );
    const merchant = cells.find((cell) => cell.text.startsWith('a-very-long-merchant'));
    expect(merchant).toBeDefined();
    expect(merchant?.overflowsCell).toBe(false);
    expect(cells.filter((cell) => cell.overflowsCell)).toEqual([]);
  });

  it('says what will go, then clears the Sandbox everywhere and keeps the other environment', async () => {
    const page = session.page;
    const viaUi = await createOrderThroughUi(page, 'Sandbox · Variant A');
    const viaCore = await createSandboxOrder(session, 'reset-e2e-2');
    const control = session.core.simulator!.control;
    const simulated = control.transactionCount();
    expect(simulated).toBeGreaterThanOrEqual(2);

    await openArea(page, 'History');
    await expect.poll(() => page.getByTestId('history-count').textContent()).toBe('3 transactions');

    await openArea(page, 'Simulator');
    await page.getByRole('button', { name: 'Reset Sandbox…' }).click();
    const dialog = page.getByTestId('sandbox-reset-confirm');
    await dialog.waitFor();
    const text = (await dialog.textContent()) ?? '';
    expect(text).toContain(`${simulated} simulated transactions`);
    expect(text).toContain('2 History rows of the Sandbox');
    expect(text).toMatch(/\d+ recorded exchanges/);
    expect(text).toContain('Sandbox · Variant A');
    await dialog.getByRole('button', { name: 'Reset Sandbox', exact: true }).click();
    const outcome = page.getByTestId('sandbox-reset-outcome');
    await outcome.waitFor();
    expect(await outcome.textContent()).toMatch(
      new RegExp(
        `^Sandbox reset: ${simulated} simulated transactions, 2 History rows, \\d+ exchanges and \\d+ notifications? removed\\. Other profiles were not touched\\.$`,
      ),
    );
    expect(control.transactionCount()).toBe(0);

    await openArea(page, 'History');
    await expect.poll(() => page.getByTestId('history-count').textContent()).toBe('1 transaction');
    expect(await page.locator(`tr[data-key="${OTHER}"]`).count()).toBe(1);
    for (const gone of [viaUi, viaCore]) expect(await page.locator(`tr[data-key="${gone}"]`).count()).toBe(0);

    // The Orders screen no longer points at an order that is gone.
    await openArea(page, 'Orders');
    await page
      .getByRole('button', { name: 'Create a test order' })
      .or(page.getByRole('button', { name: 'New order' }))
      .first()
      .waitFor();
    expect(await page.getByTestId('order-result').count()).toBe(0);
  });
});
