/**
 * One status, derived once (issue 26 §2), in real Chromium against the embedded Sandbox: every screen
 * shows the state the shared derivation gives from what was recorded, a notification updates History at
 * once, and any History transaction opens on the Orders card to continue its follow-ups under the same
 * guards as a fresh order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { SimulatorDelivery } from '@shared/contract/simulator';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { saveScreenshot } from '../support/chromium';
import { createOrderThroughUi, createSandboxOrder, openArea } from '../support/console-actions';

const SANDBOX_A = 'Sandbox · Variant A';

async function call<T>(session: ConsoleSession, method: string, input?: unknown): Promise<T> {
  const result = await session.core.dispatch(method, input);
  if (!result.ok) throw new Error(`${method}: ${result.error.message}`);
  return result.value as T;
}

/** Waits until the simulator's notification about `status` was acknowledged, moving its clock on if it is only scheduled. */
async function acknowledgedDelivery(session: ConsoleSession, id: string, status: string): Promise<SimulatorDelivery> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const deliveries = await call<SimulatorDelivery[]>(session, 'simulator.deliveries', { transactionId: id });
    const found = deliveries.find((d) => d.paymentStatus === status && d.state === 'delivered');
    if (found) return found;
    if (deliveries.some((d) => d.state === 'scheduled' || d.state === 'retrying'))
      await call(session, 'simulator.advanceClock', { seconds: 60 });
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No acknowledged ${status} notification for ${id}`);
}

const followUps = (page: Page): Locator => page.getByRole('region', { name: 'Follow-ups' });
const goTo = (page: Page, hash: string) => page.evaluate((target) => (window.location.hash = target), hash);

/** Opens a History transaction's detail and continues it on the Orders screen, with the keyboard. */
async function continueInOrders(page: Page, transactionId: string): Promise<Locator> {
  await goTo(page, `#/history/${transactionId}`);
  const button = page.getByRole('button', { name: 'Continue in Orders' });
  await button.waitFor();
  await button.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Orders', exact: true }).waitFor();
  const panel = followUps(page);
  await expect.poll(() => panel.getByTestId('followups-transaction').textContent()).toBe(transactionId);
  return panel;
}

describe('one transaction state on every screen (Chromium, browser mode, real Sandbox)', () => {
  let session: ConsoleSession;
  /** Status queries the core made, by transaction: the notification alone must be enough. */
  const statusQueries: string[] = [];
  let approvedId = '';

  beforeAll(async () => {
    session = await openConsole({ viewport: { width: 1400, height: 1000 } });
    await session.page.getByTestId('app-mode').waitFor();
    session.core.events.subscribe((name, payload) => {
      const exchange = payload as { operation?: string; transactionID?: string | null };
      if (name === 'exchanges.recorded' && exchange.operation === 'getStatus')
        statusQueries.push(exchange.transactionID ?? '');
    });
  });
  afterAll(async () => {
    await session?.close();
  });

  it('defect "Orders card says Success · final while History says Pending": an MB WAY order approved by notification is Success · final on the Orders card, the History row and the Support card, without a status query', async () => {
    const page = session.page;
    approvedId = await createOrderThroughUi(page, SANDBOX_A);
    const panel = followUps(page);
    await expect.poll(() => panel.getByTestId('followups-transaction').textContent()).toBe(approvedId);
    await panel.getByLabel('MB WAY phone').fill('912345678');
    await panel.getByRole('button', { name: 'Send MB WAY request' }).click();
    await panel.locator('[data-kind="mbway"]').waitFor();

    // The shopper approves in the app; the gateway tells the merchant by notification only.
    await call(session, 'simulator.complete', { transactionId: approvedId, paymentStatus: 'Success' });
    await acknowledgedDelivery(session, approvedId, 'Success');

    const cardBadge = panel.locator('.head .payment-status').first();
    await expect.poll(() => cardBadge.textContent(), { timeout: 10_000 }).toBe('Success · final');

    await openArea(page, 'History');
    const historyRow = page.getByRole('table').locator('tr', { hasText: approvedId });
    await historyRow.first().waitFor();
    await expect
      .poll(() => historyRow.first().locator('.status-cell').textContent(), { timeout: 10_000 })
      .toBe('Success · final');
    await goTo(page, `#/history/${approvedId}`);
    await expect.poll(() => page.locator('.head .payment-status').first().textContent()).toBe('Success · final');
    await saveScreenshot(page, 'transaction-state-history-after-notification');
    // Nobody asked the gateway: the notification alone moved every screen.
    expect(statusQueries.filter((id) => id === approvedId)).toEqual([]);

    // The Support card reads the same derived state.
    await openArea(page, 'Support');
    await page.getByLabel('Transaction ID, merchant order id or Multibanco reference').fill(approvedId);
    await page.keyboard.press('Enter');
    const status = page.getByTestId('support-case').getByTestId('support-case-status');
    await status.waitFor();
    await expect.poll(() => status.locator('.payment-status').textContent()).toBe('Success · final');
    expect(await status.textContent()).not.toMatch(/not final/i);
  });

  it('an older pending order opened from History continues its follow-up: its Multibanco reference is generated on the Orders card', async () => {
    const page = session.page;
    // An older order, then a newer one: the Orders screen shows only the newer one.
    const olderId = await createSandboxOrder(session, 'state-e2e-older-1');
    const newerId = await createOrderThroughUi(page, SANDBOX_A);
    expect(await followUps(page).getByTestId('followups-transaction').textContent()).toBe(newerId);

    const panel = await continueInOrders(page, olderId);
    const generate = panel.getByRole('button', { name: 'Generate Multibanco reference' });
    await expect.poll(() => generate.isDisabled()).toBe(false);
    await generate.click();
    const reference = page.getByRole('region', { name: 'Multibanco reference' });
    await reference.waitFor();
    // The reference was made for the older transaction, in the Sandbox and in History.
    const made = session.core.simulator?.control.transaction(olderId) as
      { reference?: { reference: string } } | undefined;
    expect(made?.reference?.reference).toMatch(/^\d{9}$/);
    expect((await reference.textContent())?.replace(/\s/g, '')).toContain(made?.reference?.reference);
    expect(await generate.isDisabled()).toBe(true);
    await saveScreenshot(page, 'transaction-state-continued-from-history');

    // The newer order was not touched by it.
    expect(session.core.simulator?.control.transaction(newerId)).not.toMatchObject({ reference: expect.anything() });
  });

  it('a final transaction opened from History keeps its money-moving follow-ups off, as main would refuse them', async () => {
    const page = session.page;
    const panel = await continueInOrders(page, approvedId);
    await expect.poll(() => panel.locator('.head .payment-status').first().textContent()).toBe('Success · final');
    expect(await panel.getByRole('button', { name: 'Generate Multibanco reference' }).isDisabled()).toBe(true);
    expect(await panel.getByRole('button', { name: 'Poll until final' }).isDisabled()).toBe(true);
    // Main is the authority: asked directly, it refuses the same call.
    const refused = await session.core.dispatch('payments.generateReference', {
      profileId: 'sandbox-a',
      transactionId: approvedId,
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'payment-final' } });
    // Refresh stays on: re-checking a final payment is harmless.
    expect(await panel.getByRole('button', { name: 'Refresh status (Ctrl+R)' }).isDisabled()).toBe(false);
  });
});
