import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runResultSchema } from '@shared/contract/qa';
import { EXIT_INTERRUPTED, runScenariosCommand } from '../../../src-main/cli/run-command';
import type { CliIo } from '../../../src-main/cli/cli-io';
import { EXIT_REFUSED } from '../../../src-main/cli/exit-codes';
import { createConsoleCore } from '../../../src-main/core/console-core';
import { MemoryStore } from '../../../src-main/credentials/memory-store';
import { profileSettingsSchema } from '@shared/contract/profiles';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gc-run-interrupt-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const POLLING = (name: string) => `format: gateway-console/scenario@1
name: ${name}
variant: A
steps:
  - id: create
    create: {}
  - pollUntil: { transactionID: "\${create.transactionID}", status: Success, intervalSeconds: 0.2, timeoutSeconds: 600 }
`;

describe('gateway-console run: Ctrl+C (issue 25: nothing but a restart stopped a polling run)', () => {
  it('SIGINT to a real process ends it cleanly: exit 130, the partial reports written, the rest not run', async () => {
    await writeFile(join(dir, 'a-long.yaml'), POLLING('Polls for ten minutes'));
    await writeFile(join(dir, 'b-never.yaml'), POLLING('Never starts'));
    const reports = join(dir, 'reports');
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--conditions',
        'development',
        'src-main/cli.ts',
        'run',
        join(dir, 'a-long.yaml'),
        join(dir, 'b-never.yaml'),
        '--report',
        reports,
      ],
      {
        cwd: resolve(__dirname, '../../..'),
        env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.node.json', HOME: join(dir, 'no-home') },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    // Once the run is under way (the order created, polling going on), press Ctrl+C.
    const deadline = Date.now() + 60_000;
    while (!stdout.includes('Ctrl+C stops the run') && Date.now() < deadline)
      await new Promise((wait) => setTimeout(wait, 50));
    await new Promise((wait) => setTimeout(wait, 1_500));
    const interruptedAt = Date.now();
    child.kill('SIGINT');
    const code = await exited;
    expect(code, `stdout:\n${stdout}\nstderr:\n${stderr}`).toBe(EXIT_INTERRUPTED);
    expect(Date.now() - interruptedAt).toBeLessThan(10_000);
    expect(stderr).toContain('Stopping: the call under way finishes');
    expect(stdout).toContain('Stopped with Ctrl+C after 1 of 2 scenario runs');
    const report = runResultSchema.parse(JSON.parse(await readFile(join(reports, 'report.json'), 'utf8')));
    expect(report.stopped).toBe(true);
    expect(report.scenarios.map((scenario) => [scenario.name, scenario.status])).toEqual([
      ['Polls for ten minutes', 'skipped'],
    ]);
    expect(report.scenarios[0]!.message).toMatch(/^Stopped by the user at step 2/);
    expect(report.scenarios[0]!.steps[1]!.exchanges.length).toBeGreaterThan(0);
    expect(await readFile(join(reports, 'report.junit.xml'), 'utf8')).toContain('Polls for ten minutes');
  }, 90_000);
});

describe('gateway-console run --profile on production (issue 25: a scenario polled production every 50 ms)', () => {
  it('polling a production profile is refused without --confirm-production naming it; nothing is sent', async () => {
    const userDataDir = join(dir, 'user-data');
    const credentials = new MemoryStore();
    const setup = await createConsoleCore({ mode: 'browser', userDataDir, credentials, simulator: false });
    await setup.profiles.save({
      settings: profileSettingsSchema.parse({
        name: 'Shop production',
        environment: 'production',
        baseUrl: 'https://127.0.0.1:9/',
        terminalId: '1000002',
        variant: 'A',
      }),
      productionConfirmation: { profileName: 'Shop production' },
    });
    await setup.close();
    const file = join(dir, 'prod-poll.yaml');
    await writeFile(
      file,
      'format: gateway-console/scenario@1\nname: Prod poll\nvariant: A\nsteps:\n  - pollUntil: { transactionID: "T-1", final: true }\n',
    );
    const runWith = async (...extra: string[]) => {
      const out = { stdout: '', stderr: '' };
      const io: CliIo = {
        stdout: (text) => void (out.stdout += text),
        stderr: (text) => void (out.stderr += text),
        readStdin: async () => Buffer.alloc(0),
        stdinIsTty: true,
      };
      const code = await runScenariosCommand(
        [file, '--profile', 'Shop production', '--user-data-dir', userDataDir, ...extra],
        io,
        { credentials },
      );
      return { code, ...out };
    };
    const refused = await runWith();
    expect(refused.code).toBe(EXIT_REFUSED);
    expect(refused.stderr).toContain('polls production profile "Shop production": confirm the profile name');
    expect(refused.stderr).toContain('--confirm-production NAME');
    expect(refused.stdout).not.toMatch(/scenarios: /);
    const mismatch = await runWith('--confirm-production', 'Shop test');
    expect(mismatch.code).toBe(EXIT_REFUSED);
    expect(mismatch.stderr).toContain('The confirmation names "Shop test"');
  }, 30_000);
});

describe('gateway-console run: scenario text never reaches the terminal as control sequences', () => {
  it('a scenario name and a file problem carrying ESC sequences are printed escaped', async () => {
    const hostile = join(dir, 'hostile-name.yaml');
    await writeFile(
      hostile,
      'format: gateway-console/scenario@1\nname: "Looks fine\\e]0;pwned\\a\\e[2J"\nvariant: A\nsteps:\n  - status: { transactionID: "no-such-transaction" }\n    expect: { httpStatus: 404 }\n',
    );
    const broken = join(dir, 'hostile-problem.yaml');
    await writeFile(broken, 'format: gateway-console/scenario@1\nname: x\nvariant: A\nsteps:\n  - "\\e[2Jstep": 1\n');
    const out = { stdout: '', stderr: '' };
    const io: CliIo = {
      stdout: (text) => void (out.stdout += text),
      stderr: (text) => void (out.stderr += text),
      readStdin: async () => Buffer.alloc(0),
      stdinIsTty: true,
    };
    expect(await runScenariosCommand([broken], io)).toBe(EXIT_REFUSED);
    expect(await runScenariosCommand([hostile], io)).toBe(0);
    const printed = out.stdout + out.stderr;
    expect(printed.includes('\u001b') || printed.includes('\u0007')).toBe(false);
    expect(out.stdout).toContain('Looks fine\\x1b]0;pwned\\x07\\x1b[2J');
    expect(out.stderr).toContain('\\x1b[2Jstep');
  }, 30_000);
});
