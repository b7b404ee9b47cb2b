import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface WindowBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized?: boolean;
}

export const DEFAULT_BOUNDS: WindowBounds = { width: 1280, height: 820 };
const MIN = { width: 900, height: 600 };

const isFiniteInt = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && Math.abs(value) < 100_000;

/** Reads remembered bounds; anything malformed falls back to the defaults (never throws). */
export function loadWindowBounds(userDataDir: string): WindowBounds {
  try {
    const raw = JSON.parse(readFileSync(join(userDataDir, 'window-state.json'), 'utf8')) as Record<string, unknown>;
    if (!isFiniteInt(raw.width) || !isFiniteInt(raw.height)) return DEFAULT_BOUNDS;
    const bounds: WindowBounds = { width: Math.max(MIN.width, raw.width), height: Math.max(MIN.height, raw.height) };
    if (isFiniteInt(raw.x) && isFiniteInt(raw.y)) Object.assign(bounds, { x: raw.x, y: raw.y });
    if (raw.maximized === true) bounds.maximized = true;
    return bounds;
  } catch {
    return DEFAULT_BOUNDS;
  }
}

export function saveWindowBounds(userDataDir: string, bounds: WindowBounds): void {
  const file = join(userDataDir, 'window-state.json');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(bounds));
}
