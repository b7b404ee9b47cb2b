// `npm test`: lint, type-check, build, then every Vitest project (unit, renderer, E2E in Chromium)
// inside a throwaway keychain session. Ends with one plain line `all: N passed, N failed`.
// Pass-through: `npm test -- <vitest filters>` runs only those tests (the checks still run).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureKeytarBuilt, ensureSystemPackages } from './system-packages.mjs';

const extraArgs = process.argv.slice(2);
let passed = 0;
let failed = 0;

const step = (label, command, args, options = {}) => {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  const ok = result.status === 0;
  console.log(ok ? `✔ ${label}` : `✘ ${label} (exit ${result.status ?? result.signal})`);
  return ok;
};
const check = (label, command, args) => (step(label, command, args) ? passed++ : failed++);

if (!ensureSystemPackages()) {
  console.log('\nall: 0 passed, 1 failed');
  process.exit(1);
}
if (!ensureKeytarBuilt()) console.log('keytar could not be built: the keychain tests will fail.');

check('lint (eslint + prettier)', 'npx', ['--no-install', 'eslint', '.']);
check('format (prettier --check)', 'npx', ['--no-install', 'prettier', '--check', '.']);
check('type-check main and shared (vue-tsc)', 'npx', [
  '--no-install',
  'vue-tsc',
  '--noEmit',
  '-p',
  'tsconfig.node.json',
]);
check('type-check renderer (vue-tsc)', 'npx', ['--no-install', 'vue-tsc', '--noEmit', '-p', 'tsconfig.web.json']);
check('build (electron-vite)', 'npx', ['--no-install', 'electron-vite', 'build']);

const report = 'test-results/vitest.json';
mkdirSync('test-results', { recursive: true });
rmSync(report, { force: true });
step('tests (vitest: main, renderer, e2e)', 'bash', [
  'scripts/with-keychain.sh',
  'npx',
  '--no-install',
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...extraArgs,
]);
try {
  const summary = JSON.parse(readFileSync(report, 'utf8'));
  passed += summary.numPassedTests;
  failed += summary.numFailedTests;
  // A file that fails to load has no tests to count but is still a failure.
  failed += summary.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length;
} catch {
  console.log('No Vitest report was written: counting the test run as failed.');
  failed += 1;
}

console.log(`\nall: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
