import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * axe-core's serious and critical violations on the page as it is now (WCAG 2.1 A/AA rules plus best
 * practices), one readable line per failing element, so a failure names what to fix.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}): ${node.target.join(' ')} — ${node.failureSummary?.split('\n')[1]?.trim() ?? violation.help}`,
      ),
    );
}

/**
 * Every visible interactive element that cannot be seen whole inside the viewport once scrolled to
 * (scroll containers, tables scrolling sideways and the page are all scrolled as a user would), or that
 * is covered by something else at its centre. Returns one description per offending element. `scope`
 * limits the check to an open dialog or drawer (what is behind a modal layer is covered on purpose).
 */
export async function interactiveOutsideViewport(page: Page, scope = 'body'): Promise<string[]> {
  // The pointer rests where the last click was: move it away so no hover tooltip covers anything.
  await page.mouse.move(0, 0);
  await page
    .locator('.n-tooltip')
    .first()
    .waitFor({ state: 'detached', timeout: 2000 })
    .catch(() => {});
  return page.evaluate((scopeSelector) => {
    const selector =
      'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=switch], [role=tab], [role=checkbox], [role=radio], [role=link], [tabindex]:not([tabindex="-1"])';
    const problems: string[] = [];
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
    const root = document.querySelector(scopeSelector) ?? document.body;
    const elements = [...root.querySelectorAll<HTMLElement>(selector)].filter((element) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      // Not rendered, or deliberately off-screen (skip link, visually hidden native inputs of naive-ui).
      if (style.visibility === 'hidden' || style.display === 'none' || box.width < 2 || box.height < 2) return false;
      if (element.closest('[aria-hidden="true"], .visually-hidden')) return false;
      // Inside a closed <details> (its summary aside): not shown, though Chromium still gives it a box.
      const closed = element.closest('details:not([open])');
      if (closed && !element.closest('summary')?.parentElement?.isSameNode(closed)) return false;
      if (element.classList.contains('skip-link') && document.activeElement !== element) return false;
      return element.offsetParent !== null || style.position === 'fixed';
    });
    for (const element of elements) {
      element.scrollIntoView({ block: 'center', inline: 'center' });
      const box = element.getBoundingClientRect();
      const inside =
        box.left >= -1 && box.top >= -1 && box.right <= window.innerWidth + 1 && box.bottom <= window.innerHeight + 1;
      if (!inside) {
        problems.push(
          `${describe(element)} at ${Math.round(box.left)},${Math.round(box.top)}–${Math.round(box.right)},${Math.round(box.bottom)}`,
        );
        continue;
      }
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      // Covered by another element (a clipped top bar, an overlapping table): the user cannot click it.
      if (
        hit &&
        hit !== element &&
        !element.contains(hit) &&
        !hit.contains(element) &&
        !element.closest('label')?.contains(hit)
      )
        problems.push(`${describe(element)} is covered by ${describe(hit)}`);
    }
    document.querySelector('#main-content')?.scrollTo({ top: 0, left: 0 });
    return problems;
  }, scope);
}
