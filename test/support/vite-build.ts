/**
 * A file built with one of the project's Vite configs, (re)built only when one of its sources is newer
 * than it: tests and benchmarks that need the code as it ships (bundled by Vite, not transpiled per file
 * by tsx) call this instead of building on every run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { newestMtime } from '../../scripts/build-if-stale.mjs';

export const ROOT = resolve(__dirname, '../..');

export interface ViteBuild {
  /** What the build is, for the error message. */
  what: string;
  /** The Vite config, relative to the repository root. */
  config: string;
  /** The file the build writes, relative to the repository root. */
  output: string;
  /** Files and folders (relative to the root) whose change makes the output stale; the config is added. */
  sources: readonly string[];
}

/** Builds `build.output` when it is missing or older than a source; returns its absolute path. */
export function ensureViteBuilt(build: ViteBuild): string {
  const output = join(ROOT, build.output);
  const sources = [...build.sources, build.config];
  const stale =
    !existsSync(output) ||
    Math.max(...sources.map((source) => newestMtime(join(ROOT, source)))) > statSync(output).mtimeMs;
  if (stale) {
    const result = spawnSync('npx', ['--no-install', 'vite', 'build', '-c', build.config, '--logLevel', 'warn'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`Building ${build.what} failed:\n${result.stdout}${result.stderr}`);
  }
  return output;
}
