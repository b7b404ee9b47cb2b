/**
 * Issue 27 item 3: at 960×600 (a laptop split screen) and 1400×900 every control is reachable without
 * sideways scrolling, nothing overlaps, the nav tooltip goes away after a click, the top-bar profile
 * selector shows its whole text, and Portuguese table headings never break a word in the middle.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { createSandboxOrder, openArea } from '../support/console-actions';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The control is inside the viewport horizontally once scrolled into view vertically (no sideways scroll). */
async function expectWithinWidth(page: Page, control: Locator, name: string): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  // Undo any sideways scroll that brought it into view: a user would not know to scroll there.
  const right = await control.evaluate((element) => {
    let limit = window.innerWidth;
    for (let box = element.parentElement; box; box = box.parentElement) {
      box.scrollLeft = 0;
      if (getComputedStyle(box).overflowX !== 'visible') limit = Math.min(limit, box.getBoundingClientRect().right);
    }
    return limit;
  });
  const box = await control.boundingBox();
  expect(box, `${name} is not rendered`).not.toBeNull();
  expect(box!.x, `${name} starts left of the window`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${name} ends past the visible right edge (${right}px)`).toBeLessThanOrEqual(right);
}

/** The main content area scrolls only vertically. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const content = document.getElementById('main-content')!;
    return content.scrollWidth - content.clientWidth;
  });

/** Words (of the given elements' text) that the browser split over two lines. */
const wordsBrokenMidWord = (page: Page, selector: string) =>
  page.evaluate((selector) => {
    const broken: string[] = [];
    for (const element of document.querySelectorAll(selector)) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // Monospace ids and URLs may wrap anywhere: they are not words.
        if (node.parentElement?.closest('.mono, code')) continue;
        const text = node.textContent ?? '';
        // Words of letters only: ids and URLs may wrap anywhere, words may not.
        for (const match of text.matchAll(/\p{L}+/gu)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (tops.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  }, selector);

/** At both sizes, the amount's test-value picker (label and select) stays clear of the Payment type radios. */
async function expectTestValueClear(page: Page, paymentTypeName: string): Promise<void> {
  for (const viewport of [
    { width: 960, height: 600 },
    { width: 1400, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    const picker = page.locator('.test-value').first();
    await picker.waitFor();
    const paymentType = page.getByRole('group', { name: paymentTypeName });
    for (const part of [picker, picker.locator('select')]) {
      const [a, b] = [await part.boundingBox(), await paymentType.boundingBox()];
      expect(a && b && overlaps(a, b), `the test-value select overlaps ${paymentTypeName} at ${viewport.width}px`).toBe(
        false,
      );
      // Nor does it stick out of its own grid cell into the next one.
      const spill = await part.evaluate((element) => {
        const cell = element.closest('.grid > *') ?? element;
        return element.getBoundingClientRect().right - cell.getBoundingClientRect().right;
      });
      expect(spill, `the test-value select spills out of its cell at ${viewport.width}px`).toBeLessThanOrEqual(0);
    }
  }
  await page.setViewportSize({ width: 960, height: 600 });
}

describe('layout at 960×600 and 1400×900 (issue 27 item 3)', () => {
  let session: ConsoleSession;
  beforeAll(async () => {
    session = await openConsole({ viewport: { width: 960, height: 600 } });
    await session.page.getByTestId('app-mode').waitFor();
    for (let n = 1; n <= 3; n++) await createSandboxOrder(session, `ux-layout-${n}`);
  });
  afterAll(async () => {
    await session?.close();
  });

  it('960×600 and 1400×900: the Sandbox test-value select does not overlap the Payment type radio', async () => {
    const { page } = session;
    await openArea(page, 'Orders');
    await page
      .getByRole('button', { name: /^(Create a test order|New order)$/ })
      .first()
      .click();
    await expectTestValueClear(page, 'Payment type');
  });

  it("960×600: Profiles' Delete and Test connection buttons are on screen", async () => {
    const { page } = session;
    await openArea(page, 'Profiles');
    const row = page.locator('tr[data-profile-id="sandbox-a"]');
    await expectWithinWidth(page, row.getByRole('button', { name: /^Delete/ }), 'Delete');
    await expectWithinWidth(page, row.getByRole('button', { name: /^Test/ }), 'Test connection');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });

  it('960×600: the Notifications Open button is on screen', async () => {
    const { page } = session;
    // A paid order: the simulator delivers its notification to the console's receiver.
    const paid = await createSandboxOrder(session, 'ux-layout-paid');
    const completed = await session.core.dispatch('simulator.complete', {
      transactionId: paid,
      paymentStatus: 'Success',
    });
    expect(completed.ok).toBe(true);
    await openArea(page, 'Notifications');
    const open = page.getByRole('button', { name: /^Open/ }).first();
    await open.waitFor({ timeout: 15_000 });
    await expectWithinWidth(page, open, 'Open');
  });

  it('960×600: the collapsed nav tooltip goes away after a click', async () => {
    const { page } = session;
    const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History', exact: true });
    await link.hover();
    const tooltip = page.locator('.n-tooltip', { hasText: 'History' });
    await tooltip.waitFor();
    await link.click();
    await page.getByRole('heading', { name: 'History', exact: true }).waitFor();
    await expect.poll(() => tooltip.isVisible(), { timeout: 3000 }).toBe(false);
  });

  it('the top-bar profile selector shows its whole text at 960 and 1400 px', async () => {
    const { page } = session;
    for (const width of [960, 1400]) {
      await page.setViewportSize({ width, height: width === 960 ? 600 : 900 });
      const truncated = await page.getByLabel('Active profile').evaluate((select: HTMLSelectElement) => {
        const style = getComputedStyle(select);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = select.selectedOptions[0]?.textContent?.trim() ?? '';
        // The native arrow takes about 20 px of the box.
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
        return context.measureText(text).width > room ? `${text} (${select.clientWidth}px)` : null;
      });
      expect(truncated, `truncated at ${width}px`).toBeNull();
    }
    await page.setViewportSize({ width: 960, height: 600 });
  });

  it('1400×900: History needs no sideways scrolling', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1400, height: 900 });
    await openArea(page, 'History');
    await page.getByText('ux-layout-1').first().waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    const scrollers = await page.evaluate(() =>
      [...document.querySelectorAll('#main-content *')]
        .filter(
          (el) => el.scrollWidth > el.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(el).overflowX),
        )
        .map((el) => el.className || el.tagName),
    );
    expect(scrollers, 'elements that scroll sideways').toEqual([]);
    await page.setViewportSize({ width: 960, height: 600 });
  });
});

const PT_AREAS = {
  history: 'Histórico',
  profiles: 'Perfis',
  notifications: 'Notificações',
  simulator: 'Simulador',
  support: 'Apoio',
  scenarios: 'Cenários',
};

describe('Portuguese tables at 960×600 (issue 27 item 3)', () => {
  let session: ConsoleSession;
  beforeAll(async () => {
    session = await openConsole({ viewport: { width: 960, height: 600 }, locale: 'pt-PT' });
    await session.page.getByTestId('app-mode').waitFor();
    for (let n = 1; n <= 2; n++) await createSandboxOrder(session, `ux-pt-${n}`);
    // A paid order fills the Notifications table too.
    const paid = await createSandboxOrder(session, 'ux-pt-paid');
    await session.core.dispatch('simulator.complete', { transactionId: paid, paymentStatus: 'Success' });
  });
  afterAll(async () => {
    await session?.close();
  });

  it('PT: the Sandbox test-value select does not overlap the Payment type radio', async () => {
    const { page } = session;
    await page.evaluate(() => (window.location.hash = '#/orders'));
    await page
      .getByRole('button', { name: /^(Criar uma encomenda de teste|Nova encomenda)$/ })
      .first()
      .click();
    await expectTestValueClear(page, 'Tipo de pagamento');
  });

  it('PT tables never break a word mid-word ("REFEREN CE")', async () => {
    const { page } = session;
    for (const viewport of [
      { width: 960, height: 600 },
      { width: 1400, height: 900 },
    ])
      for (const [route, heading] of Object.entries(PT_AREAS)) {
        await page.setViewportSize(viewport);
        await page.evaluate((hash) => (window.location.hash = hash), `#/${route}`);
        await page.getByRole('heading', { name: heading, exact: true }).waitFor();
        // Tables with rows: the orders made above (ids wrap anywhere; the words around them must not).
        if (route === 'simulator') await page.getByTestId('sim-transaction-id').first().waitFor();
        if (route === 'history') await page.getByText('ux-pt-1').first().waitFor();
        if (route === 'notifications') await page.locator('.n-data-table-td').first().waitFor();
        const broken = await wordsBrokenMidWord(
          page,
          '#main-content th, #main-content td, #main-content [role=columnheader], #main-content [role=cell]',
        );
        expect(broken, `words broken mid-word on ${heading} at ${viewport.width}px`).toEqual([]);
      }
  });
});
