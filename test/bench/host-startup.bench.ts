/**
 * Browser-mode host start-up: `startBrowserMode` (core with the credential store, profiles, notification
 * receiver and embedded simulator, then the loopback host) from the call until it resolves, ready to serve.
 * Each sample starts in a fresh user-data dir with a MemoryStore, as a first run does, and is closed before
 * the next. Measured in-process after one unmeasured start, so module loading is not in the figure.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryStore } from '../../src-main/credentials/memory-store';
import { startBrowserMode } from '../../src-main/host/browser-mode';
import { figure, type Benchmark } from './figures';

const TARGET_MS = 500;

async function startOnce(): Promise<number> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'gateway-console-bench-'));
  try {
    const started = performance.now();
    const running = await startBrowserMode({ port: 0, userDataDir, credentials: new MemoryStore() });
    const elapsed = performance.now() - started;
    const health = await fetch(running.host.url);
    await running.close();
    if (health.status >= 500) throw new Error(`the host answered ${health.status} right after start-up`);
    return elapsed;
  } finally {
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

export const hostStartup: Benchmark = {
  name: 'host-startup',
  async run({ full, log }) {
    const first = await startOnce();
    const samples: number[] = [];
    for (let run = 0; run < (full ? 30 : 12); run += 1) samples.push(await startOnce());
    log(`host-startup: first start in this process ${first.toFixed(0)} ms (not counted)`);
    return [
      figure({
        figure: 'browser-mode host start-up to ready (core + notification receiver + simulator + host)',
        unit: 'ms',
        samples,
        target: `≤ ${TARGET_MS} ms`,
        pass: (value) => value <= TARGET_MS,
      }),
    ];
  },
};
