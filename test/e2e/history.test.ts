/**
 * History in real Chromium against the in-process core and its embedded simulator: support-desk lookup,
 * bulk status refresh with progress and cancel, and export → clear → import.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { createSandboxOrder, createShopOrder } from '../support/console-actions';

const openTool = async (page: Page, title: string) => {
  await page.getByText(title, { exact: true }).click();
};
const countText = (page: Page) => page.getByTestId('history-count').textContent();

describe('history in Chromium', () => {
  let session: ConsoleSession;
  let notRecorded: string;

  beforeAll(async () => {
    session = await openConsole({ open: false });
    // Made by the merchant's shop, not the console, so History never heard of it: a support ticket's transaction.
    notRecorded = await createShopOrder(session, 'ticket-order-1');
    await session.page.goto(session.host.url);
    await session.page.getByRole('link', { name: 'History', exact: true }).click();
    await session.page.getByRole('heading', { name: 'History' }).waitFor();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('records every call made through the core while the page is open', async () => {
    const page = session.page;
    await createSandboxOrder(session, 'live-order-1');
    await page.getByRole('table').getByText('live-order-1').waitFor();
    expect(await countText(page)).toBe('1 transaction');
  });

  it('looks up a transaction that is not in history and keeps it as "looked up"', async () => {
    const page = session.page;
    await openTool(page, 'Look up a transaction');
    await page.getByLabel('Transaction ID to look up').fill(notRecorded);
    await page.getByRole('button', { name: 'Look up', exact: true }).click();
    await page.getByText('saved to history as “looked up”').waitFor();
    const row = page.locator(`tr[data-key="${notRecorded}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('looked up'); // the Source column, in words;
    expect(await row.textContent()).toContain('ticket-order-1');

    // An id the gateway does not know: a clear message, and no row added.
    await page.getByLabel('Transaction ID to look up').fill('s2doesnotexist000000');
    await page.getByRole('button', { name: 'Look up', exact: true }).click();
    // A refused lookup first says the transaction may be another terminal's, then what the spec suggests.
    await page.getByRole('alert').filter({ hasText: 'The gateway refused the lookup' }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'may belong to another terminal' }).count()).toBe(1);
    expect(await countText(page)).toBe('2 transactions');
    await openTool(page, 'Look up a transaction');
  });

  it('refreshes statuses in bulk with progress, can be cancelled, and sums up', async () => {
    const page = session.page;
    for (let i = 0; i < 150; i++) await createSandboxOrder(session, `bulk-${i}`);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="history-count"]')?.textContent === '152 transactions',
    );
    await openTool(page, 'Refresh statuses');
    await page.getByLabel('Parallel requests').fill('1');
    await page.getByLabel('Parallel requests').blur();

    await page.getByRole('button', { name: 'Refresh current filter' }).click();
    await page.getByRole('progressbar', { name: 'Refresh progress' }).waitFor();
    await page.getByRole('button', { name: 'Cancel refresh' }).click();
    const cancelled = await page.getByTestId('bulk-summary').textContent();
    expect(cancelled).toMatch(/(\d+) changed, (\d+) unchanged, 0 failed, (\d+) not refreshed \(cancelled\)/);
    const [, changed, unchanged, left] = /(\d+) changed, (\d+) unchanged, 0 failed, (\d+) not refreshed/.exec(
      cancelled!,
    )!;
    expect(Number(changed) + Number(unchanged) + Number(left)).toBe(152);
    expect(Number(left)).toBeGreaterThan(0);

    // Run it to the end: every transaction was Pending-or-unseen, so each refresh is counted once.
    await page.getByLabel('Parallel requests').fill('8');
    await page.getByLabel('Parallel requests').blur();
    await page.getByRole('button', { name: 'Refresh current filter' }).click();
    await page.waitForFunction(() => {
      const text = document.querySelector('[data-testid="bulk-summary"]')?.textContent ?? '';
      return /^\s*\d+ changed/.test(text) && !text.includes('cancelled');
    });
    const done = (await page.getByTestId('bulk-summary').textContent())!;
    const [, changed2, unchanged2, failed2] = /(\d+) changed, (\d+) unchanged, (\d+) failed/.exec(done)!;
    expect(Number(failed2)).toBe(0);
    expect(Number(changed2) + Number(unchanged2)).toBeGreaterThan(0);
    expect(await page.getByTestId('bulk-progress').textContent()).toMatch(/^(\d+) \/ \1$/);

    // A selection of two: both were just refreshed, so nothing changes.
    const boxes = page.getByRole('checkbox', { name: /^Select s2/ });
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await page.getByRole('button', { name: 'Refresh 2 selected' }).click();
    await page.waitForFunction(() =>
      /^\s*0 changed, 2 unchanged, 0 failed/.test(
        document.querySelector('[data-testid="bulk-summary"]')?.textContent ?? '',
      ),
    );
    await openTool(page, 'Refresh statuses');
  });

  it('exports JSON, clears history, and imports it back', async () => {
    const page = session.page;
    await openTool(page, 'Export and import');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export JSON' }).click(),
    ]);
    const file = await download.path();
    const exported = JSON.parse(readFileSync(file, 'utf8')) as {
      format: string;
      transactions: unknown[];
      exchanges: unknown[];
    };
    expect(exported.format).toBe('gateway-console-history');
    expect(exported.transactions).toHaveLength(152);
    expect(JSON.stringify(exported)).not.toMatch(/sbx_/); // no Sandbox bearer token or client id

    await openTool(page, 'Storage and retention');
    await page.getByLabel('Clear older than (days)').fill('0');
    await page.getByRole('button', { name: 'Clear older than…' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="history-count"]')?.textContent === '0 transactions',
    );

    await page.locator('input[type="file"]').setInputFiles(file);
    await page.getByTestId('import-summary').waitFor();
    expect(await page.getByTestId('import-summary').textContent()).toContain('152 new, 0 merged');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="history-count"]')?.textContent === '152 transactions',
    );

    // Search by merchant id prefix, then open the transaction's timeline and an exchange.
    await page.keyboard.press('/');
    await page.keyboard.type('ticket-order');
    await page.locator(`tr[data-key="${notRecorded}"]`).click();
    await page.getByRole('list', { name: 'Timeline' }).waitFor();
    await page
      .getByRole('button', { name: /^Open exchange: Status refreshed/ })
      .first()
      .click();
    // The shared inspector opens it beside the timeline.
    const url = page.getByRole('region', { name: 'Inspector' }).getByTestId('exchange-url');
    await url.waitFor();
    expect(await url.textContent()).toContain(`/payments/${notRecorded}/status`);
    expect(session.pageErrors).toEqual([]);
  });
});
