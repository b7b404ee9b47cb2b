/**
 * The Inspector's "This session" list comes from history, not from the page's memory: after a reload it
 * lists the same exchanges, and one of them opens whole (its bodies read back from IndexedDB).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { createOrderThroughUi } from '../support/console-actions';

async function sessionList(page: Page): Promise<string[]> {
  const inspector = page.getByRole('region', { name: 'Inspector' });
  if (!(await inspector.isVisible())) await page.getByRole('button', { name: 'Inspector', exact: true }).click();
  await inspector.waitFor();
  const list = inspector.getByRole('navigation', { name: 'Exchanges' });
  await list.getByRole('button').first().waitFor();
  return list.getByRole('listitem').allTextContents();
}

describe('the Inspector after a reload (Chromium, browser mode)', () => {
  let session: ConsoleSession;
  beforeAll(async () => {
    session = await openConsole({ viewport: { width: 1400, height: 1000 } });
    await session.page.getByTestId('app-mode').waitFor();
  });
  afterAll(async () => {
    await session?.close();
  });

  it("lists this session's exchanges again, and opens one whole", async () => {
    const page = session.page;
    await createOrderThroughUi(page, 'Sandbox · Variant A');
    const panel = page.getByRole('region', { name: 'Follow-ups' });
    await panel.getByRole('button', { name: 'Refresh status (Ctrl+R)' }).click();
    await panel.locator('[data-kind="status"]').waitFor();
    await expect.poll(async () => (await sessionList(page)).length).toBe(2);
    const before = await sessionList(page);

    await page.reload();
    await page.getByTestId('app-mode').waitFor();
    await expect.poll(() => sessionList(page), { timeout: 10_000 }).toEqual(before);

    const inspector = page.getByRole('region', { name: 'Inspector' });
    await inspector.getByRole('navigation', { name: 'Exchanges' }).getByRole('button').first().click();
    const detail = inspector.getByRole('article', { name: 'Exchange getStatus' });
    await detail.waitFor();
    expect(await detail.getByRole('region', { name: 'Response body' }).textContent()).toContain('paymentStatus');
  });
});
