// `node scripts/stress-e2e.mjs [--runs 10] [--busy 2] [vitest filters…]`: runs the E2E project
// `--runs` times while `--busy` processes spin the CPU, to shake out tests that only pass on a quiet
// machine (timing races, waits on the wrong thing). Prints one line per run and which tests failed
// in which runs; exits 1 when any run failed. Heavy: meant for a dedicated machine, not a shared one.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  options: { runs: { type: 'string', default: '10' }, busy: { type: 'string', default: '2' } },
  allowPositionals: true,
});
const runs = Number(values.runs);
const busy = Number(values.busy);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(busy) || busy < 0) {
  console.error('--runs must be a whole number ≥ 1 and --busy a whole number ≥ 0.');
  process.exit(2);
}

// Busy loops as separate processes, so the scheduler shares the cores with them as with any other load.
const spinners = Array.from({ length: busy }, () =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
);
const stopSpinners = () => {
  for (const spinner of spinners) spinner.kill('SIGKILL');
};
process.on('exit', stopSpinners);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

mkdirSync('test-results', { recursive: true });
const report = 'test-results/stress-e2e.json';
/** test full name → numbers of the runs it failed in */
const failures = new Map();
let failedRuns = 0;
for (let run = 1; run <= runs; run += 1) {
  rmSync(report, { force: true });
  const started = Date.now();
  const result = spawnSync(
    'npx',
    [
      '--no-install',
      'vitest',
      'run',
      '--project',
      'e2e',
      '--reporter=dot',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...positionals,
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  let failedHere;
  try {
    const summary = JSON.parse(readFileSync(report, 'utf8'));
    failedHere = summary.testResults.flatMap((file) =>
      file.assertionResults.length === 0 && file.status === 'failed'
        ? [`${file.name} (did not load)`]
        : file.assertionResults.filter((test) => test.status === 'failed').map((test) => test.fullName),
    );
  } catch {
    failedHere = ['(no Vitest report was written)'];
  }
  if (result.status !== 0 && failedHere.length === 0)
    failedHere = [`(vitest exited ${result.status ?? result.signal})`];
  for (const name of failedHere) failures.set(name, [...(failures.get(name) ?? []), run]);
  if (failedHere.length) failedRuns += 1;
  console.log(
    `run ${run}/${runs}: ${failedHere.length ? `${failedHere.length} failed` : 'green'} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
}
stopSpinners();
console.log(`\n${runs - failedRuns} of ${runs} runs green under ${busy} busy-loop process(es).`);
for (const [name, inRuns] of failures) console.log(`  ✘ ${name} — failed in run(s) ${inRuns.join(', ')}`);
process.exit(failedRuns === 0 ? 0 : 1);
