/**
 * Where the tour's popover goes so that it never covers what it explains. driver.js puts it beside the
 * highlighted panel when one side has room and otherwise in the middle of the bottom edge — over the
 * panel, which is what happens to a tall panel in a small window or at presenter sizes. This picks a side
 * that has room, and says when the panel must first be scrolled to the top of the view to make some.
 */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

export type Placement =
  | { kind: 'clear' }
  | { kind: 'move'; left: number; top: number }
  /** No side has room where the panel is now; there will be room below it once its top is at `gap`. */
  | { kind: 'scroll' }
  /** The panel with the popover beside it is larger than the view: covering some of it is unavoidable. */
  | { kind: 'none' };

export const overlaps = (a: Box, b: Box) =>
  a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(value, max));

/**
 * `target` and `popover` in viewport coordinates; `gap` is the room kept between them and the edges;
 * `reachableTop` is the highest the target's top can be scrolled to (the top of its scrolling area).
 */
export function clearPlacement(target: Box, popover: Box, view: Size, gap = 12, reachableTop = gap): Placement {
  if (!overlaps(target, popover)) return { kind: 'clear' };
  const { width, height } = popover;
  const across = (start: number, extent: number, room: number) => clamp(start, gap, Math.max(gap, room - extent - gap));
  const below = target.top + target.height + gap;
  if (below + height + gap <= view.height)
    return { kind: 'move', top: below, left: across(target.left, width, view.width) };
  const above = target.top - gap - height;
  if (above >= gap) return { kind: 'move', top: above, left: across(target.left, width, view.width) };
  const right = target.left + target.width + gap;
  if (right + width + gap <= view.width)
    return { kind: 'move', left: right, top: across(target.top, height, view.height) };
  const left = target.left - gap - width;
  if (left >= gap) return { kind: 'move', left, top: across(target.top, height, view.height) };
  return reachableTop + target.height + height + 2 * gap <= view.height ? { kind: 'scroll' } : { kind: 'none' };
}
