import { existsSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

export const PROJECT_ROOT = resolve(__dirname, '../../..');
export const OUT_DIR = join(PROJECT_ROOT, 'out');

/** Absolute path of a built file; a missing build fails the test with what to run instead of a stack. */
export function builtFile(relative: string): string {
  const path = join(OUT_DIR, relative);
  if (!existsSync(path)) {
    throw new Error(
      `out/${relative} is missing: run \`npx electron-vite build\` first (\`npm test\` builds before Vitest runs).`,
    );
  }
  return path;
}

type ModuleLoad = (request: string, parent: unknown, isMain: boolean) => unknown;
const moduleInternals = Module as unknown as { _load: ModuleLoad };

/**
 * Runs out/main/index.js as Electron would, with `require('electron')` answered by `electron`.
 * Each call starts from a clean module cache so the bundle's top-level code runs again.
 */
export function loadBuiltMain(electron: unknown): void {
  const mainPath = builtFile('main/index.js');
  const nodeRequire = createRequire(mainPath);
  for (const key of Object.keys(nodeRequire.cache)) if (key.startsWith(OUT_DIR)) delete nodeRequire.cache[key];
  const originalLoad = moduleInternals._load;
  moduleInternals._load = function (request, parent, isMain) {
    return request === 'electron' ? electron : originalLoad.call(this, request, parent, isMain);
  };
  try {
    nodeRequire(mainPath);
  } finally {
    moduleInternals._load = originalLoad;
  }
}
