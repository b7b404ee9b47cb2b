import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../../src-main/cli/cli-io';
import { runScenariosCommand } from '../../../src-main/cli/run-command';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gc-run-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const capture = () => {
  const out = { stdout: '', stderr: '' };
  const io: CliIo = {
    stdout: (text) => void (out.stdout += text),
    stderr: (text) => void (out.stderr += text),
    readStdin: async () => Buffer.alloc(0),
    stdinIsTty: true,
  };
  return { io, out };
};

/** Reads JUnit XML back with a JUnit-aware parser setup: testsuite/testcase always arrays, attributes kept. */
function readJunit(xml: string) {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    isArray: (name) => name === 'testsuite' || name === 'testcase',
  });
  const doc = parser.parse(xml) as {
    testsuites: {
      tests: string;
      failures: string;
      skipped: string;
      testsuite: Array<{ name: string; tests: string; failures: string; testcase: Array<Record<string, unknown>> }>;
    };
  };
  const cases = doc.testsuites.testsuite.flatMap((suite) => suite.testcase);
  return {
    declared: {
      tests: Number(doc.testsuites.tests),
      failures: Number(doc.testsuites.failures),
      skipped: Number(doc.testsuites.skipped),
    },
    suites: doc.testsuites.testsuite,
    cases,
    failed: cases.filter((item) => 'failure' in item),
    skipped: cases.filter((item) => 'skipped' in item),
  };
}

describe('gateway-console run', () => {
  it('run --builtin --junit FILE: a real process, its own Sandbox, ≥ 30 scenarios, JUnit read back, exit 0', async () => {
    const junit = join(dir, 'builtin.xml');
    const root = resolve(__dirname, '../../..');
    const result = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        '--conditions',
        'development',
        'src-main/cli.ts',
        'run',
        '--builtin',
        '--quiet',
        '--junit',
        junit,
      ],
      // No keychain and no saved profiles: a user-data dir that does not exist proves nothing is read from it.
      { cwd: root, env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.node.json', HOME: join(dir, 'no-home') } },
    );
    expect(result.stdout).toMatch(/^(\d+) scenarios: \1 passed, 0 failed, 0 skipped$/m);
    const report = readJunit(await readFile(junit, 'utf8'));
    expect(report.cases.length).toBeGreaterThanOrEqual(30);
    expect(report.declared).toEqual({ tests: report.cases.length, failures: 0, skipped: 0 });
    expect(report.failed).toHaveLength(0);
    expect(report.suites.map((suite) => suite.name)).toEqual([
      'builtin/variant-a',
      'builtin/variant-b',
      'builtin/errors',
      'builtin/notifications',
    ]);
    for (const suite of report.suites) expect(Number(suite.tests)).toBe(suite.testcase.length);
  }, 120_000);

  it('exits non-zero on a failing scenario and the JUnit XML carries the failure with expected vs actual', async () => {
    const file = join(dir, 'wrong.yaml');
    await writeFile(
      file,
      `format: gateway-console/scenario@1
name: Deliberately wrong
variant: A
steps:
  - id: create
    create: {}
  - status: { transactionID: "\${create.transactionID}" }
    expect: { paymentStatus: Success }
`,
    );
    const passing = join(dir, 'right.yaml');
    await writeFile(passing, `format: gateway-console/scenario@1\nname: Right\nvariant: B\nsteps:\n  - create: {}\n`);
    const junit = join(dir, 'wrong.xml');
    const reportDir = join(dir, 'reports');
    const { io, out } = capture();
    const code = await runScenariosCommand([file, passing, '--junit', junit, '--report', reportDir], io);
    expect(code).toBe(1);
    expect(out.stdout).toContain('FAIL  Deliberately wrong');
    expect(out.stdout).toContain('paymentStatus: expected "Success", actual "Pending"');
    const report = readJunit(await readFile(junit, 'utf8'));
    expect(report.declared).toEqual({ tests: 2, failures: 1, skipped: 0 });
    expect(report.failed).toHaveLength(1);
    expect(String((report.failed[0]!.failure as { '#text': string })['#text'])).toContain(
      'paymentStatus: expected "Success", actual "Pending"',
    );
    const html = await readFile(join(reportDir, 'report.html'), 'utf8');
    expect(html).toContain('Deliberately wrong');
    expect(await readFile(join(reportDir, 'summary.md'), 'utf8')).toMatch(
      /Result: \*\*FAILED\*\* — 1 passed, 1 failed/,
    );
  }, 60_000);

  it('refuses to run when a scenario file is invalid, naming file, line and field', async () => {
    const file = join(dir, 'broken.yaml');
    await writeFile(
      file,
      'format: gateway-console/scenario@1\nname: Broken\nvariant: A\nsteps:\n  - create: { amount: 1 }\n',
    );
    const { io, out } = capture();
    expect(await runScenariosCommand([file], io)).toBe(3);
    expect(out.stderr).toMatch(/broken\.yaml:5:\d+: steps\[0\]\.create\.amount: is not a field here/);
  });
});

describe('gateway-console run: skipped is not passed (issue 27)', () => {
  it('defect "the CLI reports a scenario whose manual step was skipped as PASS": it is SKIP and the exit code is 1', async () => {
    const file = join(dir, 'manual.yaml');
    await writeFile(
      file,
      `format: gateway-console/scenario@1
name: Receipt checked by a person
variant: A
steps:
  - id: create
    create: {}
  - manual: { prompt: "Does the shop show the receipt?" }
`,
    );
    const junit = join(dir, 'manual.xml');
    const { io, out } = capture();
    const code = await runScenariosCommand([file, '--junit', junit], io);
    expect(code).toBe(1);
    expect(out.stdout).toContain('SKIP  Receipt checked by a person');
    expect(out.stdout).not.toContain('PASS  Receipt checked by a person');
    expect(out.stdout).toContain('0 passed, 0 failed, 1 skipped');
    const report = readJunit(await readFile(junit, 'utf8'));
    expect(report.declared).toMatchObject({ tests: 1, skipped: 1 });
  }, 60_000);
});
