// `npm test`: lint, type-check, build, then every Vitest project (unit, renderer, E2E in Chromium)
// inside a throwaway keychain session. Ends with the pipeline's steps and one plain line
// `all: N passed, N failed` counting tests and failed steps, in every outcome (the workplace reads that line, not
// Vitest's summary); a failed step fails the exit code.
// Pass-through: `npm test -- <vitest filters>` runs only those tests (the checks still run).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureKeytarBuilt, ensureSystemPackages } from './system-packages.mjs';
import { summarize } from './test-summary.mjs';

const extraArgs = process.argv.slice(2);
/** Tests counted from Vitest's report. */
let passed = 0;
let failed = 0;
/** Pipeline steps (system packages, lint, type-checks, build, scan, the test run itself). */
const steps = [];

const finish = () => {
  const { lines, exitCode } = summarize(steps, { passed, failed });
  console.log(lines.join('\n'));
  process.exit(exitCode);
};
// Ctrl+C or a CI timeout still gets the summary (the child got the signal too).
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    steps.push({ label: `interrupted by ${signal}`, ok: false });
    finish();
  });
}

const step = (label, command, args) => {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  const ok = result.status === 0;
  console.log(ok ? `✔ ${label}` : `✘ ${label} (exit ${result.status ?? result.signal ?? result.error?.message})`);
  steps.push({ label, ok });
  return ok;
};
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
    steps.push({ label: 'Vitest report (test-results/vitest.json)', ok: false });
  }
};

try {
  const packagesReady = ensureSystemPackages();
  steps.push({ label: 'system packages (chromium, gnome-keyring, libsecret, dbus)', ok: packagesReady });
  if (!packagesReady) finish();
  const keytarReady = ensureKeytarBuilt();
  steps.push({ label: 'keytar native module (reinstalled when libsecret came after npm install)', ok: keytarReady });
  if (!keytarReady) console.log('keytar could not be built: the keychain tests will fail.');

  step('lint (eslint)', ...npx('eslint', '.'));
  step('format (prettier --check)', ...npx('prettier', '--check', '.'));
  step('type-check main and shared (vue-tsc)', ...npx('vue-tsc', '--noEmit', '-p', 'tsconfig.node.json'));
  step('type-check renderer (vue-tsc)', ...npx('vue-tsc', '--noEmit', '-p', 'tsconfig.web.json'));
  step('type-check cross-boundary tests (vue-tsc)', ...npx('vue-tsc', '--noEmit', '-p', 'tsconfig.test.json'));
  step('build (electron-vite)', 'node', ['scripts/build-if-stale.mjs', '--force']);
  step('security scan (electronegativity: no HIGH findings)', 'node', ['scripts/electronegativity.mjs']);

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
  steps.push({ label: 'npm test itself (stopped unexpectedly)', ok: false });
}
finish();
