/**
 * Issue 27, the onboarding presenter's defects, as a presenter meets them in real Chromium: Start demo
 * leaves the presenter's Sandbox as it is (issue 26: the demo has a world of its own); the tour never drops a key, re-shows what a step recorded instead of calling
 * again, resumes at the exact step with the focus on it; presenter mode is readable from the back of a
 * room and its popover never covers the panel it explains; after End demo, the Notifications count and
 * the Inspector agree that the demo's world is gone. One session: each test goes on from the last.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import demoEn from '../../src-renderer/src/i18n/messages/demo.en';
import { TOUR_STEPS } from '../../src-renderer/src/features/demo/tour-steps';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { createSandboxOrder, openArea } from '../support/console-actions';

const titleOf = (id: string) => (demoEn.tour.steps as Record<string, { title: string }>)[id]!.title;
const indexOf = (id: string) => TOUR_STEPS.findIndex((step) => step.id === id);

const popoverTitle = (page: Page) => page.locator('.driver-popover .driver-popover-title');
const expectStep = (page: Page, id: string) =>
  expect.poll(() => popoverTitle(page).textContent(), { timeout: 20_000 }).toBe(titleOf(id));

/** Font size in px of the first element `selector` finds. */
const fontSize = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => parseFloat(getComputedStyle(element).fontSize));

/** How much of the highlighted panel's visible part the popover covers, in px² (0: none). */
const coveredArea = (page: Page) =>
  page.evaluate(() => {
    const popover = document.querySelector('.driver-popover')!.getBoundingClientRect();
    const target = document.querySelector('.driver-active-element')!.getBoundingClientRect();
    const top = Math.max(0, target.top);
    const bottom = Math.min(window.innerHeight, target.bottom);
    const width = Math.min(popover.right, target.right) - Math.max(popover.left, target.left);
    const height = Math.min(popover.bottom, bottom) - Math.max(popover.top, top);
    return width > 0 && height > 0 ? Math.round(width * height) : 0;
  });

