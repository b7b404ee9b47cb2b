import { onBeforeUnmount, onMounted, watch } from 'vue';
import { i18n, t } from '../i18n';

/**
 * naive-ui renders a few things screen readers (and axe) stumble on, with no prop to fix them:
 * card and modal titles are `role="heading"` without a level, a number input's +/- buttons have no
 * name, and a drawer is a `role="dialog"` without a name. This watches the page and adds what is
 * missing — one place, instead of a workaround in every component that uses them.
 */
/** Marks a name this module gave, so a language switch renames it (and never a name the app set). */
const OURS = 'data-aria-fix';

function nameButton(button: Element | undefined, name: string): void {
  if (!button || (button.hasAttribute('aria-label') && !button.hasAttribute(OURS))) return;
  if (button.getAttribute('aria-label') !== name) button.setAttribute('aria-label', name);
  button.setAttribute(OURS, '');
}

function repair(root: ParentNode): void {
  for (const heading of root.querySelectorAll('.n-card-header[role="heading"]:not([aria-level])'))
    heading.setAttribute('aria-level', '2');
  for (const heading of root.querySelectorAll('.n-card-header__main[role="heading"]:not([aria-level])'))
    heading.setAttribute('aria-level', '2');
  for (const input of root.querySelectorAll('.n-input-number')) {
    const buttons = input.querySelectorAll('.n-input-number-button, .n-button');
    nameButton(buttons[0], t('common.decrease'));
    nameButton(buttons[1], t('common.increase'));
  }
  for (const drawer of root.querySelectorAll('.n-drawer[role="dialog"]:not([aria-label]):not([aria-labelledby])')) {
    const title = drawer.querySelector('.n-drawer-header__main, [role="heading"]')?.textContent?.trim();
    if (title) drawer.setAttribute('aria-label', title);
  }
}

export function useNaiveAriaFixes(): void {
  let observer: MutationObserver | null = null;
  onMounted(() => {
    repair(document);
    // Batched per frame: naive-ui renders popovers and modals into body at any time.
    let queued = false;
    observer = new MutationObserver(() => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => {
        queued = false;
        repair(document);
      });
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
  // A language switch changes no DOM node the observer sees, so the names are given again here.
  const stopLocaleWatch = watch(
    () => i18n.global.locale.value,
    () => repair(document),
    { flush: 'post' },
  );
  onBeforeUnmount(() => {
    observer?.disconnect();
    stopLocaleWatch();
  });
}
