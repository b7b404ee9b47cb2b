import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

/** E2E tests load the built renderer: (re)build out/ first when a source is newer than the last build. */
export default function setup(): void {
  const root = resolve(__dirname, '../..');
  const build = spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('The build failed: the E2E tests need out/renderer.');
}
