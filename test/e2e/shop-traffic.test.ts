/**
 * Issue 29 §1 in real Chromium (browser mode, the embedded simulator): a small shop written here calls
 * the shop world over HTTP with the address and credentials the Traffic view shows; its calls appear in
 * the view live (pushed by main, no reload), a seeded mistake shows as a finding, the keyboard reaches a
 * row and opens it, a hostile shop's markup stays text, and the view passes axe and fits 960×600.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopConnection } from '../../src-shared/contract/shop';
import { validOrderA } from '../shared/gateway/fixtures';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { openArea } from '../support/console-actions';
import { saveScreenshot } from '../support/chromium';
import { interactiveOutsideViewport, seriousAxeViolations } from './accessibility-checks';

/** The shop's backend: a plain HTTP client with the connection it was configured with. */
async function shopCreates(
  connection: ShopConnection,
  body: string,
  headers: { clientId?: boolean; extra?: Record<string, string> } = {},
): Promise<number> {
  const response = await fetch(`${connection.apiUrl}/payments`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${connection.terminals[0]!.bearerToken}`,
      ...(headers.clientId === false ? {} : { [connection.clientIdHeader]: connection.clientId }),
      ...headers.extra,
    },
    body,
  });
  await response.text();
  return response.status;
}

const order = (merchantTransactionId: string) => {
  const body = validOrderA();
  body.merchant.merchantTransactionId = merchantTransactionId;
  return JSON.stringify(body);
};

describe('Traffic view: the shop under test, live (Chromium)', () => {
  let session: ConsoleSession;
  let connection: ShopConnection;
  beforeAll(async () => {
    session = await openConsole({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    await session.page.getByTestId('app-mode').waitFor();
    await openArea(session.page, 'Traffic');
    await session.page.getByText('Connect your shop').waitFor();
    const opened = await session.core.dispatch('shop.connection', undefined);
    if (!opened.ok) throw new Error(opened.error.message);
    connection = opened.value as ShopConnection;
  });
  afterAll(async () => {
    await session?.close();
  });

  it('the shop’s calls appear live without a reload, and a call without the client-id header shows as a finding', async () => {
    const { page } = session;
    // The view shows the address the shop is configured with.
    await page.getByText('Connect your shop').click();
    await expect.poll(() => page.getByText(connection.apiUrl, { exact: true }).count()).toBeGreaterThan(0);
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    expect(await shopCreates(connection, order('shop-live-1'))).toBe(200);
    // The path below the world's base URL, as the world saw it.
    const path = `POST /api/${connection.version}/payments`;
    await expect.poll(() => page.getByRole('button', { name: path }).count()).toBe(1);

    // The seeded mistake: the shop forgets the client-id header.
    await shopCreates(connection, order('shop-live-2'), { clientId: false });
    await expect.poll(() => page.getByRole('button', { name: path }).count()).toBe(2);
    await expect.poll(() => page.getByTestId('row-finding').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Findings only' }).click();
    await expect.poll(() => page.getByRole('button', { name: path }).count()).toBe(1);
    expect(await page.getByTestId('row-finding').first().textContent()).toContain('Authentication');
    await expect
      .poll(() => page.getByText(`without the ${connection.clientIdHeader} header`).count())
      .toBeGreaterThan(0);
    // Live means pushed: the page was never reloaded.
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await page.getByRole('button', { name: 'Everything' }).click();
  });

  it('the keyboard reaches a row and opens the whole entry; Escape closes it and returns focus to the row', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Findings only' }).focus();
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    expect(focused).toMatch(/^POST \/api\/v2\/payments$/);
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { name: /^Call #\d+$/ });
    await heading.waitFor();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H3');
    expect(await page.getByLabel('The whole entry').textContent()).toContain('"operation": "createOrder"');
    await page.keyboard.press('Escape');
    await heading.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(focused);
  });

  it('attacker: a shop sending <img onerror>, terminal escapes and __proto__ keys sees them shown as text — no markup, no pollution', async () => {
    const { page } = session;
    const hostile = `{"__proto__":{"polluted":"yes"},"note":"<img src=x onerror=window.pwned=1>\\u001b[31mred"}`;
    await shopCreates(connection, hostile, { extra: { 'x-note': '<b onmouseover=alert(1)>hi</b>' } });
    await expect.poll(() => page.getByRole('button', { name: /payments$/ }).count()).toBe(3);
    await page
      .getByRole('button', { name: /payments$/ })
      .first()
      .click();
    const entry = page.getByLabel('The whole entry');
    await expect.poll(() => entry.textContent()).toContain('<img src=x onerror=window.pwned=1>');
    expect(await entry.textContent()).toContain('<b onmouseover=alert(1)>hi</b>');
    expect(await page.locator('main img[src="x"], main b[onmouseover]').count()).toBe(0);
    expect(
      await page.evaluate(() => ({
        pwned: (window as unknown as { pwned?: number }).pwned,
        polluted: ({} as Record<string, unknown>).polluted,
      })),
    ).toEqual({ pwned: undefined, polluted: undefined });
    // No terminal escape reaches the page as a control character: JSON shows it escaped.
    expect(await entry.textContent()).not.toContain('\u001b');
    await page.getByRole('button', { name: 'Close' }).click();
  });

  it('has no serious or critical axe violations and every control fits at 960×600', async () => {
    const { page } = session;
    await page
      .getByRole('button', { name: /payments$/ })
      .first()
      .click();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 960, height: 600 });
    expect(await interactiveOutsideViewport(page)).toEqual([]);
    await saveScreenshot(page, 'shop-traffic-960x600');
    expect(session.pageErrors).toEqual([]);
  });

  it('History lists the shop’s orders marked “from the shop” (indexed from main’s record)', async () => {
    const { page } = session;
    await openArea(page, 'History');
    await expect.poll(() => page.getByTestId('from-shop-mark').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('from-shop-mark').first().textContent()).toBe('from the shop');
  });

  it('the tester arms a 503 for the shop’s next call from the Traffic view; the shop meets it and the row shows it', async () => {
    const { page } = session;
    await openArea(page, 'Traffic');
    await page.getByLabel('Next calls').selectOption({ label: 'HTTP answer' });
    await page.getByLabel('HTTP status').selectOption('503');
    await page.getByRole('button', { name: 'Arm', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Armed: HTTP answer.' }).waitFor();
    expect(await shopCreates(connection, order('shop-after-503'))).toBe(503);
    await expect.poll(() => page.getByRole('cell', { name: /^HTTP 503/ }).count()).toBeGreaterThan(0);
  });
});
