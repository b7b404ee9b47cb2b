/**
 * The issue's payment flows in real Chromium against browser mode and the embedded simulator. Orders are
 * created through the order builder UI (Create a test order → Send); every follow-up is driven through
 * the follow-ups panel; the shopper's side is played by the simulator (its own delay, or its control).
 * After each flow the page HTML must hold none of the profiles' secrets nor any transactionSignature.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { saveScreenshot } from '../support/chromium';
import { createOrderThroughUi } from '../support/console-actions';

const SANDBOX_A = 'Sandbox · Variant A';
const SANDBOX_B = 'Sandbox · Variant B';
const SECRET_NAMES = ['bearerToken', 'clientId', 'webhookSecret'] as const;

/**
 * The console never shows a transaction's signature. Asking for it here (a test reaching into the
 * simulator's book) is the only way to prove it is absent from the page.
 */
function signatureOf(session: ConsoleSession, transactionId: string): string {
  const { book } = session.core.simulator?.control as unknown as {
    book: { get(id: string): { signature: string } | undefined };
  };
  const transaction = book.get(transactionId);
  if (!transaction) throw new Error(`The simulator has no transaction ${transactionId}`);
  return transaction.signature;
}

/** Every secret that must never reach the renderer: the sandbox profiles' three, and the given signatures. */
async function secretsOf(session: ConsoleSession, transactionIds: string[]): Promise<string[]> {
  const secrets: string[] = [];
  for (const profileId of ['sandbox-a', 'sandbox-b'])
    for (const name of SECRET_NAMES) {
      const value = await session.core.credentials.get(`${profileId}/${name}`);
      if (value) secrets.push(value);
    }
  expect(secrets.length).toBe(6);
  return [...secrets, ...transactionIds.map((id) => signatureOf(session, id))];
}

async function expectNoSecretsIn(session: ConsoleSession, text: string, transactionIds: string[]): Promise<void> {
  for (const secret of await secretsOf(session, transactionIds))
    expect(text.includes(secret), 'a secret leaked').toBe(false);
}

async function expectNoSecretsInPage(session: ConsoleSession, transactionIds: string[]): Promise<void> {
  await expectNoSecretsIn(session, await session.page.content(), transactionIds);
}

const followUps = (page: Page): Locator => page.getByRole('region', { name: 'Follow-ups' });

async function pollUntilStopped(panel: Locator): Promise<string> {
  await panel.getByRole('button', { name: 'Poll until final' }).click();
  const progress = panel.getByTestId('poll-progress');
  await progress.getByText(/Check \d+ of up to \d+ done/).waitFor(); // the schedule is visible while it runs
  await panel.getByRole('button', { name: 'Poll until final' }).waitFor({ timeout: 30_000 });
  return (await progress.textContent())?.trim() ?? '';
}

