/**
 * Merchant notifications in real Chromium against the in-process core: the embedded simulator delivers
 * an MB WAY approval to the console's receiver, the page stores it on the transaction's timeline, the
 * Notifications screen lists, reconciles and replays it, shows a refused delivery with its reason, the
 * paste-to-decrypt tool decrypts a pasted one, and a page opened later catches up on what it missed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { SimulatorDelivery } from '@shared/contract/simulator';
import { encryptNotification } from '../../src-main/notifications/notification-crypto';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { saveScreenshot } from '../support/chromium';

const PROFILE = 'sandbox-a';

async function call<T>(session: ConsoleSession, method: string, input?: unknown): Promise<T> {
  const result = await session.core.dispatch(method, input);
  if (!result.ok) throw new Error(`${method}: ${result.error.message}`);
  return result.value as T;
}

/** An MB WAY order the shopper approves in the app (the simulator plays the shopper). */
async function approvedMbwayPayment(session: ConsoleSession, merchantTransactionId: string): Promise<string> {
  const created = await call<{ exchange: { transactionID: string | null } }>(session, 'orders.create', {
    profileId: PROFILE,
    order: {
      merchant: { terminalId: 1000001, channel: 'web', merchantTransactionId },
      transaction: {
        transactionTimestamp: new Date().toISOString(),
        description: 'Notifications E2E',
        moto: false,
        paymentType: 'PURS',
        paymentMethod: ['MBWAY'],
        amount: { value: 12.3, currency: 'EUR' },
      },
    },
  });
  const id = created.exchange.transactionID;
  if (!id) throw new Error('The simulator created no transaction');
  await call(session, 'payments.mbwayPurchase', { profileId: PROFILE, transactionId: id, phone: '912345678' });
  await call(session, 'simulator.complete', { transactionId: id, paymentStatus: 'Success' });
  return id;
}

/** Waits until the simulator's notification about `status` was acknowledged, moving its clock on if it is only scheduled. */
async function acknowledgedDelivery(session: ConsoleSession, id: string, status: string): Promise<SimulatorDelivery> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const deliveries = await call<SimulatorDelivery[]>(session, 'simulator.deliveries', { transactionId: id });
    const found = deliveries.find((d) => d.paymentStatus === status && d.state === 'delivered');
    if (found) return found;
    if (deliveries.some((d) => d.state === 'scheduled' || d.state === 'retrying')) {
      await call(session, 'simulator.advanceClock', { seconds: 60 });
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seen = await call<SimulatorDelivery[]>(session, 'simulator.deliveries', { transactionId: id });
  throw new Error(`No acknowledged ${status} notification for ${id}: ${JSON.stringify(seen)}`);
}

const goTo = (page: Page, hash: string) => page.evaluate((target) => (window.location.hash = target), hash);

