/**
 * Issue 16, QA controls where the tester works: test-value pickers on the order and follow-up forms,
 * "Send without validation" after a confirmation, "Complete in Sandbox as …" and the notification
 * controls on the order card.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { chooseActiveProfile, createOrderThroughUi, openArea } from '../support/console-actions';

describe('QA controls on the Orders screen (Chromium)', () => {
  let session: ConsoleSession;
  beforeAll(async () => {
    session = await openConsole({ viewport: { width: 1400, height: 900 } });
  });
  afterAll(async () => {
    await session?.close();
  });

  it('completes an order in the Sandbox from its card and arms a notification control', async () => {
    const page = session.page;
    const id = await createOrderThroughUi(page, 'Sandbox · Variant A');
    const controls = page.getByRole('region', { name: 'Sandbox controls' });
    // The follow-up form's phone picker lists the magic phones with their outcomes.
    const phonePicker = page.getByRole('region', { name: 'Follow-ups' }).getByLabel('Sandbox test value');
    await phonePicker.selectOption('351#912345500');
    expect(await page.getByLabel('MB WAY phone').inputValue()).toBe('351#912345500');
    expect(await phonePicker.locator('option', { hasText: 'declines → Declined (01.106.0004)' }).count()).toBe(1);

    await controls.getByRole('button', { name: 'Duplicate' }).click();
    await controls.getByRole('status').filter({ hasText: 'Armed: Duplicate.' }).waitFor();
    await controls.getByLabel('Complete in Sandbox as').selectOption('Success');
    await controls.getByRole('button', { name: 'Complete' }).click();
    await controls.getByRole('status').filter({ hasText: 'The Sandbox moved the transaction to Success.' }).waitFor();
    // The duplicate arrives at the console's receiver: two deliveries with one notificationID.
    await expect
      .poll(async () => {
        const result = await session.core.dispatch('simulator.deliveries', { transactionId: id });
        return result.ok ? (result.value as unknown[]).length : 0;
      })
      .toBe(2);
  });

  it('picks a magic amount on the order form and sends an invalid order without validation after confirming', async () => {
    const page = session.page;
    await chooseActiveProfile(page, 'Sandbox · Variant A');
    await openArea(page, 'Orders');
    await page.getByRole('button', { name: 'New order' }).click();
    await page.getByRole('region', { name: 'Order builder' }).getByLabel('Sandbox test value').selectOption('4.29');
    expect(await page.getByLabel('Amount', { exact: true }).inputValue()).toMatch(/^4\.29$/);
    await page.getByLabel('Transaction description', { exact: true }).fill('');
    await page.getByTestId('issue-summary').waitFor();
    await page.getByTestId('send-unvalidated').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Send this order as typed').waitFor();
    await dialog.getByRole('button', { name: 'Send as typed' }).click();
    await expect
      .poll(
        () =>
          page
            .getByRole('region', { name: /result/i })
            .first()
            .textContent(),
        { timeout: 15_000 },
      )
      .toMatch(/400/);
  });
});
