/**
 * Issue 25 in Chromium: a run can be stopped from the Scenarios screen (it polled until a restart), and
 * a pasted scenario cannot take a built-in's place.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { openArea, addScenario } from '../support/console-actions';

const LONG_POLL = `format: gateway-console/scenario@1
name: Polls for ten minutes
variant: A
steps:
  - id: create
    create: {}
  - pollUntil: { transactionID: "\${create.transactionID}", status: Success, intervalSeconds: 0.5, timeoutSeconds: 600 }
`;

describe('Scenarios screen: Stop and the built-in names (Chromium, issue 25)', () => {
  let session: ConsoleSession;
  beforeAll(async () => {
    session = await openConsole({ viewport: { width: 1400, height: 900 }, reducedMotion: 'reduce' });
    await openArea(session.page, 'Scenarios');
  });
  afterAll(async () => {
    await session?.close();
  });

  it('the Stop button ends a polling run at once; the result shows it stopped, not passed', async () => {
    const page = session.page;
    await addScenario(page, 'long-poll.yaml', LONG_POLL, 'Polls for ten minutes');
    await page.getByRole('button', { name: 'Run Polls for ten minutes' }).click();
    await page.getByRole('status').filter({ hasText: 'Running…' }).waitFor();
    await page.waitForTimeout(1_500);
    const stoppedAt = Date.now();
    await page.getByRole('button', { name: 'Stop the running scenarios' }).click();
    await page.getByTestId('run-stopped').waitFor({ timeout: 10_000 });
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    expect(await page.getByTestId('run-stopped').textContent()).toBe('Run stopped: the results show what ran.');
    const article = page.getByRole('article', { name: 'Polls for ten minutes' });
    await expect.poll(() => article.getAttribute('data-status')).toBe('skipped');
    expect(await page.getByRole('button', { name: 'Stop the running scenarios' }).count()).toBe(0);
  }, 60_000);

  it('a pasted file named like a built-in is refused with the reason', async () => {
    const page = session.page;
    await page.getByLabel('File name').fill('builtin/errors/http-404.yaml');
    await page.getByLabel('Scenario (YAML or JSON)').fill(LONG_POLL.replace('Polls for ten minutes', 'Impostor'));
    await page.getByRole('button', { name: 'Check and add' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'built-in scenarios cannot be replaced' });
    await alert.waitFor();
    expect(await page.getByRole('button', { name: 'Run Impostor' }).count()).toBe(0);
  });
});
