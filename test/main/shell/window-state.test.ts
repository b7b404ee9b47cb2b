import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_BOUNDS,
  keepOnScreen,
  loadWindowBounds,
  MIN_SIZE,
  saveWindowBounds,
} from '../../../src-main/window/window-state';

let dir: string;
const writeState = (text: string): void => writeFileSync(join(dir, 'window-state.json'), text);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'window-state-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('window state', () => {
  it('uses the defaults on first launch', () => {
    expect(loadWindowBounds(dir)).toEqual(DEFAULT_BOUNDS);
  });

  it('round-trips what was saved, leaving no temporary file behind', () => {
    saveWindowBounds(dir, { x: -1200, y: 40, width: 1100, height: 750, maximized: true });
    expect(loadWindowBounds(dir)).toEqual({ x: -1200, y: 40, width: 1100, height: 750, maximized: true });
    expect(readdirSync(dir)).toEqual(['window-state.json']);
  });

  it('creates the settings folder if it does not exist yet', () => {
    const nested = join(dir, 'not', 'yet');
    saveWindowBounds(nested, { width: 1000, height: 700 });
    expect(loadWindowBounds(nested)).toEqual({ width: 1000, height: 700 });
  });

  it.each([
    ['truncated JSON', '{"width": 1000, "hei'],
    ['not an object', '"big"'],
    ['null', 'null'],
    ['missing height', '{"width": 1000}'],
    ['string sizes', '{"width": "1000", "height": "700"}'],
    ['fractional sizes', '{"width": 1000.5, "height": 700}'],
    ['absurd sizes', '{"width": 1e9, "height": 700}'],
  ])('falls back to the defaults for a malformed file (%s)', (_label, text) => {
    writeState(text);
    expect(loadWindowBounds(dir)).toEqual(DEFAULT_BOUNDS);
  });

  it('keeps a valid size but ignores a malformed position and clamps to the minimum size', () => {
    writeState(JSON.stringify({ x: 'left', y: 10, width: 200, height: 100, maximized: 'yes' }));
    expect(loadWindowBounds(dir)).toEqual({ width: MIN_SIZE.width, height: MIN_SIZE.height });
  });

  it('keeps a position that is reachable on one of the displays', () => {
    const displays = [
      { x: 0, y: 0, width: 1920, height: 1080 },
      { x: 1920, y: 0, width: 1280, height: 1024 },
    ];
    const bounds = { x: 2000, y: 100, width: 1000, height: 700 };
    expect(keepOnScreen(bounds, displays)).toEqual(bounds);
    expect(keepOnScreen({ ...bounds, x: 3300 }, displays)).toEqual({ width: 1000, height: 700 });
    expect(keepOnScreen({ ...bounds, y: -500 }, displays)).toEqual({ width: 1000, height: 700 });
  });
});
