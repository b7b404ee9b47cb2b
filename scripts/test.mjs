// `npm test`: lint, type-check, build, then every Vitest project (unit, renderer, E2E in Chromium)
// inside a throwaway keychain session. Ends with one plain line `all: N passed, N failed` in every
// outcome (the workplace reads that line, not Vitest's summary).
// Pass-through: `npm test -- <vitest filters>` runs only those tests (the checks still run).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureKeytarBuilt, ensureSystemPackages } from './system-packages.mjs';

const extraArgs = process.argv.slice(2);
let passed = 0;
let failed = 0;

const finish = () => {
  console.log(`\nall: ${passed} passed, ${failed} failed`);
  process.exit(failed === 0 && passed > 0 ? 0 : 1);
};
// Ctrl+C or a CI timeout still gets the summary line (the child got the signal too).
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    failed += 1;
    finish();
  });
}

const step = (label, command, args) => {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  const ok = result.status === 0;
  console.log(ok ? `✔ ${label}` : `✘ ${label} (exit ${result.status ?? result.signal ?? result.error?.message})`);
  return ok;
};
const check = (label, command, args) => (step(label, command, args) ? passed++ : failed++);
const npx = (...args) => ['npx', ['--no-install', ...args]];

/** Adds Vitest's own counts; a file that fails to load has no tests to count but is still a failure. */
const countVitest = (report) => {
  try {
    const summary = JSON.parse(readFileSync(report, 'utf8'));
    passed += summary.numPassedTests;
    failed += summary.numFailedTests;
    failed += summary.testResults.filter(
      (file) => file.status === 'failed' && file.assertionResults.length === 0,
    ).length;
  } catch {
    console.log('No Vitest report was written: counting the test run as failed.');
    failed += 1;
  }
};

try {
  if (!ensureSystemPackages()) {
    failed += 1;
    finish();
  }
  if (!ensureKeytarBuilt()) console.log('keytar could not be built: the keychain tests will fail.');

  check('lint (eslint)', ...npx('eslint', '.'));
  check('format (prettier --check)', ...npx('prettier', '--check', '.'));
  check('type-check main and shared (vue-tsc)', ...npx('vue-tsc', '--noEmit', '-p', 'tsconfig.node.json'));
  check('type-check renderer (vue-tsc)', ...npx('vue-tsc', '--noEmit', '-p', 'tsconfig.web.json'));
  check('type-check cross-boundary tests (vue-tsc)', ...npx('vue-tsc', '--noEmit', '-p', 'tsconfig.test.json'));
  check('build (electron-vite)', 'node', ['scripts/build-if-stale.mjs', '--force']);
  check('security scan (electronegativity: no HIGH findings)', 'node', ['scripts/electronegativity.mjs']);

  const report = 'test-results/vitest.json';
  mkdirSync('test-results', { recursive: true });
  rmSync(report, { force: true });
  step('tests (vitest: main, renderer, e2e)', 'bash', [
    'scripts/with-keychain.sh',
    ...npx(
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...extraArgs,
    ).flat(),
  ]);
  countVitest(report);
} catch (error) {
  console.log(`npm test stopped unexpectedly: ${error instanceof Error ? error.message : String(error)}`);
  failed += 1;
}
finish();
