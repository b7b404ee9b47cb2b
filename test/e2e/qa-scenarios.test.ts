/**
 * Issue 16 acceptance in Chromium: the built-in library runs green on the Sandbox from the Scenarios
 * screen; a deliberately wrong expectation shows the failing step with expected vs actual and opens its
 * exchange in the Inspector; the screen passes axe and fits 960×600 with results on it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { interactiveOutsideViewport } from './accessibility-checks';
import { expectNoSecretsInPage, openArea, addScenario } from '../support/console-actions';
import { saveScreenshot } from '../support/chromium';

const WRONG = `format: gateway-console/scenario@1
name: Deliberately wrong expectation
variant: A
steps:
  - id: create
    create: {}
  - status: { transactionID: "\${create.transactionID}" }
    expect: { paymentStatus: Success }
`;

/** axe's serious/critical findings inside the Scenarios screen (the shell around it is audited by accessibility.test.ts). */
async function screenViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include('section[aria-label="Scenarios"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

describe('Scenarios screen (Chromium)', () => {
  let session: ConsoleSession;
  beforeAll(async () => {
    session = await openConsole({ viewport: { width: 1400, height: 900 }, reducedMotion: 'reduce' });
    await openArea(session.page, 'Scenarios');
  });
  afterAll(async () => {
    await session?.close();
  });

  it('runs the whole built-in library green on the Sandbox, with live progress', async () => {
    const page = session.page;
    const runAll = page.getByRole('button', { name: /^Run all \((\d+)\)$/ });
    const total = Number(/\((\d+)\)/.exec((await runAll.textContent()) ?? '')![1]);
    expect(total).toBeGreaterThanOrEqual(30);
    const progress: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/events')) progress.push(1);
    });
    await runAll.click();
    await page.getByRole('status').filter({ hasText: 'Running…' }).waitFor();
    // Results appear one by one while the run goes on (push events), before the run ends.
    await page.locator('article[data-status]').first().waitFor();
    await page.getByRole('status').filter({ hasText: 'Running…' }).waitFor({ state: 'hidden', timeout: 90_000 });
    const summary = await page.getByTestId('run-summary').textContent();
    const runs = Number(/of (\d+)$/.exec(summary ?? '')![1]);
    expect(runs).toBeGreaterThanOrEqual(30);
    expect(summary).toBe(`${runs} passed, 0 failed, 0 skipped of ${runs}`);
    expect(await page.locator('article[data-status="passed"]').count()).toBe(runs);
    await saveScreenshot(page, 'qa-builtin-green');
    await expectNoSecretsInPage(session);
  }, 120_000);

  it('a deliberately wrong expectation shows the failing step, expected vs actual, and its exchange', async () => {
    const page = session.page;
    await addScenario(page, 'wrong.yaml', WRONG, 'Deliberately wrong expectation');
    await page.getByRole('button', { name: 'Run Deliberately wrong expectation' }).click();
    const failed = page.getByRole('article', { name: 'Deliberately wrong expectation' });
    await failed.and(page.locator('[data-status="failed"]')).waitFor({ timeout: 30_000 });
    const step = failed.locator('li[data-status="failed"]');
    await expect.poll(() => step.getByTestId('expected').textContent()).toBe('"Success"');
    expect(await step.getByTestId('actual').textContent()).toBe('"Pending"');
    expect(await page.getByTestId('run-summary').textContent()).toBe('0 passed, 1 failed, 0 skipped of 1');
    await step.getByRole('button', { name: 'Open exchange 1 of step 2 in the Inspector' }).click();
    const inspector = page.getByRole('region', { name: 'Inspector' });
    await inspector.waitFor();
    await inspector
      .getByText(/\/status/)
      .first()
      .waitFor();
    await saveScreenshot(page, 'qa-failing-step-inspector');
    await page.keyboard.press('Escape');
    await inspector.waitFor({ state: 'hidden' });
    // Re-run failed offers exactly the failing scenario.
    await page.getByRole('button', { name: 'Re-run failed (1)' }).waitFor();
  }, 60_000);

  it('passes axe and fits 960×600 with a failing result on screen, and is keyboard-operable', async () => {
    const page = session.page;
    expect(await screenViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 960, height: 600 });
    expect(await interactiveOutsideViewport(page)).toEqual([]);
    expect(await screenViolations(page)).toEqual([]);
    // Keyboard: the per-scenario Run button is reachable by Tab and starts a run with Enter.
    const run = page.getByRole('button', { name: 'Run Variant A order is created with formContext and expiry' });
    await run.focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('article', { name: 'Variant A order is created with formContext and expiry' })
      .and(page.locator('[data-status="passed"]'))
      .waitFor({ timeout: 30_000 });
    expect(session.pageErrors).toEqual([]);
  }, 60_000);
});
