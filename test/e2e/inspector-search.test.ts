/**
 * Issue 27 item 4: the Inspector can be searched, narrowed to one transaction and cleared — and
 * clearing it empties only the list, never History.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { createSandboxOrder, openArea } from '../support/console-actions';

const inspectorRegion = (page: Page) => page.getByRole('region', { name: 'Inspector' });
const rows = (page: Page) =>
  inspectorRegion(page).getByRole('list', { name: 'Listed exchanges' }).getByRole('listitem').allTextContents();

describe('Inspector search, transaction filter and clear (issue 27 item 4)', () => {
  let session: ConsoleSession;
  beforeAll(async () => {
    session = await openConsole({ viewport: { width: 1400, height: 900 } });
    await session.page.getByTestId('app-mode').waitFor();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('Inspector has search, filter by transaction and clear; clearing keeps History', async () => {
    const { page } = session;
    const first = await createSandboxOrder(session, 'ux-inspector-1');
    const second = await createSandboxOrder(session, 'ux-inspector-2');
    await page.getByRole('button', { name: 'Inspector', exact: true }).click();
    const inspector = inspectorRegion(page);
    await inspector.waitFor();
    await expect.poll(async () => (await rows(page)).length).toBe(2);

    // Search by a pasted merchantTransactionId: only that order's exchange stays.
    const search = inspector.getByRole('searchbox', { name: 'Search exchanges' });
    await search.fill('ux-inspector-2');
    await expect.poll(async () => (await rows(page)).length).toBe(1);
    await inspector.getByRole('list', { name: 'Listed exchanges' }).getByRole('button').click();
    await expect.poll(() => inspector.getByRole('article').first().textContent()).toContain(second);
    // Outside text is only text: a pattern-looking query matches nothing and says so.
    await search.fill('.*');
    await inspector.getByText('No listed exchange matches “.*”.').waitFor();
    await search.fill('');
    await expect.poll(async () => (await rows(page)).length).toBe(2);

    // Filter by transaction: the list is that transaction's exchanges, named in the heading.
    await inspector.getByTestId('inspector-transaction-filter').click();
    await page.locator('.n-base-select-option', { hasText: first }).click();
    await inspector.getByText(`Transaction ${first}`).waitFor();
    expect(await rows(page)).toHaveLength(1);
    await inspector.getByRole('button', { name: 'Show session' }).click();
    await expect.poll(async () => (await rows(page)).length).toBe(2);

    // Clear: the list empties, stays empty after a reload, and History still has both orders.
    await inspector.getByRole('button', { name: 'Clear list' }).click();
    await inspector.getByText('No exchanges yet').waitFor();
    await page.reload();
    await page.getByTestId('app-mode').waitFor();
    await page.getByRole('button', { name: 'Inspector', exact: true }).click();
    await inspectorRegion(page).getByText('No exchanges yet').waitFor();
    await page.keyboard.press('Escape');
    await openArea(page, 'History');
    await expect.poll(() => page.getByText(first).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await page.getByText(second).count()).toBeGreaterThan(0);
  });
});
