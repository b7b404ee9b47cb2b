/**
 * Esc must close only the topmost layer. naive-ui's modals and dialogs close themselves on Esc from a
 * document listener; our window-level Esc handlers (the inspector drawer) run after it and must leave
 * the event alone while such a modal is still in the page, or one key press would close both.
 */
export function modalIsOpen(): boolean {
  return document.querySelector('.n-modal-container .n-modal, .n-modal-container .n-dialog') !== null;
}

/** True when the key press belongs to a text field, where printable shortcut keys must type instead. */
export function isTyping(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  if (!target) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest('[role=textbox]') !== null
  );
}