describe('payment flows in Chromium (browser mode + embedded simulator)', () => {
  let session: ConsoleSession;
  /** Every transaction the flows created: none of their signatures may ever show. */
  const transactionIds: string[] = [];
  beforeAll(async () => {
    session = await openConsole({ viewport: { width: 1400, height: 1000 } });
    await session.page.getByTestId('app-mode').waitFor();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('A + MB WAY approved: polling reaches Success', async () => {
    const page = session.page;
    const transactionId = await createOrderThroughUi(page, SANDBOX_A);
    transactionIds.push(transactionId);
    const panel = followUps(page);
    await expect.poll(() => panel.getByTestId('followups-transaction').textContent()).toBe(transactionId);

    // The national form; main turns it into 351#912345678, the simulator's approving shopper.
    await panel.getByLabel('MB WAY phone').fill('912345678');
    await panel.getByRole('button', { name: 'Send MB WAY request' }).click();
    await panel.locator('[data-kind="mbway"]').waitFor();
    expect(await panel.locator('[data-kind="mbway"] .payment-status').textContent()).toContain('Pending');

    expect(await pollUntilStopped(panel)).toBe('Stopped: Success is a final status.');
    const newest = panel.locator('[data-kind="status"]').first();
    expect(await newest.locator('.payment-status').textContent()).toContain('Success');
    expect(await newest.getByTestId('status-meaning').textContent()).toMatch(/^Final: Done\./);
    expect(session.core.simulator?.control.transaction(transactionId)?.paymentStatus).toBe('Success');

    await saveScreenshot(page, 'payment-a-mbway-approved');
    await expectNoSecretsInPage(session, transactionIds);
  });

  it('A + MB WAY declined: polling stops at Declined, shown as final', async () => {
    const page = session.page;
    const transactionId = await createOrderThroughUi(page, SANDBOX_A);
    transactionIds.push(transactionId);
    const panel = followUps(page);
    await expect.poll(() => panel.getByTestId('followups-transaction').textContent()).toBe(transactionId);

    // A phone main cannot read is refused before anything is sent, with the reason.
    await panel.getByLabel('MB WAY phone').fill('12ab');
    await panel.getByRole('button', { name: 'Send MB WAY request' }).click();
    const refused = panel.locator('[data-kind="mbway"][data-succeeded="false"]');
    await refused.waitFor();
    expect(await refused.textContent()).toContain('is not a phone number');
    expect(session.core.simulator?.control.transaction(transactionId)?.mbwayPhone).toBeUndefined();

    // The international form of the simulator's declining shopper.
    await panel.getByLabel('MB WAY phone').fill('+351 912 345 500');
    await panel.getByRole('button', { name: 'Send MB WAY request' }).click();
    await panel.locator('[data-kind="mbway"][data-succeeded="true"]').waitFor();

    expect(await pollUntilStopped(panel)).toBe('Stopped: Declined is a final status.');
    const badge = panel.locator('[data-kind="status"]').first().locator('.payment-status');
    expect(await badge.textContent()).toContain('Declined');
    expect(await badge.getAttribute('data-tone')).toBe('error');

    await saveScreenshot(page, 'payment-a-mbway-declined');
    await expectNoSecretsInPage(session, transactionIds);
  });

  it('A + Multibanco reference generated, then paid through the simulator control', async () => {
    const page = session.page;
    const transactionId = await createOrderThroughUi(page, SANDBOX_A);
    transactionIds.push(transactionId);
    const panel = followUps(page);
    await expect.poll(() => panel.getByTestId('followups-transaction').textContent()).toBe(transactionId);

    await panel.getByRole('button', { name: 'Generate Multibanco reference' }).click();
    const card = panel.getByRole('region', { name: 'Multibanco reference' });
    await card.waitFor();
    const simulated = session.core.simulator?.control.transaction(transactionId)?.reference;
    expect(simulated).toBeDefined();
    expect(await card.getByTestId('mb-entity').textContent()).toBe(simulated?.entity);
    expect((await card.getByTestId('mb-reference').textContent())?.replace(/\s/g, '')).toBe(simulated?.reference);
    expect(await card.getByTestId('mb-amount').textContent()).toBe('10.50 EUR');
    expect(await card.getByTestId('mb-expiry').textContent()).not.toBe('not reported');
    expect(await panel.locator('[data-kind="reference"] .payment-status').textContent()).toContain('Pending');

    // The shopper pays at the ATM.
    await session.core.simulator?.control.complete(transactionId, 'Success');
    await page.keyboard.press('Control+R'); // refresh status, not the page
    const status = panel.locator('[data-kind="status"]').first();
    await status.waitFor();
    expect(await status.locator('.payment-status').textContent()).toContain('Success');
    expect(await panel.getByTestId('followups-transaction').textContent()).toBe(transactionId); // no reload
    // A paid reference is final: nothing left to pay, so the payment actions are off.
    expect(await panel.getByRole('button', { name: 'Generate Multibanco reference' }).isDisabled()).toBe(true);
    expect(await panel.getByText('Success is final').isVisible()).toBe(true);

    await saveScreenshot(page, 'payment-a-reference-paid');
    await expectNoSecretsInPage(session, transactionIds);
  });

  it('B + a method with actionResponse: the action step completes the payment', async () => {
    const page = session.page;
    const transactionId = await createOrderThroughUi(page, SANDBOX_B);
    transactionIds.push(transactionId);
    const panel = followUps(page);
    await expect.poll(() => panel.getByTestId('followups-transaction').textContent()).toBe(transactionId);
    expect(session.core.simulator?.control.transaction(transactionId)?.actionPending).toBe(true);

    await panel.getByRole('button', { name: 'Perform action step' }).click();
    const action = panel.locator('[data-kind="action"]');
    await action.waitFor();
    expect(await action.locator('.payment-status').textContent()).toContain('Success');
    await panel.getByRole('button', { name: 'Perform action step' }).waitFor({ state: 'detached' });

    await panel.getByRole('button', { name: 'Refresh status (Ctrl+R)' }).click();
    await panel.locator('[data-kind="status"]').waitFor();
    expect(await panel.locator('[data-kind="status"] .payment-status').textContent()).toContain('Success');
    expect(session.core.simulator?.control.transaction(transactionId)?.actionPending).toBe(false);

    await saveScreenshot(page, 'payment-b-action-completed');
    await expectNoSecretsInPage(session, transactionIds);
  });

  it('the inspector opens beside the screen with the raw exchange, compares two, and closes on Esc', async () => {
    const page = session.page;
    const panel = followUps(page);
    await panel.getByRole('button', { name: 'Inspect the Action step exchange' }).click();
    const inspector = page.getByRole('region', { name: 'Inspector' });
    await inspector.waitFor();
    const detail = inspector.getByRole('article', { name: 'Exchange performAction' });
    await detail.waitFor();
    expect(await detail.getByRole('region', { name: 'Request', exact: true }).textContent()).toContain('POST');
    expect(await detail.getByRole('region', { name: 'Response', exact: true }).textContent()).toContain('HTTP 200');
    expect(await detail.getByRole('region', { name: 'Response body' }).textContent()).toContain('paymentStatus');
    expect(await detail.getByRole('region', { name: 'Timings and size' }).textContent()).toMatch(/\d+ ms/);
    // The page behind stays where it was: the inspector is not a page of its own.
    expect(page.url()).toMatch(/#\/orders$/);
    expect(await panel.isVisible()).toBe(true);
    await saveScreenshot(page, 'inspector-exchange');

    // Copy as cURL: placeholders instead of credentials, so the command is safe to paste anywhere.
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.host.url });
    await detail.getByRole('button', { name: 'Copy as cURL' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('curl -X POST');
    const curl = await page.evaluate(() => navigator.clipboard.readText());
    expect(curl).toContain('"$TRANSACTION_SIGNATURE"');
    expect(curl).toContain('"$GATEWAY_CLIENT_ID"');
    // No credential is written, not even masked; the actionToken is not a credential the console inserts,
    // so it stays the recorded (masked) data and never becomes a variable to read (issue 25 §1).
    expect(curl).not.toMatch(/(Digest|Client-Id:) '?••••/);
    expect(curl).toMatch(/"actionToken":"••••\w{0,4}"/);
    expect(curl).not.toContain('$ACTION_TOKEN');
    await expectNoSecretsIn(session, curl, transactionIds);

    // Download JSON: the whole (redacted) exchange.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      detail.getByRole('button', { name: 'Download JSON' }).click(),
    ]);
    const downloaded = readFileSync((await download.path()) ?? '', 'utf8');
    expect(JSON.parse(downloaded)).toMatchObject({ operation: 'performAction', classification: 'ok' });
    await expectNoSecretsIn(session, downloaded, transactionIds);

    await inspector.getByText('Compare', { exact: true }).click();
    const differences = inspector.getByRole('table', { name: 'Differences' });
    await differences.waitFor();
    expect(await differences.locator('tbody tr').count()).toBeGreaterThan(0);
    await saveScreenshot(page, 'inspector-compare');
    await expectNoSecretsInPage(session, transactionIds);

    await page.keyboard.press('Escape');
    await inspector.waitFor({ state: 'hidden' });
    expect(session.pageErrors).toEqual([]);
  });
});
