/**
 * Issue 26 §3 acceptance in real Chromium (browser mode, the embedded simulator): "Run all" of the
 * built-in scenarios and "Start demo" leave the user's Sandbox transactions and clock as they were — a
 * pending Multibanco reference of theirs is still pending, the clock offset unchanged — because each has
 * a Sandbox world of its own; End demo and "Delete this run" discard those worlds; the Simulator screen
 * shows the chosen world's transactions only, chosen by keyboard, and fits 960×600.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { saveScreenshot } from '../support/chromium';
import { createSandboxOrder, openArea } from '../support/console-actions';
import { interactiveOutsideViewport } from './accessibility-checks';

/** The Simulator screen's rows (transaction ids) for the world it shows. */
const rowIds = (page: Page) =>
  page.locator('tr[data-transaction]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-transaction')));

describe('Sandbox worlds: the user’s Sandbox is never overwritten (Chromium)', () => {
  let session: ConsoleSession;
  let mine: string;
  let offsetBefore: number;
  beforeAll(async () => {
    session = await openConsole({ viewport: { width: 1400, height: 900 }, reducedMotion: 'reduce' });
    await session.page.getByTestId('app-mode').waitFor();
    // The tester's own pending Multibanco reference, in their own Sandbox.
    mine = await createSandboxOrder(session, `my-reference-${Date.now()}`);
    const reference = await session.core.dispatch('payments.generateReference', {
      profileId: 'sandbox-a',
      transactionId: mine,
    });
    expect(reference.ok).toBe(true);
    offsetBefore = session.core.simulator!.control.clockView().offsetSeconds;
  });
  afterAll(async () => {
    await session?.close();
  });

  const expectMySandboxUnchanged = async () => {
    const control = session.core.simulator!.control;
    expect(control.transactionCount()).toBe(1);
    expect(control.clockView().offsetSeconds).toBe(offsetBefore);
    const [transaction] = control.newestTransactions(10);
    expect(transaction).toMatchObject({ transactionID: mine, paymentStatus: 'Pending' });
    expect(transaction!.reference?.status).not.toBe('Expired');
  };

  it('issue 26 defect: Run all of the built-in scenarios moved the Sandbox clock +1 h 18 min and expired my pending reference — now my Sandbox is unchanged', async () => {
    const { page } = session;
    await openArea(page, 'Scenarios');
    const runAll = page.getByRole('button', { name: /^Run all \((\d+)\)$/ });
    await runAll.click();
    await page.getByRole('status').filter({ hasText: 'Running…' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Running…' }).waitFor({ state: 'hidden', timeout: 90_000 });
    const summary = (await page.getByTestId('run-summary').textContent()) ?? '';
    expect(summary).toMatch(/^(\d+) passed, 0 failed, 0 skipped of \1$/);

    await expectMySandboxUnchanged();
    // The run's world holds the run's transactions and its moved clock.
    const runWorlds = session.core.simulator!.worlds.list().filter((world) => world.id.startsWith('run-'));
    expect(runWorlds).toHaveLength(1);
    expect(runWorlds[0]!.control.transactionCount()).toBeGreaterThan(10);
    expect(runWorlds[0]!.control.clockView().offsetSeconds).toBeGreaterThan(3600);

    // The Simulator screen shows my Sandbox by default, and the run's world when I choose it, by keyboard.
    await openArea(page, 'Simulator');
    await expect.poll(() => rowIds(page)).toEqual([mine]);
    const picker = page.getByLabel('World');
    await picker.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => picker.inputValue()).toBe(runWorlds[0]!.id);
    await expect.poll(async () => (await rowIds(page)).length).toBe(runWorlds[0]!.control.transactionCount());
    expect(await rowIds(page)).not.toContain(mine);
    await page.setViewportSize({ width: 960, height: 600 });
    expect(await interactiveOutsideViewport(page)).toEqual([]);
    await saveScreenshot(page, 'simulator-run-world');
    await page.setViewportSize({ width: 1400, height: 900 });
    await picker.selectOption({ label: 'Your Sandbox' });
    await expect.poll(() => rowIds(page)).toEqual([mine]);

    // Deleting the run discards its world.
    await openArea(page, 'Scenarios');
    await page.getByRole('button', { name: 'Delete this run' }).click();
    await expect.poll(() => session.core.simulator!.worlds.get(runWorlds[0]!.id)).toBeUndefined();
    await expectMySandboxUnchanged();
  }, 150_000);

  it('issue 26 defect: Start demo wiped my Sandbox and moved its clock +21 days — now my Sandbox is unchanged, and End demo discards the demo world', async () => {
    const { page } = session;
    await openArea(page, 'Demo');
    await page.getByRole('button', { name: 'Start demo' }).click();
    await page.locator('.driver-popover').waitFor({ timeout: 60_000 });
    await expect.poll(() => page.getByText(/^Seeded \d+ orders from /).count()).toBe(1);
    await page.keyboard.press('Escape');
    await page.locator('.driver-popover').waitFor({ state: 'detached' });

    await expectMySandboxUnchanged();
    const demo = session.core.simulator!.worlds.get('demo')!;
    expect(demo.control.transactionCount()).toBe(27);
    // One time line: the demo world's clock is at now, where the tour's live calls go on.
    expect(Math.abs(demo.control.clockView().offsetSeconds)).toBeLessThan(120);

    await page.getByRole('button', { name: 'End demo' }).click();
    await page.getByRole('button', { name: 'End the demo' }).click();
    await page.getByText('Demo ended: its world was discarded. Your Sandbox is as it was.').waitFor();
    expect(session.core.simulator!.worlds.get('demo')).toBeUndefined();
    await expectMySandboxUnchanged();
    // My own order is still in History; the demo's rows are gone with its world.
    await openArea(page, 'History');
    await expect.poll(() => page.getByTestId('history-count').textContent()).toBe('1 transaction');
    expect(session.pageErrors).toEqual([]);
  }, 120_000);
});
