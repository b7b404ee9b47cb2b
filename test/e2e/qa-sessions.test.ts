/**
 * Issue 16 acceptance: a manual test session with three transactions and verdicts produces the HTML
 * report; opened in Chromium it makes zero network requests outside the file and holds no secret.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { saveScreenshot, SCREENSHOT_DIR } from '../support/chromium';
import { createSandboxOrder, knownSecrets, openArea } from '../support/console-actions';

describe('manual test session (Chromium)', () => {
  let session: ConsoleSession;
  beforeAll(async () => {
    session = await openConsole({ viewport: { width: 1400, height: 900 } });
    await openArea(session.page, 'Scenarios');
  });
  afterAll(async () => {
    await session?.close();
  });

  it('tags three transactions, takes verdicts and writes a self-contained, secret-free HTML report', async () => {
    const page = session.page;
    const sessions = page.getByRole('region', { name: 'Test sessions' });
    await sessions.getByLabel('Session name').fill('Go-live rehearsal');
    await sessions.getByLabel('Tester').fill('Ana QA');
    await sessions.getByLabel('Objective').fill('MB WAY and references behave');
    await sessions.getByRole('button', { name: 'Start test session' }).click();
    await sessions.getByRole('status').filter({ hasText: 'Session running: Go-live rehearsal' }).waitFor();

    // Three transactions made while the session runs (any screen, any caller): each is tagged.
    const ids: string[] = [];
    for (const n of [1, 2, 3]) ids.push(await createSandboxOrder(session, `session-${Date.now()}-${n}`));
    await session.core.dispatch('payments.status', { profileId: 'sandbox-a', transactionId: ids[0] });
    for (const id of ids) await sessions.locator(`li[data-transaction="${id}"]`).waitFor();

    const verdicts: Array<[string, boolean, string]> = [
      [ids[0]!, true, 'Created and queried as expected'],
      [ids[1]!, true, ''],
      [ids[2]!, false, 'Shop showed the wrong amount'],
    ];
    for (const [id, passed, note] of verdicts) {
      if (note) await sessions.getByLabel(`Note for ${id}`).fill(note);
      await sessions.getByRole('button', { name: `Mark ${id} ${passed ? 'passed' : 'failed'}` }).click();
      await sessions
        .locator(`li[data-transaction="${id}"] .badge`)
        .filter({ hasText: passed ? 'passed' : 'failed' })
        .waitFor();
    }
    await sessions.getByRole('button', { name: 'End session' }).click();
    await sessions.getByRole('button', { name: 'Start test session' }).waitFor();

    // Survives a reload (main keeps it) and can be resumed and ended again.
    await page.reload();
    await openArea(page, 'Scenarios');
    await sessions.getByRole('button', { name: 'Resume Go-live rehearsal' }).click();
    await sessions.getByRole('status').filter({ hasText: 'Session running: Go-live rehearsal' }).waitFor();
    for (const id of ids) await sessions.locator(`li[data-transaction="${id}"]`).waitFor();
    await sessions.getByRole('button', { name: 'End session' }).click();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      sessions.getByRole('button', { name: 'HTML report of Go-live rehearsal' }).click(),
    ]);
    const file = join(SCREENSHOT_DIR, '..', 'qa-session-report.html');
    await download.saveAs(file);
    const html = await readFile(file, 'utf8');
    for (const id of ids) expect(html).toContain(`Transaction ${id}`);
    expect(html).toContain('Shop showed the wrong amount');
    expect(html).toContain('Ana QA');
    expect(html).toMatch(/2 passed, 1 failed, 0 skipped \(3 total\)/);
    for (const secret of await knownSecrets(session)) expect(html).not.toContain(secret);
    expect(html).not.toMatch(/<script|<link|src=|url\(/i);

    // Opened as a file in a fresh page: nothing but the file itself is requested.
    const report = await session.context.newPage();
    const requests: string[] = [];
    report.on('request', (request) => requests.push(request.url()));
    await report.goto(pathToFileURL(file).toString());
    await report.getByRole('heading', { name: /Test session: Go-live rehearsal/ }).waitFor();
    await saveScreenshot(report, 'qa-session-report');
    expect(requests).toEqual([pathToFileURL(file).toString()]);
    await report.close();
  }, 90_000);
});