describe('merchant notifications in Chromium', () => {
  let session: ConsoleSession;
  let transactionId: string;
  let notificationId: string;
  let webhookSecrets: string[];

  beforeAll(async () => {
    session = await openConsole();
    await session.page.getByTestId('app-mode').waitFor();
    webhookSecrets = (
      await Promise.all(['sandbox-a', 'sandbox-b'].map((id) => session.core.credentials.get(`${id}/webhookSecret`)))
    ).filter((secret): secret is string => !!secret);
    expect(webhookSecrets.length).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await session?.close();
  });

  it('shows an MB WAY approval in the Sandbox as a notification on the transaction’s timeline', async () => {
    const page = session.page;
    transactionId = await approvedMbwayPayment(session, 'notify-order-1');
    notificationId = (await acknowledgedDelivery(session, transactionId, 'Success')).notificationID;

    await goTo(page, `#/history/${transactionId}`);
    const timeline = page.getByRole('list', { name: 'Timeline' });
    const entry = timeline.getByRole('listitem').filter({ hasText: 'Notification received' });
    await entry.waitFor();
    expect(await entry.textContent()).toContain(`notificationID ${notificationId}`);
    expect(await entry.getByLabel(/^Payment status Success\./).count()).toBe(1);
    // The order and the MB WAY request are there too, before it.
    const titles = await timeline.getByRole('listitem').locator('strong').allTextContents();
    expect(titles.indexOf('Order created')).toBeLessThan(titles.indexOf('Notification received'));
    await saveScreenshot(page, 'notifications-timeline');
  });

  it('lists the delivery with its verdict and details, and reconciles it with one status query', async () => {
    const page = session.page;
    await page.getByRole('link', { name: 'Notifications', exact: true }).click();
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();
    expect(await page.getByTestId('receiver-url').textContent()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);

    const row = page.getByRole('table').locator('tr', { hasText: transactionId });
    await row.first().waitFor();
    const text = await row.first().textContent();
    expect(text).toContain('Acknowledged (HTTP 200)');
    expect(text).toContain('MBWAY');
    expect(text).toContain('12.30 EUR');
    expect(text).toContain(notificationId);

    await row
      .first()
      .getByRole('button', { name: /^Open delivery #\d+$/ })
      .click();
    const detail = page.getByRole('region', { name: /^Delivery #\d+$/ });
    await detail.waitFor();
    expect(await detail.getByRole('table', { name: 'Raw headers' }).textContent()).toMatch(/x-initialization-vector/i);
    expect(await detail.getByRole('region', { name: 'Parsed notification' }).textContent()).toContain('notify-order-1');
    await saveScreenshot(page, 'notifications-delivery-detail');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });

    // History last heard "Pending" (the MB WAY request); the notification says Success.
    await page.getByRole('tab', { name: /^Reconciliation/ }).click();
    const query = page.getByRole('button', { name: `Query status of ${transactionId}` });
    await query.waitFor();
    await saveScreenshot(page, 'notifications-reconciliation');
    await query.click();
    await query.waitFor({ state: 'detached' });
    await page.getByText('Nothing to reconcile').waitFor();
  });

  it('replays the stored notification to the console’s own receiver as duplicates, judging each acknowledgement', async () => {
    const page = session.page;
    await page.getByRole('tab', { name: 'Deliveries' }).click();
    const row = page.getByRole('table').locator('tr', { hasText: notificationId }).first();
    await row.getByRole('checkbox').click();
    await page.getByRole('button', { name: 'Replay selected (1)' }).click();

    // No URL or secret to choose: the Sandbox's notifications go back to its webhook, this console's receiver.
    const receiverUrl = (await call<{ url: string }>(session, 'notifications.receiverStatus', {})).url;
    await page.getByTestId('replay-target').getByText(receiverUrl).waitFor();
    await page.getByText('As duplicates', { exact: true }).click();
    await page.getByRole('button', { name: 'Replay', exact: true }).click();

    const results = page.getByRole('table', { name: 'Replay results' });
    await results.waitFor();
    const verdicts = await results.locator('tbody tr').allTextContents();
    expect(verdicts).toHaveLength(2);
    for (const verdict of verdicts) {
      expect(verdict).toContain(notificationId);
      expect(verdict).toMatch(/200\s*Acknowledged\.$/);
    }
    await saveScreenshot(page, 'notifications-replay');

    // Both copies reached the receiver again and are listed as duplicates of the original.
    await page.getByRole('tab', { name: 'Deliveries' }).click();
    const duplicates = page
      .getByRole('table')
      .locator('tr', { hasText: notificationId })
      .filter({ hasText: 'Duplicate' });
    await expect.poll(() => duplicates.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);

    // The page itself, with its session token, cannot forge: a made-up payload to a URL it names is refused.
    const before = (await call<{ deliveries: number }>(session, 'notifications.receiverStatus', {})).deliveries;
    const forged = await page.evaluate(
      async ([url, id]) => {
        const token = sessionStorage.getItem('gateway-console.session-token') ?? '';
        const response = await fetch('/api/call/notifications.replay', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Console-Token': token },
          body: JSON.stringify({
            input: {
              url,
              secret: { profileId: 'sandbox-a' },
              notifications: [{ json: { notificationID: id, paymentStatus: 'Success', amount: { value: '1999.00' } } }],
            },
          }),
        });
        return (await response.json()) as { ok: boolean; error?: { code: string } };
      },
      [receiverUrl, notificationId] as const,
    );
    expect(forged).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect((await call<{ deliveries: number }>(session, 'notifications.receiverStatus', {})).deliveries).toBe(before);
  });

  it('lists a delivery that could not be decrypted, with the reason it was refused', async () => {
    const page = session.page;
    const receiverUrl = (await page.getByTestId('receiver-url').textContent())!;
    const answer = await fetch(receiverUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'text/plain',
        'X-Initialization-Vector': 'AAAA',
        'X-Authentication-Tag': 'AAAAAAAAAAAAAAAAAAAAAA==',
      },
      body: 'Y2lwaGVydGV4dA==',
    });
    expect(answer.status).toBe(400); // not acknowledged: the gateway would retry

    await page.getByRole('tab', { name: 'Deliveries' }).click();
    const refused = page.getByRole('table').locator('tr', { hasText: 'Refused (HTTP 400)' });
    await refused.first().waitFor();
    expect(await refused.first().textContent()).toContain('IV (X-Initialization-Vector) decodes to 3 bytes');
  });

  it('decrypts a pasted notification with a profile’s secret, and names what is wrong in a bad one', async () => {
    const page = session.page;
    const [secret] = webhookSecrets;
    const plaintext = JSON.stringify({
      notificationID: '5f0c6a5e-1d2b-4c3a-9e8f-000000000042',
      transactionID: 's2pasted0000000000x1',
      paymentStatus: 'Success',
      paymentMethod: 'MBWAY',
      amount: { value: 10.0, currency: 'EUR' },
      merchant: { transactionId: 'pasted-order-9', terminalId: '1000001', inApp: 'false' },
      transactionDateTime: '2026-11-21T10:00:00 ',
    });
    const sealed = encryptNotification({ secret: secret!, plaintext });

    await page.getByRole('tab', { name: 'Paste-to-decrypt' }).click();
    await page.getByLabel('Profile', { exact: true }).selectOption({ label: 'Sandbox · Variant A' });
    await page.getByLabel('IV (X-Initialization-Vector)').fill(sealed.iv);
    await page.getByLabel('Authentication tag (X-Authentication-Tag)').fill(sealed.tag);
    await page.getByLabel('Body (base64)').fill(sealed.body);
    await page.getByRole('button', { name: 'Decrypt', exact: true }).click();

    const result = page.getByRole('region', { name: 'Decrypted notification' });
    await result.waitFor();
    expect(await result.locator('[aria-label="Plaintext"]').textContent()).toBe(plaintext);
    const parsed = await result.getByRole('region', { name: 'Parsed view' }).textContent();
    expect(parsed).toContain('pasted-order-9');
    expect(parsed).toContain('10.00 EUR');
    await saveScreenshot(page, 'notifications-paste-to-decrypt');

    // One character of the tag changed: GCM refuses it, and the message says what to check.
    const tampered = (sealed.tag.startsWith('A') ? 'B' : 'A') + sealed.tag.slice(1);
    await page.getByLabel('Authentication tag (X-Authentication-Tag)').fill(tampered);
    await page.getByRole('button', { name: 'Decrypt', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'authentication-failed' }).waitFor();
    expect(await result.count()).toBe(0);

    await page.getByLabel('IV (X-Initialization-Vector)').fill('AAAA');
    await page.getByRole('button', { name: 'Decrypt', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'IV (X-Initialization-Vector) decodes to 3 bytes' }).waitFor();
  });

  it('never puts a profile’s webhook secret in the page', async () => {
    const html = await session.page.content();
    for (const secret of webhookSecrets) expect(html).not.toContain(secret);
    expect(session.pageErrors).toEqual([]);
  });

  it('catches up on notifications received while no console page was open', async () => {
    await session.page.close();
    const missedId = await approvedMbwayPayment(session, 'notify-order-2');
    const missed = await acknowledgedDelivery(session, missedId, 'Success');

    const page = await session.context.newPage();
    await page.goto(session.host.url);
    await page.getByRole('link', { name: 'Notifications', exact: true }).click();
    const row = page.getByRole('table').locator('tr', { hasText: missed.notificationID });
    await row.first().waitFor();
    expect(await row.first().textContent()).toContain(missedId);
    const html = await page.content();
    for (const secret of webhookSecrets) expect(html).not.toContain(secret);
  });
});
