/**
 * Issue 27 (QA tester): evidence for a manual step can be pasted from the clipboard, by keyboard alone
 * (Tab to the paste box, Ctrl+V, Tab to Pass, Enter). Pasted text is kept as a file, as data.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { addScenario, openArea } from '../support/console-actions';

const MANUAL = `format: gateway-console/scenario@1
name: Receipt pasted
variant: A
steps:
  - id: create
    create: { overrides: { transaction.amount.value: 3.21 } }
  - manual: { prompt: "Paste the receipt line" }
`;
const PASTED = 'Receipt 42 <img src=x onerror=alert(1)> paid';

describe('manual step evidence pasted from the clipboard (Chromium, issue 27)', () => {
  let session: ConsoleSession;
  beforeAll(async () => {
    session = await openConsole({ viewport: { width: 1400, height: 900 }, reducedMotion: 'reduce' });
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(session.host.url).origin,
    });
    await openArea(session.page, 'Scenarios');
  });
  afterAll(async () => {
    await session?.close();
  });

  it('evidence paste works by keyboard: Ctrl+V in the paste box attaches the text, Enter on Pass keeps it as data', async () => {
    const page = session.page;
    await addScenario(page, 'pasted.yaml', MANUAL, 'Receipt pasted');
    await page.getByRole('button', { name: 'Run Receipt pasted' }).click();
    const prompt = page.getByRole('group', { name: 'Paste the receipt line' });
    await prompt.waitFor({ timeout: 15_000 });

    await page.evaluate((text) => navigator.clipboard.writeText(text), PASTED);
    await prompt.getByLabel('Evidence: attach a file or screenshot (optional)').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('evidence-paste');
    await page.keyboard.press('Control+V');
    const attached = prompt.getByRole('list', { name: 'Evidence to attach' });
    await expect.poll(() => attached.textContent()).toBe('pasted-text-1.txt');
    // The pasted text is data: never inserted as markup anywhere on the page.
    expect(await page.locator('img[src="x"]').count()).toBe(0);

    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Pass');
    await page.keyboard.press('Enter');
    const scenario = page.getByRole('article', { name: 'Receipt pasted' });
    await expect.poll(() => scenario.getAttribute('data-status'), { timeout: 15_000 }).toBe('passed');

    const root = join(session.userDataDir, 'qa-evidence');
    const [runFolder] = await readdir(root);
    const [file] = await readdir(join(root, runFolder!));
    expect(file).toMatch(/pasted-text-1\.txt$/);
    expect(await readFile(join(root, runFolder!, file!), 'utf8')).toBe(PASTED);
    expect(session.pageErrors).toEqual([]);
  }, 90_000);
});
