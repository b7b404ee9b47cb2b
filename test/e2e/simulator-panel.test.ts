/**
 * The Simulator screen in real Chromium against browser mode and the embedded simulator: a Sandbox order
 * shows up in the table, the tester completes it as Success (the badge turns final), the console's own
 * receiver acknowledges the notification in the delivery log, and the clock moves forward.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { saveScreenshot } from '../support/chromium';
import { createSandboxOrder, expectNoSecretsInPage, openArea } from '../support/console-actions';

describe('Simulator panel in Chromium', () => {
  let session: ConsoleSession;
  beforeAll(async () => {
    session = await openConsole({ viewport: { width: 1400, height: 1000 } });
    await session.page.getByTestId('app-mode').waitFor();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('lists a Sandbox order, completes it as Success, logs the delivery and advances the clock', async () => {
    const page = session.page;
    const transactionId = await createSandboxOrder(session, `sim-panel-${Date.now()}`);
    await openArea(page, 'Simulator');

    const status = page.getByRole('region', { name: 'Simulator status' });
    await expect.poll(() => status.getByTestId('simulator-url').textContent()).toBe(session.core.simulator?.url);
    await status.getByText('1000001 (Variant A)').waitFor();

    const row = page.locator(`tr[data-transaction="${transactionId}"]`);
    await row.waitFor();
    await expect.poll(() => row.locator('.payment-status').textContent()).toContain('Pending');

    await page.getByLabel(`New status for ${transactionId}`).selectOption('Success');
    await page.getByRole('button', { name: `Complete ${transactionId}` }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `${transactionId} is now Success.` })
      .waitFor();
    await expect.poll(() => row.locator('.payment-status').textContent()).toContain('Success');
    expect(await row.locator('.payment-status').getAttribute('data-final')).toBe('true');
    expect(await page.getByRole('button', { name: `Complete ${transactionId}` }).isDisabled()).toBe(true);

    // The console's receiver is the simulator's webhook: the Success notification is acknowledged.
    const log = page.getByRole('region', { name: 'Delivery log' });
    const delivery = log.locator('tbody tr').filter({ hasText: transactionId }).filter({ hasText: 'Success' });
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: 'Refresh', exact: true }).click();
        return delivery.first().textContent();
      })
      .toContain('acknowledged');

    const before = session.core.simulator!.control.clockView().offsetSeconds;
    await page.getByRole('button', { name: 'Advance clock +1 h' }).click();
    await page
      .getByTestId('clock-outcome')
      .getByText(/^Moved \+1 h: the simulator clock is now/)
      .waitFor();
    expect(session.core.simulator!.control.clockView().offsetSeconds - before).toBeCloseTo(3600, 0);
    await expect.poll(() => status.getByTestId('simulator-clock').textContent()).toContain('offset +1 h');

    await expectNoSecretsInPage(session);
    await saveScreenshot(page, 'simulator-panel');
    expect(session.pageErrors).toEqual([]);
  });
});
