/** `gateway-console proxy` (issue 29 §4): the recording proxy from the command line, on a saved test profile. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxyCli } from '../../../src-main/cli/proxy-command';
import type { CliIo } from '../../../src-main/cli/cli-io';
import { loadScenario } from '../../../src-main/qa/scenario-loader';
import { startSimulator, type RunningSimulator } from '../../../src-main/simulator';
import { startCore } from '../core/harness';
import { validOrderA } from '../../shared/gateway/fixtures';

let testEnv: RunningSimulator;
let userDataDir: string;
let removeDir: () => Promise<void>;

const captured = () => {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    readStdin: async () => Buffer.alloc(0),
    stdinIsTty: false,
  };
  return { io, out, err };
};

beforeAll(async () => {
  testEnv = await startSimulator({ seed: 5 });
  const harness = await startCore({ simulator: false });
  userDataDir = harness.userDataDir;
  removeDir = harness.removeDir;
  const terminal = testEnv.terminals.find((candidate) => candidate.variant === 'A')!;
  await harness.call('profiles.save', {
    settings: {
      name: 'CLI test env',
      environment: 'test',
      baseUrl: testEnv.url,
      terminalId: terminal.terminalId,
      variant: 'A',
      clientIdHeader: testEnv.clientIdHeader,
    },
  });
  await harness.close();
});
afterAll(async () => {
  await testEnv.close();
  await removeDir();
});

describe('gateway-console proxy (issue 29 §4)', () => {
  it('prints the address, one masked line per call, and writes the recording as a scenario on stop', async () => {
    const { io, out } = captured();
    const scenarioFile = join(userDataDir, 'recorded.yaml');
    const started = await startProxyCli(
      ['--profile', 'CLI test env', '--user-data-dir', userDataDir, '--scenario', scenarioFile],
      io,
    );
    if (typeof started === 'number') throw new Error(`exit ${started}`);
    const apiUrl = /Shop's gateway base URL: (\S+)/.exec(out.join(''))![1]!;
    const terminal = testEnv.terminals.find((candidate) => candidate.variant === 'A')!;
    const body = validOrderA();
    body.merchant = { ...body.merchant, terminalId: Number(terminal.terminalId), merchantTransactionId: 'cli-1' };
    const created = await fetch(`${apiUrl}/payments`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${terminal.token}`,
        [testEnv.clientIdHeader]: testEnv.clientId,
      },
      body: JSON.stringify(body),
    });
    expect(created.status).toBe(200);
    await started.stop();
    const printed = out.join('');
    expect(printed).toMatch(/#1 POST \/api\/v2\/payments → 200 \d+ ms/);
    expect(printed).not.toContain(terminal.token);
    const scenario = loadScenario('recorded.yaml', await readFile(scenarioFile, 'utf8'));
    expect(scenario.steps.map((step) => step.input.kind)).toEqual(['create']);
  });

  it('a production profile without --confirm-profile is refused (exit 3) and nothing listens', async () => {
    const { io, err } = captured();
    const harness = await startCore({ simulator: false, userDataDir });
    await harness.call('profiles.save', {
      settings: { name: 'Prod', environment: 'production', baseUrl: testEnv.url, terminalId: '1', variant: 'A' },
      productionConfirmation: { profileName: 'Prod' },
    });
    await harness.close();
    const code = await startProxyCli(['--profile', 'Prod', '--user-data-dir', userDataDir], io);
    expect(code).toBe(3);
    expect(err.join('')).toMatch(/"Prod" is a production profile: type its name/);
  });
});
