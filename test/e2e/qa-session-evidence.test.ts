/**
 * Issue 27 (QA tester, items 5 and 6) in Chromium: a recording session is visible on every other screen,
 * and a session's evidence is saved as JSON, JUnit and Markdown files whose item column says Transaction.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { createSandboxOrder, openArea } from '../support/console-actions';

describe('test session evidence and the recording indicator (Chromium, issue 27)', () => {
  let session: ConsoleSession;
  beforeAll(async () => {
    session = await openConsole({ viewport: { width: 1400, height: 900 } });
    await openArea(session.page, 'Scenarios');
  });
  afterAll(async () => {
    await session?.close();
  });

  it('defect "no recording indicator outside the Scenarios screen": the top bar says a session records, until it ends', async () => {
    const page = session.page;
    const sessions = page.getByRole('region', { name: 'Test sessions' });
    await sessions.getByLabel('Session name').fill('Refund rehearsal');
    await sessions.getByRole('button', { name: 'Start test session' }).click();
    await sessions.getByRole('status').filter({ hasText: 'Session running: Refund rehearsal' }).waitFor();
    const indicator = page.getByRole('button', { name: /^Recording test session “Refund rehearsal”/ });
    expect(await indicator.count()).toBe(0);

    await openArea(page, 'Orders');
    await indicator.waitFor();
    await openArea(page, 'History');
    await indicator.waitFor();
    await indicator.click();
    await sessions.waitFor();
    expect(await indicator.count()).toBe(0);
  }, 60_000);

  it('defect "sessions offer only HTML and Markdown to copy": JSON, JUnit and Markdown files, headed by transaction', async () => {
    const page = session.page;
    const sessions = page.getByRole('region', { name: 'Test sessions' });
    const id = await createSandboxOrder(session, `evidence-${Date.now()}`);
    await sessions.locator(`li[data-transaction="${id}"]`).waitFor();
    await sessions.getByRole('button', { name: 'End session' }).click();

    const save = async (name: string): Promise<{ file: string; text: string }> => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        sessions.getByRole('button', { name }).click(),
      ]);
      return { file: download.suggestedFilename(), text: await readFile((await download.path())!, 'utf8') };
    };
    const json = await save('JSON report of Refund rehearsal');
    expect(json.file).toMatch(/\.json$/);
    const parsed = JSON.parse(json.text) as { subject: string; scenarios: Array<{ name: string }> };
    expect(parsed.subject).toBe('transaction');
    expect(parsed.scenarios.map((item) => item.name)).toContain(`Transaction ${id}`);

    const junit = await save('JUnit XML report of Refund rehearsal');
    expect(junit.file).toMatch(/\.junit\.xml$/);
    expect(junit.text).toContain(`Transaction ${id}`);

    const markdown = await save('Save the Markdown summary of Refund rehearsal as a file');
    expect(markdown.file).toMatch(/\.md$/);
    expect(markdown.text).toContain('| Transaction | Result | Time |');
    expect(await page.getByRole('button', { name: /^Recording test session/ }).count()).toBe(0);
  }, 60_000);
});
