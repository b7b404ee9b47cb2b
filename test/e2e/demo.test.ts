/**
 * Demo mode in real Chromium: Start demo seeds three weeks of payments through the simulator, in a
 * demo world of its own; the guided tour runs to its end by keyboard (a screenshot per step), drawing the
 * sequence diagrams of an A + MB WAY flow, a Multibanco reference flow and a B + action flow; End demo
 * discards the demo world and its History rows. Also: no CSP violation (the inline SVG diagram, driver.js) and no
 * serious axe finding on the Demo screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import demoEn from '../../src-renderer/src/i18n/messages/demo.en';
import { TOUR_STEPS } from '../../src-renderer/src/features/demo/tour-steps';
import { seriousAxeViolations } from './accessibility-checks';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { join } from 'node:path';
import { SCREENSHOT_DIR, saveScreenshot } from '../support/chromium';
import { openArea } from '../support/console-actions';

const PARTICIPANTS = Object.values(demoEn.diagram.participant);
const titleOf = (id: string) => (demoEn.tour.steps as Record<string, { title: string }>)[id]!.title;

/** The diagram's participants and its message lines (as sequence-svg.ts drew them), once it has `atLeast` messages. */
async function diagram(page: Page, atLeast: number): Promise<{ actors: string[]; messages: string[] }> {
  const figure = page.getByTestId('sequence-diagram');
  let read = { actors: [] as string[], messages: [] as string[] };
  await expect
    .poll(
      async () => {
        read = await figure.evaluate((element) => ({
          actors: [...element.querySelectorAll('svg text.participant')].map((n) => (n.textContent ?? '').trim()),
          messages: [...element.querySelectorAll('svg text.message')].map((n) => (n.textContent ?? '').trim()),
        }));
        return read.messages.length;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(atLeast);
  return read;
}

/**
 * What the presenter's audience sees: the viewport only (a full-page capture stretches the window and
 * misplaces the tour's fixed overlay).
 */
const tourShot = (page: Page, name: string) =>
  page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), animations: 'disabled' });

function expectTimeOrdered(messages: string[]): void {
  const times = messages.map((text) => /^(\d\d:\d\d:\d\d)/.exec(text)?.[1]);
  expect(times.every(Boolean), messages.join('\n')).toBe(true);
  expect(times).toEqual([...times].sort());
}

