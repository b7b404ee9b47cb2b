import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../../src-main/cli/cli-io';
import { createCommand } from '../../../src-main/cli/create-command';
import { mbwayCommand } from '../../../src-main/cli/mbway-command';
import { runProfiles } from '../../../src-main/cli/profiles-command';
import { statusCommand } from '../../../src-main/cli/status-command';
import { createConsoleCore } from '../../../src-main/core/console-core';
import { MemoryStore } from '../../../src-main/credentials/memory-store';
import { startSimulator, type RunningSimulator } from '../../../src-main/simulator';
import { orderA } from '../gateway/fixtures';

let simulator: RunningSimulator;
let dir: string;
const credentials = new MemoryStore();
const savedEnv = { ...process.env };

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

const orderFile = async (order: object) => {
  const path = join(dir, `order-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(path, JSON.stringify(order));
  return path;
};

const useEnvironmentProfile = () => {
  const [terminal] = simulator.terminals;
  Object.assign(process.env, {
    GATEWAY_BASE_URL: simulator.url,
    GATEWAY_TOKEN: terminal!.token,
    GATEWAY_CLIENT_ID: simulator.clientId,
    GATEWAY_TERMINAL_ID: terminal!.terminalId,
    GATEWAY_VARIANT: terminal!.variant,
    // Environment profiles keep their signatures in the user-data folder: this test's, not the user's.
    GATEWAY_CONSOLE_USER_DATA: dir,
  });
};

beforeAll(async () => {
  simulator = await startSimulator({ port: 0 });
  dir = await mkdtemp(join(tmpdir(), 'gc-cli-'));
  // A saved profile, as the app would have left it.
  const core = await createConsoleCore({ mode: 'browser', userDataDir: dir, credentials, simulator: false });
  const [terminal] = simulator.terminals;
  await core.profiles.save({
    settings: {
      name: 'Local sim',
      environment: 'test',
      baseUrl: simulator.url,
      pathPrefix: '/api',
      version: 'v2',
      terminalId: terminal!.terminalId,
      variant: 'A',
      clientIdHeader: 'X-Platform-Client-Id',
    },
    secrets: { bearerToken: terminal!.token, clientId: simulator.clientId },
  });
  await core.close();
});
afterAll(async () => {
  await simulator.close();
  await rm(dir, { recursive: true, force: true });
});
afterEach(() => {
  process.env = { ...savedEnv };
});

describe('gateway-console CLI', () => {
  it('profiles list shows the saved profile without its secrets', async () => {
    const { io, out } = capture();
    expect(await runProfiles(['list', '--user-data-dir', dir], io)).toBe(0);
    expect(out.stdout).toContain('Local sim  [test, variant A, terminal 1000001]');
    expect(out.stdout).not.toContain(simulator.terminals[0]!.token);
  });

  it('create → mbway → status with a saved profile: exit 0 for ok, 10 for a gateway error, --json prints the Exchange', async () => {
    const { io, out } = capture();
    const file = await orderFile(orderA('cli-1'));
    const args = ['--profile', 'Local sim', '--user-data-dir', dir, '--json'];
    expect(await createCommand.runWith([...args, '--file', file], io, { credentials })).toBe(0);
    const created = JSON.parse(out.stdout);
    expect(created).toMatchObject({ operation: 'createOrder', classification: 'ok', merchantTransactionId: 'cli-1' });

    const mbway = capture();
    const code = await mbwayCommand.runWith([...args, created.transactionID, '--phone', '+351 912 345 678'], mbway.io, {
      credentials,
    });
    expect(code).toBe(0);
    expect(JSON.parse(mbway.out.stdout).request.body).toContain('351#912345678');

    const declined = capture();
    const other = capture();
    await createCommand.runWith([...args, '--file', await orderFile(orderA())], other.io, { credentials });
    const unknownAlias = [...args, JSON.parse(other.out.stdout).transactionID, '--phone', '351#912345506'];
    expect(await mbwayCommand.runWith(unknownAlias, declined.io, { credentials })).toBe(10);
    expect(JSON.parse(declined.out.stdout)).toMatchObject({
      classification: 'gateway-error',
      returnStatus: { statusCode: 'E0506' },
    });

    const status = capture();
    expect(
      await statusCommand.runWith(
        ['--profile', 'Local sim', '--user-data-dir', dir, created.transactionID],
        status.io,
        { credentials },
      ),
    ).toBe(0);
    expect(status.out.stdout).toMatch(/^ok: statusCode 000, paymentStatus Pending/);
    expect(status.out.stdout).toContain('merchantTransactionId: cli-1');
  });

  it('a profile from environment variables works for CI', async () => {
    useEnvironmentProfile();
    const { io, out } = capture();
    expect(await createCommand.runWith(['--file', await orderFile(orderA('cli-env'))], io)).toBe(0);
    expect(out.stdout).toMatch(/^ok: /);
  });

  it.each([
    [5.0, 16, 'outcome-unknown'],
    [4.29, 11, 'http-error'],
  ])('amount %s exits with %s (%s)', async (amount, exitCode, classification) => {
    useEnvironmentProfile();
    const order = orderA();
    order.transaction.amount.value = amount;
    const { io, out } = capture();
    expect(await createCommand.runWith(['--json', '--file', await orderFile(order)], io)).toBe(exitCode);
    expect(JSON.parse(out.stdout).classification).toBe(classification);
  });

  it('an environment-profile follow-up without a signature is refused (3); an unreachable gateway exits 14', async () => {
    useEnvironmentProfile();
    // Created with the saved profile: the environment profile has no signature for it.
    const created = capture();
    const saved = ['--profile', 'Local sim', '--user-data-dir', dir, '--json'];
    await createCommand.runWith([...saved, '--file', await orderFile(orderA())], created.io, { credentials });
    const { transactionID } = JSON.parse(created.out.stdout);
    const mbway = capture();
    expect(await mbwayCommand.runWith([transactionID, '--phone', '912345678'], mbway.io)).toBe(3);
    expect(mbway.out.stdout).toBe('');
    expect(mbway.out.stderr).toMatch(/No transactionSignature is stored/);

    process.env.GATEWAY_BASE_URL = 'http://127.0.0.1:9';
    const down = capture();
    expect(await statusCommand.runWith(['s2whatever'], down.io)).toBe(14);
    expect(down.out.stdout).toMatch(/^network: /);
  });

  it('an invalid order is refused (exit 3) naming each bad field; nothing is sent', async () => {
    useEnvironmentProfile();
    const order = orderA();
    const { io, out } = capture();
    const bad = { ...order, transaction: { ...order.transaction, moto: 'no' } };
    expect(await createCommand.runWith(['--file', await orderFile(bad)], io)).toBe(3);
    expect(out.stderr).toContain('transaction.moto: must be true or false');
  });

  it('usage problems exit 2; --help documents the exit codes', async () => {
    const missing = capture();
    expect(await createCommand.runWith(['--profile', 'x'], missing.io)).toBe(2);
    expect(missing.out.stderr).toContain('--file is required');
    const help = capture();
    expect(await statusCommand.runWith(['--help'], help.io)).toBe(0);
    for (const line of ['16  outcome-unknown', '10  gateway-error', '14  network', 'GATEWAY_CLIENT_ID_HEADER'])
      expect(help.out.stdout).toContain(line);
  });

  it('runs as a real process: `gateway-console status` exits with the classification’s code', async () => {
    useEnvironmentProfile();
    const run = promisify(execFile);
    const root = resolve(__dirname, '../../..');
    const failure = await run(
      process.execPath,
      ['--import', 'tsx', '--conditions', 'development', 'src-main/cli.ts', 'status', 's2unknownunknown00000'],
      { cwd: root, env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.node.json' } },
    ).catch((error: { code: number; stdout: string }) => error);
    expect((failure as { code: number }).code).toBe(11);
    expect((failure as { stdout: string }).stdout).toMatch(/^http-error: HTTP 404/);
  });
});
