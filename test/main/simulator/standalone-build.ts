/** The one-file simulator, (re)built with vite.simulator.config.mts when a source is newer than it. */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../..');
export const STANDALONE_FILE = join(ROOT, 'out/simulator/gateway-simulator.mjs');
const SOURCES = ['src-main', 'src-shared', 'vite.simulator.config.mts', 'package-lock.json'];

const newest = (path: string): number => {
  const info = statSync(path);
  return info.isDirectory() ? Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name)))) : info.mtimeMs;
};

export function ensureStandaloneBuilt(): string {
  const stale =
    !existsSync(STANDALONE_FILE) ||
    Math.max(...SOURCES.map((source) => newest(join(ROOT, source)))) > statSync(STANDALONE_FILE).mtimeMs;
  if (stale) {
    const build = spawnSync(
      'npx',
      ['--no-install', 'vite', 'build', '-c', 'vite.simulator.config.mts', '--logLevel', 'warn'],
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
    );
    if (build.status !== 0)
      throw new Error(`Building the standalone simulator failed:\n${build.stdout}${build.stderr}`);
  }
  return STANDALONE_FILE;
}