describe('Demo: the onboarding presenter’s defects (issue 27, Chromium, browser mode)', () => {
  let session: ConsoleSession;
  /** Every exchange the core recorded, with its transaction. */
  const recorded: Array<{ id: string; transactionID: string | null; profileId?: string | null }> = [];
  beforeAll(async () => {
    session = await openConsole({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    session.core.events.subscribe((name, payload) => {
      if (name === 'exchanges.recorded')
        recorded.push(payload as { id: string; transactionID: string | null; profileId?: string | null });
    });
    await session.page.getByTestId('app-mode').waitFor();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('item 1 defect: Start demo reset the Sandbox without asking — it now leaves the presenter’s Sandbox untouched (the demo has its own world)', async () => {
    const { page } = session;
    const control = session.core.simulator!.control;
    await createSandboxOrder(session, 'presenter-own-work');
    expect(control.transactionCount()).toBe(1);
    await openArea(page, 'Demo');

    await page.getByRole('button', { name: 'Start demo' }).click();
    await page.locator('.driver-popover').waitFor({ timeout: 60_000 });
    await expectStep(page, 'intro');
    await expect
      .poll(() => page.evaluate(() => document.querySelector('.driver-active-element')?.id ?? null))
      .toBe('demo-stage');
    await expect.poll(() => page.getByText(/^Seeded \d+ orders from /).count()).toBe(1);
    // Nothing was asked because nothing of the presenter's goes: their order is still in their Sandbox,
    // and the seeded weeks are in the demo's world.
    expect(control.transactionCount()).toBe(1);
    expect(session.core.simulator!.worlds.get('demo')!.control.transactionCount()).toBe(27);
  });

  it('item 2 defect: arrow presses right after a step change were dropped — three quick presses move three steps', async () => {
    const { page } = session;
    await page.keyboard.press('ArrowRight');
    await expectStep(page, 'aCreate');
    // No waiting between presses: the second and third come while a step's calls run.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expectStep(page, 'mbwayApproved');
    await expect.poll(() => page.locator('.driver-active-element').getAttribute('id')).toBe('demo-notification');
  });

  it('item 3 defect: Back/Next re-sent real calls — revisiting re-shows what was recorded, and sends nothing', async () => {
    const { page } = session;
    const control = session.core.simulator!.worlds.get('demo')!.control;
    const orders = control.transactionCount();
    const calls = recorded.length;
    const createdId = recorded.at(-1)!.transactionID!;
    const requestText = () => page.locator('#demo-request').textContent();
    const mbwayRequest = (await requestText()) ?? '';

    for (const id of ['mbwayRequest', 'aCreated', 'aCreate']) {
      await page.keyboard.press('ArrowLeft');
      await expectStep(page, id);
    }
    // The create step shows its own create request again (not the MB WAY call that followed it).
    await expect.poll(requestText).toContain('"merchantTransactionId"');
    expect(await requestText()).not.toBe(mbwayRequest);
    expect(await page.locator('#demo-stage').textContent()).toContain(createdId);

    for (const id of ['aCreated', 'mbwayRequest', 'mbwayApproved']) {
      await page.getByRole('button', { name: 'Next' }).click();
      await expectStep(page, id);
    }
    expect(recorded.length).toBe(calls);
    expect(control.transactionCount()).toBe(orders);
  });

  it('item 2 defect: Esc then "Resume the tour" restarted at step 2 with a new order — it resumes at the exact step, focused', async () => {
    const { page } = session;
    const control = session.core.simulator!.worlds.get('demo')!.control;
    const orders = control.transactionCount();
    const calls = recorded.length;
    await page.keyboard.press('Escape');
    await page.locator('.driver-popover').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Resume the tour' }).click();
    await expectStep(page, 'mbwayApproved');
    expect(await page.locator('.driver-popover-progress-text').textContent()).toBe(
      `${indexOf('mbwayApproved') + 1} of ${TOUR_STEPS.length}`,
    );
    await expect
      .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('.driver-popover'))))
      .toBe(true);
    expect(recorded.length).toBe(calls);
    expect(control.transactionCount()).toBe(orders);
    // And the keys still drive it.
    await page.keyboard.press('ArrowRight');
    await expectStep(page, 'status');
  });

  it('item 4 defect: presenter mode kept 14 px text and 12 px code, full ids, and a popover over its panel', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 960, height: 600 });
    await page.keyboard.press('Control+Shift+P');
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('presenter'))).toBe(true);

    // The tour's popover is re-drawn by the step change that ended the test before: measure the one shown.
    await expect.poll(() => fontSize(page, '.driver-popover-description')).toBeGreaterThanOrEqual(18);
    expect(await fontSize(page, '#demo-response .demo-summary')).toBeGreaterThanOrEqual(18);
    expect(await fontSize(page, '#demo-stage .demo-tx')).toBeGreaterThanOrEqual(18);
    expect(await fontSize(page, '#demo-request pre')).toBeGreaterThanOrEqual(16);
    expect(await fontSize(page, '#demo-response pre')).toBeGreaterThanOrEqual(16);

    // Ids shortened on what the audience reads: the transaction line, the request (URL included) and the
    // answer. ("Your server's code" keeps the real id: it is code to paste and run.)
    const transactionId = recorded.at(-1)!.transactionID!;
    expect(transactionId.length).toBeGreaterThan(10);
    for (const panel of ['.demo-tx', '#demo-request', '#demo-response']) {
      const text = (await page.locator(panel).textContent()) ?? '';
      expect(text, panel).toContain(`${transactionId.slice(0, 8)}…`);
      expect(text, panel).not.toContain(transactionId);
    }

    // From here to the end of the tour: no popover over the panel it explains (the whole stage excepted).
    for (let index = indexOf('status'); index < TOUR_STEPS.length; index++) {
      const step = TOUR_STEPS[index]!;
      await expectStep(page, step.id);
      if (step.id === 'code') expect(await fontSize(page, '#demo-code pre')).toBeGreaterThanOrEqual(16);
      if (step.target !== 'stage') {
        await expect
          .poll(() => coveredArea(page), { timeout: 5_000, message: `step ${step.id} covers ${step.target}` })
          .toBe(0);
      }
      if (index < TOUR_STEPS.length - 1) await page.keyboard.press('ArrowRight');
    }
    await page.keyboard.press('Escape');
    await page.locator('.driver-popover').waitFor({ state: 'detached' });
    await page.keyboard.press('Control+Shift+P');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('item 5 defect: after End demo, "84 deliveries journaled" over an empty table and the Inspector kept the exchanges — the demo’s world leaves nothing behind', async () => {
    const { page } = session;
    await openArea(page, 'Notifications');
    await expect
      .poll(() => page.getByText(/^\d+ deliver(y|ies) journaled$/).textContent(), { timeout: 15_000 })
      .toMatch(/^[1-9]\d* deliver(y|ies) journaled$/);

    await openArea(page, 'Demo');
    await page.getByRole('button', { name: 'End demo' }).click();
    await page.getByRole('button', { name: 'End the demo' }).click();
    await page.getByText('Demo ended: its world was discarded. Your Sandbox is as it was.').waitFor();
    expect(session.core.simulator!.worlds.get('demo')).toBeUndefined();

    // What main still journals is the presenter's own Sandbox only, and the page says the same count.
    const kept = await session.core.dispatch('notifications.list', {});
    const records = kept.ok ? (kept.value as { records: Array<{ profileId: string | null }> }).records : [];
    expect(records.filter((record) => record.profileId?.startsWith('world-'))).toEqual([]);
    await openArea(page, 'Notifications');
    await expect
      .poll(() => page.getByText(/^\d+ deliver(y|ies) journaled$/).textContent())
      .toBe(`${records.length} ${records.length === 1 ? 'delivery' : 'deliveries'} journaled`);

    // The Inspector keeps the presenter's own exchanges only: none of the demo's.
    const own = recorded.filter((exchange) => !exchange.profileId?.startsWith('world-')).length;
    const inspector = page.getByRole('region', { name: 'Inspector' });
    if (!(await inspector.isVisible())) await page.getByRole('button', { name: 'Inspector', exact: true }).click();
    await inspector.waitFor();
    await expect
      .poll(() => inspector.getByRole('navigation', { name: 'Exchanges' }).getByRole('button').count())
      .toBe(own);
    expect(session.core.simulator!.control.transactionCount()).toBe(1);
    expect(session.pageErrors).toEqual([]);
  });
});
