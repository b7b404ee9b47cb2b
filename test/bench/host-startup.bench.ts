/**
 * Browser-mode start-up as a user waits for it: from spawning `node out/main/cli.js serve` (what
 * `npm run serve` runs after its build check) until the process prints its "is ready:" line, with a
 * real user-data folder on disk. The first start in a fresh folder (profiles, Sandbox credentials and
 * keys created) is its own figure; the rest reuse that folder, as every later start does. Each
 * process is stopped with SIGTERM before the next starts. Builds out/ first when a source is newer.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
import { figure, type Benchmark } from './figures';

const ROOT = resolve(__dirname, '../..');
const TARGET_MS = 1000;
const READY = /is ready: (http:\/\/\S+)/;

/** Milliseconds from spawn to the ready line; the host must then answer its own URL. */
async function coldStart(userDataDir: string): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [join(ROOT, 'out/main/cli.js'), 'serve', '--user-data-dir', userDataDir], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  try {
    const { elapsed, url } = await new Promise<{ elapsed: number; url: string }>((done, fail) => {
      let output = '';
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = READY.exec(output);
        if (match) done({ elapsed: performance.now() - started, url: match[1]! });
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => fail(new Error(`serve exited (${code}) before it was ready:\n${output}`)));
      setTimeout(() => fail(new Error(`serve was not ready after 30 s:\n${output}`)), 30_000).unref();
    });
    const page = await fetch(url);
    if (page.status !== 200) throw new Error(`the host answered ${page.status} right after its ready line`);
    return elapsed;
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

export const hostStartup: Benchmark = {
  name: 'host-startup',
  async run({ full, log }) {
    if (!buildIfStale()) throw new Error('the build failed: out/main/cli.js cannot be started');
    const userDataDir = mkdtempSync(join(tmpdir(), 'gateway-console-bench-user-data-'));
    try {
      const firstRuns: number[] = [];
      const samples: number[] = [];
      const rounds = full ? 30 : 12;
      // First runs need a fresh folder each; later starts reuse one, as a user's machine does.
      for (let round = 0; round < Math.ceil(rounds / 3); round += 1) {
        const fresh = mkdtempSync(join(tmpdir(), 'gateway-console-bench-first-run-'));
        try {
          firstRuns.push(await coldStart(fresh));
        } finally {
          rmSync(fresh, { recursive: true, force: true });
        }
      }
      await coldStart(userDataDir);
      for (let round = 0; round < rounds; round += 1) samples.push(await coldStart(userDataDir));
      log(
        `host-startup: ${rounds} starts with an existing user-data folder (${samples.map((ms) => ms.toFixed(0)).join(', ')} ms), ` +
          `${firstRuns.length} first runs (${firstRuns.map((ms) => ms.toFixed(0)).join(', ')} ms)`,
      );
      const target = `≤ ${TARGET_MS} ms`;
      return [
        figure({
          figure: 'browser-mode cold start: spawn → "ready" line (existing user-data folder)',
          unit: 'ms',
          samples,
          target,
          pass: (value) => value <= TARGET_MS,
        }),
        figure({
          figure: 'browser-mode cold start: spawn → "ready" line (first run, empty folder)',
          unit: 'ms',
          samples: firstRuns,
          target,
          pass: (value) => value <= TARGET_MS,
        }),
      ];
    } finally {
      rmSync(userDataDir, { recursive: true, force: true });
    }
  },
};
