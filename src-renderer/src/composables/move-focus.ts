import { nextTick } from 'vue';

/**
 * Moves keyboard focus to what an action produced, once the DOM shows it. A button that removes or
 * disables itself (Create a test order, Send MB WAY request, the tour's Finish) would otherwise leave
 * focus on <body>, and a keyboard or screen-reader user would start again from the top of the page.
 * A target that is not focusable by nature gets tabindex -1: focusable by script, not a Tab stop.
 */
export async function moveFocusTo(find: () => HTMLElement | null | undefined): Promise<void> {
  await nextTick();
  const target = find();
  if (!target) return;
  if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
}
