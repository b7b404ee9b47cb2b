/**
 * Issue 27 item 2: focus never drops to <body> after a button that removes or disables itself, and
 * "New order" is reachable without tabbing through the previous result (an early position and "N").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { openArea } from '../support/console-actions';
import { TOUR_STEPS } from '../../src-renderer/src/features/demo/tour-steps';

/** Where focus is: the tag, and the accessible region (aria-label) or list item it sits in. */
const focus = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      tag: element?.tagName ?? '',
      inBuilder: !!element?.closest('[aria-label="Order builder"]'),
      inResults: !!element?.closest('[aria-label="Follow-up results"]'),
      text: (element?.getAttribute('aria-label') ?? element?.textContent ?? '').trim(),
    };
  });

describe('keyboard focus after self-removing buttons (issue 27 item 2)', () => {
  let session: ConsoleSession;
  beforeAll(async () => {
    // Reduced motion: driver.js ignores keys while it animates a step.
    session = await openConsole({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    await session.page.getByTestId('app-mode').waitFor();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('Create a test order: focus moves to the new draft in the order builder, not to <body>', async () => {
    const { page } = session;
    await openArea(page, 'Orders');
    const create = page.getByRole('button', { name: 'Create a test order' });
    await create.focus();
    await page.keyboard.press('Enter');
    await create.waitFor({ state: 'detached' });
    await expect.poll(() => focus(page)).toMatchObject({ inBuilder: true });
    expect((await focus(page)).tag).not.toBe('BODY');
  });

  it('Send MB WAY request: focus moves to the answer in the follow-up results, not to <body>', async () => {
    const { page } = session;
    await page.keyboard.press('Control+Enter');
    const transactionId = page.getByTestId('transaction-id');
    await expect.poll(() => transactionId.textContent(), { timeout: 15_000 }).toMatch(/[A-Za-z0-9_-]{6,36}/);
    await page.getByLabel('MB WAY phone').first().fill('912345678');
    await page.getByRole('button', { name: 'Send MB WAY request' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('[data-kind="mbway"]').waitFor();
    await expect.poll(() => focus(page)).toMatchObject({ tag: 'LI', inResults: true });
  });

  it('New order is the first control after the Orders heading, before the previous result, and N starts one', async () => {
    const { page } = session;
    // Coming back to Orders puts focus on its heading (as any screen change does); one Tab later: New order.
    await openArea(page, 'History');
    await openArea(page, 'Orders');
    await expect.poll(() => focus(page)).toMatchObject({ tag: 'H2', text: 'Orders' });
    await page.keyboard.press('Tab');
    expect((await focus(page)).text).toBe('New order');

    // "N" from anywhere on the screen (not while typing): a fresh draft, focus on the builder.
    // Typed into a field, "n" is a letter, not the shortcut.
    const phone = page.getByLabel('MB WAY phone').first();
    await phone.fill('');
    await phone.focus();
    await page.keyboard.press('n');
    expect(await phone.inputValue()).toBe('n');
    expect((await focus(page)).inBuilder).toBe(false);
    await page.getByTestId('transaction-id').click();
    await page.keyboard.press('n');
    await expect.poll(() => focus(page)).toMatchObject({ inBuilder: true });
  });

  it("the tour's Esc moves focus to Resume the tour, and its Finish to the demo stage, not to <body>", async () => {
    const { page } = session;
    await openArea(page, 'Demo');
    await page.getByRole('button', { name: 'Start the tour' }).click();
    const popover = page.locator('.driver-popover');
    await popover.waitFor({ timeout: 15_000 });
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'detached' });
    await expect.poll(() => focus(page)).toMatchObject({ tag: 'BUTTON', text: 'Resume the tour' });

    await page.keyboard.press('Enter');
    await popover.waitFor({ timeout: 15_000 });
    const title = popover.locator('.driver-popover-title');
    // Move on to the last step (each step runs its calls first), then Finish.
    const finish = popover.getByRole('button', { name: 'Finish' });
    for (let step = 0; step < TOUR_STEPS.length && !(await finish.isVisible()); step++) {
      const before = await title.textContent();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => title.textContent(), { timeout: 15_000 }).not.toBe(before);
    }
    await finish.click();
    await popover.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('demo-stage');
  }, 120_000);
});
