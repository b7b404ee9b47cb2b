/**
 * Where the tour's popover goes (issue 27, onboarding presenter item 4 defect: the popover covered the
 * panel it explains — the request panel at step 5, the code at the last steps).
 */
import { describe, expect, it } from 'vitest';
import { clearPlacement, overlaps, type Box } from '../../../src-renderer/src/features/demo/popover-placement';

const view = { width: 960, height: 600 };
const popoverAt = (left: number, top: number): Box => ({ left, top, width: 300, height: 200 });

describe('tour popover placement (issue 27 item 4 defect: the popover covered what it explains)', () => {
  it('leaves a popover that covers nothing where driver.js put it', () => {
    expect(clearPlacement({ left: 0, top: 0, width: 400, height: 200 }, popoverAt(500, 300), view)).toEqual({
      kind: 'clear',
    });
  });

  it('moves a popover off a panel to a side with room, without covering the panel', () => {
    // A wide panel in the middle of the view, with driver.js's fallback (bottom centre) over it.
    const panel = { left: 40, top: 60, width: 880, height: 300 };
    const placement = clearPlacement(panel, popoverAt(330, 330), view);
    expect(placement.kind).toBe('move');
    if (placement.kind !== 'move') return;
    const moved = popoverAt(placement.left, placement.top);
    expect(overlaps(moved, panel)).toBe(false);
    expect(moved.top + moved.height).toBeLessThanOrEqual(view.height);
    expect(moved.left + moved.width).toBeLessThanOrEqual(view.width);
  });

  it('uses the room beside a tall, narrow panel', () => {
    const panel = { left: 20, top: 20, width: 440, height: 560 };
    const placement = clearPlacement(panel, popoverAt(100, 380), view);
    expect(placement).toMatchObject({ kind: 'move', left: 472 });
  });

  it('asks for a scroll when the panel sits mid-view with no side free but would fit above the popover', () => {
    const panel = { left: 0, top: 200, width: 960, height: 300 };
    expect(clearPlacement(panel, popoverAt(330, 390), view, 12, 48)).toEqual({ kind: 'scroll' });
  });

  it('says so when panel and popover together are larger than the view', () => {
    const panel = { left: 0, top: 40, width: 960, height: 540 };
    expect(clearPlacement(panel, popoverAt(330, 390), view)).toEqual({ kind: 'none' });
  });
});
