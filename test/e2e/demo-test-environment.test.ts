/**
 * The same tour against a test-environment profile (here a separate simulator standing in for the
 * gateway's test environment): nothing is seeded, Start demo is not offered, and the shopper's step
 * becomes a manual step with the status poll running until the payment is final.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import demoEn from '../../src-renderer/src/i18n/messages/demo.en';
import { startSimulator, type RunningSimulator } from '../../src-main/simulator';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { saveScreenshot } from '../support/chromium';
import { openArea } from '../support/console-actions';

const PROFILE = 'Gateway test environment · A';

describe('Demo tour on a test-environment profile (Chromium, browser mode)', () => {
  let session: ConsoleSession;
  let testGateway: RunningSimulator;
  beforeAll(async () => {
    session = await openConsole({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    // The "test environment": its shopper (phone 351#912345678) approves in the app a second later.
    testGateway = await startSimulator({
      clientId: 'test-env-client',
      terminals: [{ terminalId: '2000001', variant: 'A', token: 'test-env-token' }],
      shopperDelaySeconds: 1,
    });
    const saved = await session.core.dispatch('profiles.save', {
      settings: {
        name: PROFILE,
        environment: 'test',
        baseUrl: testGateway.url,
        pathPrefix: testGateway.basePath,
        version: testGateway.version,
        terminalId: '2000001',
        variant: 'A',
        clientIdHeader: testGateway.clientIdHeader,
      },
      secrets: { bearerToken: 'test-env-token', clientId: 'test-env-client' },
    });
    expect(saved.ok).toBe(true);
    await session.page.reload();
    await session.page.getByTestId('app-mode').waitFor();
  });
  afterAll(async () => {
    await session?.close();
    await testGateway?.close();
  });

  it('runs with manual shopper steps and the status poll, seeding nothing', async () => {
    const { page } = session;
    await openArea(page, 'Demo');
    await page.getByLabel('Variant A profile for the tour').click();
    // naive-ui's menu (the top bar's native <select> has an option of the same name).
    await page.locator('.n-base-select-option', { hasText: PROFILE }).click();
    await page.getByText(demoEn.realProfileNote).waitFor();
    expect(await page.getByRole('button', { name: 'Start demo' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Start the tour' }).click();
    const title = page.locator('.driver-popover .driver-popover-title');
    const steps = demoEn.tour.steps;
    for (const expected of [steps.aCreate, steps.aCreated, steps.mbwayRequest, steps.mbwayApproved]) {
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => title.textContent(), { timeout: 15_000 }).toBe(expected.title);
    }
    const description = (await page.locator('.driver-popover-description').textContent()) ?? '';
    expect(description).toContain(
      'On the test environment: approve the payment on the test MB WAY app (351#912345678).',
    );
    await page.getByText(/^Polling the status every 3 s/).waitFor();
    await saveScreenshot(page, 'demo-test-environment-manual-step');
    // The person approves on their phone; the poll sees the final status without anyone pressing a key.
    await page.getByText('Final status reached: Success').waitFor({ timeout: 20_000 });
    expect(testGateway.control.transactionCount()).toBe(1);
    expect(session.core.simulator!.control.transactionCount()).toBe(0);
    expect(session.pageErrors).toEqual([]);
    await page.keyboard.press('Escape');
  });
});
