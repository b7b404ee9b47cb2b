// Builds out/ with electron-vite when any source is newer than the last build (or with --force).
// Shared by `npm start`, `npm test` and the E2E suite, so each only pays for a build when it is needed.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');
const STAMP = join(ROOT, 'out/.build-stamp');
const SOURCES = [
  'src-main',
  'src-shared',
  'src-renderer',
  'electron.vite.config.ts',
  'vite.simulator.config.mts',
  'package.json',
];

/** The newest modification time of a file, or of any file under a folder. */
export const newestMtime = (path) => {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
};

export const isBuildStale = () =>
  !existsSync(STAMP) ||
  Math.max(
    ...SOURCES.map((source) => join(ROOT, source))
      .filter(existsSync)
      .map(newestMtime),
  ) > statSync(STAMP).mtimeMs;

/** Returns true when out/ is current (building it first if needed). */
export function buildIfStale({ force = false, logLevel = 'warn' } = {}) {
  if (!force && !isBuildStale()) return true;
  // The stamp carries the build's start time: a file saved during the build still counts as newer.
  const startedAt = new Date();
  const build = spawnSync('npx', ['--no-install', 'electron-vite', 'build', '--logLevel', logLevel], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) return false;
  // The one-file standalone simulator (out/simulator/gateway-simulator.mjs), as `npm run build` makes it.
  const simulator = spawnSync(
    'npx',
    ['--no-install', 'vite', 'build', '-c', 'vite.simulator.config.mts', '--logLevel', logLevel],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  if (simulator.status !== 0) return false;
  writeFileSync(STAMP, startedAt.toISOString());
  utimesSync(STAMP, startedAt, startedAt);
  return true;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const force = process.argv.includes('--force');
  process.exit(buildIfStale({ force, logLevel: force ? 'info' : 'warn' }) ? 0 : 1);
}
