/**
 * Issue 27 (QA tester) in Chromium: a data-table scenario whose last step is manual prompts for every
 * row, the prompt names the transaction it is about, and a reload keeps the run (results and prompt).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { openArea, addScenario } from '../support/console-actions';

const TWO_ROWS_MANUAL = `format: gateway-console/scenario@1
name: Shopper sees the receipt
variant: A
data:
  - { amount: 12.34 }
  - { amount: 7.5 }
steps:
  - id: create
    create: { overrides: { transaction.amount.value: "\${row.amount}" } }
  - status: { transactionID: "\${create.transactionID}" }
  - manual: { prompt: "Does the shop show the receipt?" }
`;

describe('Scenarios screen: manual steps of a data table (Chromium, issue 27)', () => {
  let session: ConsoleSession;
  beforeAll(async () => {
    session = await openConsole({ viewport: { width: 1400, height: 900 }, reducedMotion: 'reduce' });
    await openArea(session.page, 'Scenarios');
  });
  afterAll(async () => {
    await session?.close();
  });

  it('defect "a run hangs for ever": row 2 is prompted after row 1 is answered, and a reload keeps the run', async () => {
    const page = session.page;
    await addScenario(page, 'receipt.yaml', TWO_ROWS_MANUAL, 'Shopper sees the receipt');
    await page.getByRole('button', { name: 'Run Shopper sees the receipt' }).click();

    const prompt = page.getByRole('group', { name: 'Does the shop show the receipt?' });
    await prompt.waitFor({ timeout: 15_000 });
    // The prompt says which transaction it is about (issue 27, item 3).
    const about = prompt.getByRole('definition');
    await expect.poll(() => about.nth(2).textContent()).toBe('12.34 EUR');
    expect(await about.nth(3).textContent()).toBe('Pending');
    const firstId = await about.nth(0).textContent();
    expect(firstId).toMatch(/\S{6,}/);
    await prompt.getByRole('button', { name: 'Pass' }).click();

    // Row 2's prompt arrives (it used to be cleared by the answer to row 1: "Running…" for ever).
    await expect.poll(() => about.nth(2).textContent(), { timeout: 15_000 }).toBe('7.5 EUR');
    expect(await about.nth(0).textContent()).not.toBe(firstId);

    await page.reload();
    await page.getByTestId('app-mode').waitFor();
    await openArea(page, 'Scenarios');
    // After the reload: row 1's result, the run still running (Stop offered), row 2's prompt answerable.
    await expect
      .poll(() =>
        page.getByRole('article', { name: 'Shopper sees the receipt [amount=12.34]' }).getAttribute('data-status'),
      )
      .toBe('passed');
    await page.getByRole('button', { name: 'Stop the running scenarios' }).waitFor();
    await expect.poll(() => about.nth(2).textContent(), { timeout: 10_000 }).toBe('7.5 EUR');
    await prompt.getByRole('button', { name: 'Fail' }).click();

    const second = page.getByRole('article', { name: 'Shopper sees the receipt [amount=7.5]' });
    await expect.poll(() => second.getAttribute('data-status'), { timeout: 15_000 }).toBe('failed');
    expect(await prompt.count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Stop the running scenarios' }).count()).toBe(0);
  }, 90_000);
});
