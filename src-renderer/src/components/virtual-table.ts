import type { VNodeChild } from 'vue';

/**
 * One column of a VirtualTable: a fixed width (rows never reflow while scrolling) and how to show a
 * cell. `render` is a method so a column of a specific row type fits the table's `object` rows.
 */
export interface VirtualColumn<Row extends object> {
  key: string;
  title?: string;
  width: number;
  /** The cell's content; without it, the row's own `key` field as text. */
  render?(row: Row): VNodeChild;
  className?: string;
  align?: 'left' | 'right' | 'center';
}

/** How many rows beyond the visible ones are rendered on each side, so a small scroll step shows no gap. */
export const OVERSCAN_ROWS = 4;

/**
 * The slice of `count` rows of `rowHeight` px to render when the viewport of `viewportHeight` px is
 * scrolled to `scrollTop`, plus the blank space above and below it that keeps the scrollbar true.
 */
export function visibleWindow(scrollTop: number, viewportHeight: number, rowHeight: number, count: number) {
  const first = Math.max(0, Math.min(count, Math.floor(scrollTop / rowHeight) - OVERSCAN_ROWS));
  const last = Math.max(first, Math.min(count, Math.ceil((scrollTop + viewportHeight) / rowHeight) + OVERSCAN_ROWS));
  return { first, last, above: first * rowHeight, below: (count - last) * rowHeight };
}
