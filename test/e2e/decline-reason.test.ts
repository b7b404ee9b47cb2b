/**
 * A declined MB WAY payment in real Chromium: the simulator's declining shopper (351#912345500) answers
 * Declined with returnStatus 01.106.0004, which travels in the notification to the console's receiver
 * (status queries answer 000). The reason and its meaning must show on the order card, the History row,
 * the transaction's detail and its timeline — not only inside Notifications › Open.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { createOrderThroughUi, openArea } from '../support/console-actions';

// The meaning is the support desk's agent explanation of the code (src-shared/support/explanations.ts).
const REASON =
  '01.106.0004 Declined — MB WAY declined (statusMsg "Declined"): the shopper refused in the app or the bank declined. No money was taken.';

describe('the decline reason (Chromium, browser mode)', () => {
  let session: ConsoleSession;
  beforeAll(async () => {
    session = await openConsole({ viewport: { width: 1400, height: 1000 } });
    await session.page.getByTestId('app-mode').waitFor();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('shows on the order card, the History row and detail, and the timeline', async () => {
    const page = session.page;
    const transactionId = await createOrderThroughUi(page, 'Sandbox · Variant A');
    const panel = page.getByRole('region', { name: 'Follow-ups' });
    await panel.getByLabel('MB WAY phone').fill('351#912345500');
    await panel.getByRole('button', { name: 'Send MB WAY request' }).click();
    await panel.locator('[data-kind="mbway"][data-succeeded="true"]').waitFor();
    await panel.getByRole('button', { name: 'Poll until final' }).click();
    await panel.getByText('Stopped: Declined is a final status.').waitFor({ timeout: 30_000 });

    // The notification carries the reason; it reaches the card as soon as the page has stored it.
    const onCard = panel.getByTestId('decline-reason');
    await onCard.waitFor({ timeout: 20_000 });
    expect((await onCard.textContent())?.replace(/\s+/g, ' ').trim()).toBe(`Reason: ${REASON}`);
    // A final payment: no countdown to an expiry that can no longer happen.
    expect(await page.getByTestId('expiry-countdown').textContent()).toContain('no longer counting: Declined is final');

    await openArea(page, 'History');
    const row = page.locator(`tr[data-key="${transactionId}"]`);
    await row.waitFor();
    const code = row.locator('.decline-code');
    await expect.poll(() => code.textContent(), { timeout: 10_000 }).toBe('01.106.0004');
    expect(await code.getAttribute('title')).toBe(REASON);

    await row.click();
    await expect.poll(() => page.getByTestId('decline-reason').textContent(), { timeout: 10_000 }).toBe(REASON);
    const timeline = page.getByRole('list', { name: 'Timeline' });
    expect((await timeline.getByTestId('timeline-reason').allTextContents()).join(' ').replace(/\s+/g, ' ')).toContain(
      REASON,
    );
  });
});
