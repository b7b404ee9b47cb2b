import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface WindowBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized?: boolean;
}

export interface WorkArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const DEFAULT_BOUNDS: Readonly<WindowBounds> = { width: 1280, height: 820 };
export const MIN_SIZE = { width: 900, height: 600 } as const;
const FILE_NAME = 'window-state.json';
/** How much of the title bar must lie on a display for a remembered position to be reused. */
const VISIBLE_MARGIN = 48;

const isSaneInt = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && Math.abs(value) < 100_000;

/** Reads remembered bounds; a missing or malformed file falls back to the defaults (never throws). */
export function loadWindowBounds(userDataDir: string): WindowBounds {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(join(userDataDir, FILE_NAME), 'utf8'));
  } catch {
    return { ...DEFAULT_BOUNDS };
  }
  if (typeof raw !== 'object' || raw === null) return { ...DEFAULT_BOUNDS };
  const saved = raw as Record<string, unknown>;
  if (!isSaneInt(saved.width) || !isSaneInt(saved.height)) return { ...DEFAULT_BOUNDS };
  const bounds: WindowBounds = {
    width: Math.max(MIN_SIZE.width, saved.width),
    height: Math.max(MIN_SIZE.height, saved.height),
  };
  if (isSaneInt(saved.x) && isSaneInt(saved.y)) Object.assign(bounds, { x: saved.x, y: saved.y });
  if (saved.maximized === true) bounds.maximized = true;
  return bounds;
}

/** Writes via a temporary file and a rename, so a crash mid-write never leaves a half-written file. */
export function saveWindowBounds(userDataDir: string, bounds: WindowBounds): void {
  mkdirSync(userDataDir, { recursive: true });
  const file = join(userDataDir, FILE_NAME);
  writeFileSync(`${file}.tmp`, JSON.stringify(bounds));
  renameSync(`${file}.tmp`, file);
}

/**
 * Drops a remembered position whose title bar would be off every current display (a monitor was
 * unplugged since), so the window never opens where the user cannot reach it.
 */
export function keepOnScreen(bounds: WindowBounds, workAreas: readonly WorkArea[]): WindowBounds {
  if (bounds.x === undefined || bounds.y === undefined) return bounds;
  const { x, y, width } = bounds;
  const visible = workAreas.some(
    (area) =>
      x + width - VISIBLE_MARGIN >= area.x &&
      x + VISIBLE_MARGIN <= area.x + area.width &&
      y >= area.y &&
      y + VISIBLE_MARGIN <= area.y + area.height,
  );
  if (visible) return bounds;
  const { x: _x, y: _y, ...rest } = bounds;
  return rest;
}