describe('Demo mode and the guided tour (Chromium, browser mode)', () => {
  let session: ConsoleSession;
  beforeAll(async () => {
    // Reduced motion: the tour does not animate, so each key press is taken at once.
    session = await openConsole({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    await session.page.getByTestId('app-mode').waitFor();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('start demo → seeded history → the tour to its end → end demo discards the demo world', async () => {
    const { page } = session;
    const demoWorld = () => session.core.simulator!.worlds.get('demo');
    await openArea(page, 'Demo');
    // The top bar's Sandbox tag (#0d9488, the Sandbox profiles' own colour) is the shell's, not this screen's.
    const ownViolations = async () => (await seriousAxeViolations(page)).filter((v) => !v.includes('.env-tag'));
    expect(await ownViolations()).toEqual([]);

    await page.getByRole('button', { name: 'Start demo' }).click();
    const popover = page.locator('.driver-popover');
    await popover.waitFor({ timeout: 45_000 });
    await expect.poll(() => page.getByText(/^Seeded \d+ orders from /).count()).toBe(1);
    // The seeded weeks: 28 orders, one of them refused (the 503 the tour explains).
    expect(demoWorld()!.control.transactionCount()).toBe(27);

    const diagrams: Record<string, { actors: string[]; messages: string[] }> = {};
    for (const [index, step] of TOUR_STEPS.entries()) {
      await expect
        // A step runs its calls (up to four, and the simulator clock) before it shows.
        .poll(() => popover.locator('.driver-popover-title').textContent(), { timeout: 15_000 })
        .toBe(titleOf(step.id))
        .catch(async (error: unknown) => {
          throw new Error(
            `${String(error)}; alerts: ${(await page.locator('[role=alert]').allTextContents()).join(' / ')}`,
          );
        });
      await expect.poll(() => page.locator('.driver-active-element').getAttribute('id')).toBe(`demo-${step.target}`);
      await tourShot(page, `demo-tour-${String(index + 1).padStart(2, '0')}-${step.id}`);
      if (step.id === 'diagram') diagrams.mbway = await diagram(page, 8);
      if (step.id === 'referencePaid') diagrams.reference = await diagram(page, 7);
      if (step.id === 'bAction') diagrams.action = await diagram(page, 4);
      if (step.id === 'error') {
        expect(await page.locator('#demo-response').textContent()).toContain('query the status before doing anything');
      }
      // Keyboard-operable: the arrow key moves the tour on (and runs the next step's calls).
      await page.keyboard.press('ArrowRight');
    }
    await popover.waitFor({ state: 'detached' });
    expect(session.pageErrors).toEqual([]);
    // The stage, full of a finished tour (diagram, code tabs), is still accessible.
    expect(await ownViolations()).toEqual([]);

    for (const [flow, drawn] of Object.entries(diagrams)) {
      for (const name of PARTICIPANTS) expect(drawn.actors.join(' | '), `${flow}: ${name}`).toContain(name);
      expectTimeOrdered(drawn.messages);
    }
    expect(diagrams.mbway!.messages.join('\n')).toMatch(/Create order[\s\S]*MB WAY request[\s\S]*Notification/);
    expect(diagrams.reference!.messages.join('\n')).toMatch(/Generate Multibanco reference[\s\S]*pays the reference/);
    expect(diagrams.action!.messages.join('\n')).toMatch(/Create order[\s\S]*Extra step \(action\)/);

    await openArea(page, 'History');
    await expect
      .poll(async () => Number(/\d+/.exec((await page.getByTestId('history-count').textContent()) ?? '')?.[0] ?? 0))
      .toBeGreaterThanOrEqual(30);

    // The picture at a glance: the seeded weeks by status, every status the story reached.
    await page.getByText('Payments by status over time', { exact: true }).click();
    const chart = page.getByTestId('status-chart');
    await expect.poll(() => chart.getAttribute('data-summary')).toMatch(/Success: \d+/);
    // Chart.js, fetched only now (its own chunk), has drawn on the canvas: it sizes the canvas it takes over.
    await expect.poll(() => chart.getAttribute('style')).toMatch(/box-sizing/);
    const summary = (await chart.getAttribute('data-summary')) ?? '';
    // The legend names statuses in words (issue 27: never the raw keys InProcessing / OutcomeUnknown).
    for (const status of ['Pending', 'In processing', 'Success', 'Declined', 'Error', 'Timeout', 'Expired'])
      expect(summary).toContain(`${status}:`);
    expect(summary).not.toMatch(/InProcessing|OutcomeUnknown|NotSeen/);
    await saveScreenshot(page, 'demo-history-chart');

    // Presenter mode at 960×600 on a tour started again: larger type, ids shortened, not even the masked
    // last four of a credential. Escape pauses the tour; it resumes at the step it was paused at.
    await openArea(page, 'Demo');
    await page.setViewportSize({ width: 960, height: 600 });
    await page.keyboard.press('Control+Shift+P');
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('presenter'))).toBe(true);
    await page.getByRole('button', { name: 'Start the tour' }).click();
    await expect.poll(() => popover.locator('.driver-popover-title').textContent()).toBe(titleOf('intro'));
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => popover.locator('.driver-popover-title').textContent(), { timeout: 15_000 })
      .toBe(titleOf('aCreate'));
    const stageText = (await page.locator('#demo-stage').textContent()) ?? '';
    expect(stageText).toMatch(/Transaction \S{8}…/);
    expect(stageText).toContain('Authorization: Bearer ••••');
    expect(stageText).not.toMatch(/••••[A-Za-z0-9_-]/);
    await tourShot(page, 'demo-presenter-960x600');
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'detached' });
    expect(await ownViolations()).toEqual([]);
    await page.getByRole('button', { name: 'Resume the tour' }).click();
    await expect
      .poll(() => popover.locator('.driver-popover-title').textContent(), { timeout: 15_000 })
      .toBe(titleOf('aCreate'));
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'detached' });
    await page.keyboard.press('Control+Shift+P');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'End demo' }).click();
    await page.getByRole('button', { name: 'End the demo' }).click();
    await page.getByText('Demo ended: its world was discarded. Your Sandbox is as it was.').waitFor();
    expect(demoWorld()).toBeUndefined();
    // Neither the seeding nor the tour (also started again after leaving the screen) touched the user's Sandbox.
    expect(session.core.simulator!.control.transactionCount()).toBe(0);
    await openArea(page, 'History');
    await expect.poll(() => page.getByTestId('history-count').textContent()).toBe('0 transactions');
  });
});
