/**
 * Issue 27 (QA tester, item 6) in Chromium: the History rows a scenario run created are marked with their
 * run and can be filtered; a row made by hand is not marked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResult } from '@shared/contract/qa';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { createSandboxOrder, openArea } from '../support/console-actions';

const CREATES = `format: gateway-console/scenario@1
name: Creates one order
variant: A
steps:
  - create: {}
`;

describe('History marks the rows of scenario runs (Chromium, issue 27)', () => {
  let session: ConsoleSession;
  beforeAll(async () => {
    session = await openConsole({ viewport: { width: 1600, height: 900 }, reducedMotion: 'reduce' });
  });
  afterAll(async () => {
    await session?.close();
  });

  it('defect "rows created by runs look like real ones": marked with their run, and "only rows created by scenario runs" filters', async () => {
    const page = session.page;
    await openArea(page, 'Scenarios');
    const byHand = await createSandboxOrder(session, `by-hand-${Date.now()}`);
    await page.getByLabel('File name').fill('creates.yaml');
    await page.getByLabel('Scenario (YAML or JSON)').fill(CREATES);
    await page.getByRole('button', { name: 'Check and add' }).click();
    await page.getByRole('button', { name: 'Run Creates one order' }).click();
    const article = page.getByRole('article', { name: 'Creates one order' });
    await expect.poll(() => article.getAttribute('data-status'), { timeout: 15_000 }).toBe('passed');
    const result = await session.core.dispatch('qa.latestRun', undefined);
    if (!result.ok) throw new Error(result.error.message);
    const run = result.value as RunResult;
    const fromRun = run.scenarios[0]!.steps[0]!.exchanges[0]!.transactionID!;

    await openArea(page, 'History');
    const runRow = page.locator(`tr[data-key="${fromRun}"]`);
    await runRow.waitFor();
    const mark = runRow.getByTestId('qa-run-mark');
    expect(await mark.textContent()).toBe(`Run ${run.id.slice(0, 8)}`);
    expect(await mark.getAttribute('title')).toBe(`Created by scenario run ${run.id} (added/creates.yaml)`);
    const handRow = page.locator(`tr[data-key="${byHand}"]`);
    await handRow.waitFor();
    expect(await handRow.getByTestId('qa-run-mark').count()).toBe(0);

    await page.getByLabel('Only rows created by scenario runs').check();
    await expect.poll(() => handRow.count()).toBe(0);
    expect(await runRow.count()).toBe(1);
  }, 90_000);
});
