/**
 * The one-file simulator on its own: the built file is copied alone into an empty folder, started there
 * with plain `node`, and the simulator conformance suites run against it over HTTP exactly as they run
 * against the in-process one (the harness targets it through SIMULATOR_STANDALONE).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureStandaloneBuilt } from './standalone-build';

const folder = mkdtempSync(join(tmpdir(), 'standalone-simulator-'));
const file = join(folder, 'gateway-simulator.mjs');
copyFileSync(ensureStandaloneBuilt(), file);
process.env.SIMULATOR_STANDALONE = file;
afterAll(() => {
  delete process.env.SIMULATOR_STANDALONE;
  rmSync(folder, { recursive: true, force: true });
});

describe('the file itself', () => {
  it('is alone in its folder and imports nothing but Node built-ins', () => {
    expect(readdirSync(folder)).toEqual(['gateway-simulator.mjs']); // (the --state test below adds its file later)
    const text = readFileSync(file, 'utf8');
    const specifiers = [...text.matchAll(/(?:^import .* from |\brequire\()\s*["']([^"']+)["']/gm)].map((m) => m[1]);
    expect(specifiers.length).toBeGreaterThan(0);
    expect(specifiers.filter((name) => !name!.startsWith('node:'))).toEqual([]);
  });

  it('answers --help with the options, run with plain node in that folder', () => {
    const help = spawnSync(process.execPath, ['gateway-simulator.mjs', '--help'], { cwd: folder, encoding: 'utf8' });
    expect(help.status).toBe(0);
    for (const option of [
      '--port N',
      '--seed N',
      '--terminal ID:VARIANT:TOKEN',
      '--webhook URL',
      '--no-control',
      '--no-auto-worlds',
      'GATEWAY_BASE_URL=http://127.0.0.1:4010/worlds/shard-1',
    ])
      expect(help.stdout).toContain(option);
    const bad = spawnSync(process.execPath, ['gateway-simulator.mjs', '--port', 'x'], {
      cwd: folder,
      encoding: 'utf8',
    });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--port must be a whole number');
  });

  it('is what the harness starts: a child process, not the in-process simulator', async () => {
    const { Harness } = await import('./harness');
    const h = await Harness.start();
    try {
      expect(Harness.external).toBe(true);
      expect(() => h.sim.control).toThrow(/control API/);
      expect((await h.control('GET', '')).body.apiUrl).toBe(h.sim.apiUrl);
    } finally {
      await h.close();
    }
  });

  it('keeps no shop traffic log unless started with --record-traffic (a CI simulator of 100 worlds would hold a million entries)', async () => {
    const { Harness } = await import('./harness');
    for (const recordTraffic of [false, true]) {
      const h = await Harness.start({ recordTraffic });
      try {
        const { id } = await h.order('A');
        expect((await h.status(id)).status).toBe(200);
        const traffic = (await h.control('GET', '/traffic')).body as { entries: unknown[] };
        expect((await h.control('GET', '/traffic/recording')).body).toMatchObject({ recording: recordTraffic });
        expect(traffic.entries.length).toBe(recordTraffic ? 2 : 0);
      } finally {
        await h.close();
      }
    }
  });

  it('--state FILE keeps the transactions across a restart of the file', async () => {
    const { Harness } = await import('./harness');
    const state = join(folder, 'sim-state.jsonl');
    const first = await Harness.start({ state });
    const { id, signature } = await first.order('A');
    expect((await first.reference(id, signature)).status).toBe(200);
    await first.close();
    const second = await Harness.start({ state });
    try {
      const status = await second.status(id);
      expect(status.status).toBe(200);
      expect(status.body).toMatchObject({ transactionID: id, paymentStatus: 'Pending', paymentMethod: 'REFERENCE' });
    } finally {
      await second.close();
      rmSync(state, { force: true });
    }
  });
});

// The conformance suites, unchanged, now against the standalone file.
describe('headers and check order', async () => {
  await import('./header-conformance.test');
});
describe('errors and auth', async () => {
  await import('./errors-and-auth.test');
});
describe('endpoints', async () => {
  await import('./endpoints.test');
});
describe('state machine', async () => {
  await import('./state-machine.test');
});
describe('limits', async () => {
  await import('./limits.test');
});
describe('CLI with an environment profile', async () => {
  await import('./cli-environment-profile.test');
});
describe('openapi', async () => {
  await import('./openapi.test');
});
// Merchants' CI shards: two clients on two worlds of one standalone simulator (issue 26).
describe('worlds', async () => {
  await import('./worlds.test');
});
describe('Date header on the simulated clock', async () => {
  await import('./answer-date.test');
});
