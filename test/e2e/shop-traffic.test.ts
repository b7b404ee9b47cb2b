/**
 * Issue 29 §1 in real Chromium (browser mode, the embedded simulator): a small shop written here calls
 * the shop world over HTTP with the address and credentials the Traffic view shows; its calls appear in
 * the view live (pushed by main, no reload), a seeded mistake shows as a finding, the keyboard reaches a
 * row and opens it, a hostile shop's markup stays text, and the view passes axe and fits 960×600.
 */
import { readFileSync } from 'node:fs';
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

  it('two sources, two checklists: the world’s missing header fails only the world’s, the proxy session’s passes on its own calls; by keyboard, axe-clean at 960×600, saved naming its source, and in Portuguese', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 960, height: 600 });
    await openArea(page, 'Traffic');
    // On the shop world, the shop forgets its client-id header once more.
    await shopCreates(connection, order('shop-two-sources'), { clientId: false });
    // A test environment the recording proxy forwards to: the embedded simulator, as a test profile.
    const simulator = session.core.simulator!;
    const saved = await session.core.dispatch('profiles.save', {
      settings: {
        name: 'Shop test env',
        environment: 'test',
        baseUrl: simulator.url,
        pathPrefix: simulator.basePath,
        terminalId: simulator.terminals[0]!.terminalId,
        variant: 'A',
        clientIdHeader: simulator.clientIdHeader,
      },
      secrets: { bearerToken: simulator.terminals[0]!.token, clientId: simulator.clientId },
    });
    if (!saved.ok) throw new Error(saved.error.message);
    const started = await session.core.dispatch('shopProxy.start', { profileId: (saved.value as { id: string }).id });
    if (!started.ok) throw new Error(started.error.message);
    const proxy = (started.value as { session: { id: string; apiUrl: string } }).session;
    try {
      // Through the proxy the shop sends every header: its checklist passes headers on its own call.
      const body = validOrderA();
      body.merchant.merchantTransactionId = 'shop-proxied-1';
      body.merchant.terminalId = Number(simulator.terminals[0]!.terminalId);
      const proxied = await fetch(`${proxy.apiUrl}/payments`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${simulator.terminals[0]!.token}`,
          [simulator.clientIdHeader]: simulator.clientId,
        },
        body: JSON.stringify(body),
      });
      expect(proxied.status).toBe(200);
      await proxied.text();
      await expect.poll(() => page.getByRole('cell', { name: 'Call · through the proxy' }).count()).toBe(1);

      const world = page.getByRole('region', { name: /^Go-live checklist: shop world “shop”/ });
      const viaProxy = page.getByRole('region', {
        name: `Go-live checklist: recording proxy session “${proxy.id}” (from the traffic shown)`,
      });
      // The keyboard opens each checklist (its summary is in the tab order; Enter toggles it).
      for (const checklist of [world, viaProxy]) {
        await checklist.locator('summary').focus();
        await page.keyboard.press('Enter');
        await checklist.getByRole('list').waitFor();
      }
      const headersItem = (checklist: typeof world) =>
        checklist.getByRole('listitem').filter({ hasText: 'Headers and authentication' });
      expect(await headersItem(world).locator('strong').textContent()).toBe('fail');
      expect(await headersItem(viaProxy).locator('strong').textContent()).toBe('pass');
      // The proxy's evidence is its one call only; the world's never cites it.
      const proxyEvidence = headersItem(viaProxy).getByRole('button', { name: /^Open entry #\d+$/ });
      expect(await proxyEvidence.count()).toBe(1);
      const proxyEntry = (await proxyEvidence.getAttribute('aria-label'))!;
      const worldEvidence = headersItem(world).getByRole('button', { name: /^Open entry #\d+$/ });
      expect(await worldEvidence.count()).toBeGreaterThan(0);
      expect(await headersItem(world).getByRole('button', { name: proxyEntry, exact: true }).count()).toBe(0);

      // An evidence link opens its entry by keyboard; Escape returns to the link.
      await proxyEvidence.focus();
      await page.keyboard.press('Enter');
      const heading = page.getByRole('heading', { name: /^Call · through the proxy #\d+$/ });
      await heading.waitFor();
      expect(await page.getByLabel('The whole entry').textContent()).toContain('"via": "proxy"');
      await page.keyboard.press('Escape');
      await heading.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^Open entry #/);

      // Saved from the view, the report says which source it certifies.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        viaProxy
          .getByRole('button', {
            name: `Save the go-live certification: recording proxy session “${proxy.id}” (JSON)`,
          })
          .click(),
      ]);
      const report = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
        source: unknown;
        items: Array<{ id: string; status: string }>;
      };
      expect(report.source).toEqual({ via: 'proxy', worldId: proxy.id });
      expect(report.items.find((item) => item.id === 'request-headers')?.status).toBe('pass');

      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await interactiveOutsideViewport(page)).toEqual([]);
      await viaProxy.scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'shop-traffic-two-sources-960x600');
      expect(session.pageErrors).toEqual([]);

      // In Portuguese, worded by code from the pt-PT catalogue.
      await openArea(page, 'Settings');
      await page.getByLabel('Language').selectOption('pt-PT');
      await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Tráfego' }).click();
      const porWorld = page.getByRole('region', { name: /^Lista de verificação para produção: mundo da loja “shop”/ });
      await porWorld.waitFor();
      await page
        .getByRole('region', {
          name: `Lista de verificação para produção: sessão do proxy de gravação “${proxy.id}” (do tráfego mostrado)`,
        })
        .waitFor();
      await porWorld.locator('summary').focus();
      await page.keyboard.press('Enter');
      await porWorld.getByRole('list').waitFor();
      expect(
        await porWorld
          .getByRole('listitem')
          .filter({ hasText: 'Cabeçalhos e autenticação' })
          .locator('strong')
          .textContent(),
      ).toBe('reprovado');
      expect(await porWorld.getByRole('button', { name: /^Abrir a entrada n\.º \d+$/ }).count()).toBeGreaterThan(0);
      expect(
        await porWorld
          .getByRole('button', {
            name: /^Guardar a certificação de entrada em produção: mundo da loja “shop” \(HTML\)$/,
          })
          .count(),
      ).toBe(1);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(session.pageErrors).toEqual([]);
    } finally {
      await session.core.dispatch('shopProxy.stop', undefined);
    }
  });
});
