import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { saveScreenshot } from '../support/chromium';
import { chooseActiveProfile, expectNoSecretsInPage, openArea, watchOrderCalls } from '../support/console-actions';

describe('order builder and result panel against the Sandbox (Chromium, browser mode)', () => {
  let session: ConsoleSession;
  beforeAll(async () => {
    session = await openConsole();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('shows every message of an invalid form before sending, and no request leaves', async () => {
    const { page } = session;
    await openArea(page, 'Orders');
    await page.getByRole('button', { name: 'Create a test order' }).click();
    const calls = watchOrderCalls(session);

    await page.getByLabel('Amount', { exact: true }).fill('10.555');
    await page.getByLabel('Transaction description', { exact: true }).fill('x'.repeat(71));
    await page.getByLabel('Customer e-mail', { exact: true }).fill('shopper@');
    await page.getByLabel('Customer phone', { exact: true }).fill('12ab');
    await page.getByRole('checkbox', { name: 'Shipping address' }).click();
    await page.getByLabel('Shipping address: country', { exact: true }).fill('XX');

    const expected = [
      'Amount must have at most 2 decimals',
      'Transaction description must be at most 70 characters',
      'Customer e-mail must be an e-mail address',
      'Customer phone must be in E.164 form',
      'Shipping address: street 1 is required',
      'Shipping address: city is required',
      'Shipping address: postcode is required',
      'Shipping address: country must be an ISO 3166-1 alpha-2 country code',
    ];
    const alerts = await page.getByRole('alert').allTextContents();
    for (const text of expected) expect(alerts).toContainEqual(expect.stringContaining(text));
    const summary = page.getByTestId('issue-summary');
    await expect(summary.textContent()).resolves.toContain(`${expected.length} problems to fix before sending`);

    const send = page.getByRole('button', { name: 'Send (Ctrl+Enter)' });
    await expect(send.isDisabled()).resolves.toBe(true);
    await page.getByLabel('Customer name', { exact: true }).focus();
    await page.keyboard.press('Control+Enter');
    await send.click({ force: true }).catch(() => {});
    // Give a request every chance to leave before checking that none did.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    calls.stop();
    expect(calls.posted).toHaveLength(0);
    expect(calls.exchanges).toHaveLength(0);
    await expect(page.getByTestId('order-result').count()).resolves.toBe(0);
    await saveScreenshot(page, 'order-builder-invalid-form');
    await expectNoSecretsInPage(session);
  });

  it('sends a Variant A order to the Sandbox with Ctrl+Enter and shows the result panel', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'New order' }).click();
    await expect(page.getByTestId('issue-summary').count()).resolves.toBe(0);
    const calls = watchOrderCalls(session);
    await page.getByLabel('Customer name', { exact: true }).focus();
    await page.keyboard.press('Control+Enter');

    const result = page.getByTestId('order-result');
    await result.waitFor();
    await page.getByTestId('transaction-id').waitFor();
    calls.stop();
    expect(calls.posted).toHaveLength(1);
    expect(calls.exchanges).toHaveLength(1);

    const returnStatus = await page.getByTestId('return-status').textContent();
    expect(returnStatus).toContain('000');
    expect(returnStatus).toContain('this is not "paid"');
    expect(await page.getByTestId('transaction-id').textContent()).toMatch(/^\S{1,36}$/);
    expect(await page.getByTestId('expiry-countdown').textContent()).toMatch(/expires in \d/);
    const text = (await result.textContent()) ?? '';
    expect(text).toContain('paymentMethodList');
    expect(text).toContain('formContext');
    await expect(result.getByRole('button', { name: 'Copy transaction ID' }).isVisible()).resolves.toBe(true);
    await saveScreenshot(page, 'order-builder-variant-a-result');
    await expectNoSecretsInPage(session);
  });

  it('sends a Variant B order and lists its regulations with links', async () => {
    const { page } = session;
    await chooseActiveProfile(page, 'Sandbox · Variant B');
    await page.getByRole('button', { name: 'Create a test order' }).click();
    // Device information comes pre-filled from this browser.
    expect(await page.getByLabel('browserUserAgent', { exact: true }).inputValue()).toContain('Chrome');
    await page.getByRole('button', { name: 'Send (Ctrl+Enter)' }).click();
    const regulations = page.getByRole('table', { name: 'Regulation list' });
    await regulations.waitFor();
    const links = await regulations
      .getByRole('link')
      .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
    for (const href of links) expect(href).toMatch(/^https?:\/\//);
    await saveScreenshot(page, 'order-builder-variant-b-result');
    await expectNoSecretsInPage(session);
    expect(session.pageErrors).toEqual([]);
  });
});
