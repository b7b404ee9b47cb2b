/**
 * Issue 15 acceptance: one complete flow — a Variant A order, an MB WAY request, polling to a final
 * status and the exchange opened in the Inspector — done with the keyboard only, then the same flow in
 * European Portuguese (the browser's language), with a screenshot. Also: the "?" dialog, Esc closing
 * only the topmost layer, the visible focus ring and the language picker.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { saveScreenshot } from '../support/chromium';

interface Labels {
  nav: { orders: string; history: string; settings: string };
  createOrder: RegExp;
  phone: string;
  sendMbway: string;
  poll: string;
  stoppedFinal: string;
  inspectStatus: string;
  inspector: string;
  shortcuts: string;
}

const ENGLISH: Labels = {
  nav: { orders: 'Orders', history: 'History', settings: 'Settings' },
  createOrder: /^(Create a test order|New order)$/,
  phone: 'MB WAY phone',
  sendMbway: 'Send MB WAY request',
  poll: 'Poll until final',
  stoppedFinal: 'Stopped: Success is a final status.',
  inspectStatus: 'Inspect the Status exchange',
  inspector: 'Inspector',
  shortcuts: 'Keyboard shortcuts',
};

const PORTUGUESE: Labels = {
  nav: { orders: 'Encomendas', history: 'Histórico', settings: 'Definições' },
  createOrder: /^(Criar uma encomenda de teste|Nova encomenda)$/,
  phone: 'Telemóvel MB WAY',
  sendMbway: 'Enviar pedido MB WAY',
  poll: 'Consultar até ao estado final',
  stoppedFinal: 'Parou: Sucesso é um estado final.',
  inspectStatus: 'Inspecionar a troca Estado',
  inspector: 'Inspetor',
  shortcuts: 'Atalhos de teclado',
};

/** The focused element's accessible name, as far as a test needs it (aria-label, its label, its text). */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return '';
    const labelledBy = element.getAttribute('aria-labelledby');
    const byId = labelledBy ? document.getElementById(labelledBy)?.textContent : null;
    const label = (element as HTMLInputElement).labels?.[0]?.textContent;
    return (element.getAttribute('aria-label') ?? byId ?? label ?? element.textContent ?? '').trim();
  });

/** Presses Tab until the focused control is the named one (the only way a keyboard user gets there). */
async function tabTo(page: Page, name: string | RegExp, backwards = false, maxPresses = 250): Promise<void> {
  const matches = (text: string) => (typeof name === 'string' ? text === name : name.test(text));
  for (let presses = 0; presses < maxPresses; presses++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (matches(await focusedName(page))) return;
  }
  throw new Error(`Tab never reached "${String(name)}"`);
}

/** The flow, keyboard only: nothing is clicked. */
async function keyboardFlow(page: Page, labels: Labels): Promise<void> {
  await page.getByTestId('app-mode').waitFor();
  // The console opens on Orders: go to Settings and back, as a keyboard user changes screens.
  await tabTo(page, labels.nav.settings);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: labels.nav.settings, exact: true }).waitFor();
  // Focus moved to the screen's heading: the next Tab starts inside the screen, not in the navigation.
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(labels.nav.settings);
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H2');
  await tabTo(page, labels.nav.orders, true);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: labels.nav.orders, exact: true }).waitFor();

  await tabTo(page, labels.createOrder);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+Enter'); // send
  const transactionId = page.getByTestId('transaction-id');
  await expect.poll(() => transactionId.textContent(), { timeout: 15_000 }).toMatch(/^\s*[A-Za-z0-9_-]{6,36}\s*$/);

  await tabTo(page, labels.phone);
  await page.keyboard.type('912345678');
  await tabTo(page, labels.sendMbway);
  await page.keyboard.press('Enter');
  await page.locator('[data-kind="mbway"]').waitFor();

  await tabTo(page, labels.poll);
  // The focused button shows a ring (the keyboard user sees where they are).
  expect(
    await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement as Element);
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    }),
  ).toBe(true);
  await page.keyboard.press('Enter');
  await expect
    .poll(() => page.getByTestId('poll-progress').textContent(), { timeout: 45_000 })
    .toContain(labels.stoppedFinal);

  await tabTo(page, labels.inspectStatus);
  await page.keyboard.press('Enter');
  const inspector = page.getByRole('region', { name: labels.inspector });
  await inspector.waitFor();
  await inspector.getByRole('article', { name: /getStatus/ }).waitFor();
  expect(await inspector.getByRole('article', { name: /getStatus/ }).textContent()).toContain('HTTP 200');
}

describe('keyboard only, and in European Portuguese (Chromium)', () => {
  let session: ConsoleSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it('completes Variant A + MB WAY + poll to final + Inspector with the keyboard only', async () => {
    session = await openConsole({ viewport: { width: 1400, height: 900 } });
    const page = session.page;
    await keyboardFlow(page, ENGLISH);

    // "?" lists the shortcuts over the inspector; Esc closes only that dialog, then the inspector.
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: ENGLISH.shortcuts });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Ctrl');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByRole('region', { name: ENGLISH.inspector }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('region', { name: ENGLISH.inspector }).waitFor({ state: 'hidden' });
    expect(session.pageErrors).toEqual([]);
  });

  it('runs the same flow in European Portuguese, formats per locale, and the picker switches language', async () => {
    // A Portuguese system: the console starts in Portuguese without being told.
    session = await openConsole({ viewport: { width: 1400, height: 900 }, locale: 'pt-PT' });
    const page = session.page;
    // The shell mounts once the Portuguese catalogue has come, which can be after the page's load event.
    await page.getByTestId('app-mode').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt-PT');
    await keyboardFlow(page, PORTUGUESE);
    await saveScreenshot(page, 'keyboard-flow-pt');
    await page.keyboard.press('Escape');

    // Amounts and dates the Portuguese way in History.
    const nav = page.getByRole('navigation', { name: 'Principal' });
    await nav.getByRole('link', { name: PORTUGUESE.nav.history, exact: true }).click();
    const table = page.getByRole('table').first();
    await table.getByText('10,50 €').first().waitFor();
    // Four-digit years (issue 27: the short date style wrote 24/11/26 in Portuguese).
    expect(await table.textContent()).toMatch(/\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}/);
    expect(await page.getByText('Please Input').count()).toBe(0);

    // The picker in Settings: English now, and still English after a restart of the page.
    await nav.getByRole('link', { name: PORTUGUESE.nav.settings, exact: true }).click();
    await page.getByLabel('Idioma').selectOption('en');
    await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(session.pageErrors).toEqual([]);
  });
});
