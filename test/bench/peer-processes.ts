/**
 * Processes the peer benchmarks measure: our one-file simulator (`node gateway-simulator.mjs`, as a
 * merchant's CI runs it) and Prism, the OpenAPI mock server a merchant would otherwise pick. Prism is
 * installed for the benchmarks only, on first use, into node_modules/.cache/bench-peers — never a
 * dependency of the project, never needed by `npm test`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ensureStandaloneBuilt } from '../main/simulator/standalone-build';

const ROOT = resolve(__dirname, '../..');
export const PEERS_DIR = join(ROOT, 'node_modules/.cache/bench-peers');
/** Prism 5, the version the figures were taken with. */
export const PRISM_PACKAGE = '@stoplight/prism-cli@5';
const PRISM_BIN = join(PEERS_DIR, 'node_modules/.bin/prism');

/** `npm run bench:peers:install` does this ahead of time; the peer benchmark does it when it is missing. */
export function ensurePrism(log: (line: string) => void = () => {}): string {
  if (existsSync(PRISM_BIN)) return PRISM_BIN;
  mkdirSync(PEERS_DIR, { recursive: true });
  const manifest = join(PEERS_DIR, 'package.json');
  if (!existsSync(manifest)) writeFileSync(manifest, '{ "name": "bench-peers", "private": true }\n');
  log(`  installing ${PRISM_PACKAGE} into ${PEERS_DIR} (benchmarks only)…`);
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--prefix', PEERS_DIR, PRISM_PACKAGE], {
    cwd: PEERS_DIR,
    encoding: 'utf8',
  });
  if (install.status !== 0 || !existsSync(PRISM_BIN))
    throw new Error(`Could not install ${PRISM_PACKAGE}: ${install.stderr || install.stdout}`);
  return PRISM_BIN;
}

export interface PeerProcess {
  url: string;
  pid: number;
  /** Resident set size now, from /proc (Linux). */
  rssBytes(): number;
  close(): Promise<void>;
}

function waitForLine(child: ChildProcess, pattern: RegExp, what: string, timeoutMs = 60_000): Promise<string> {
  let output = '';
  return new Promise<string>((resolveLine, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${what} did not start within ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match) {
        clearTimeout(timer);
        resolveLine(match[1] ?? match[0]);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${code}):\n${output}`));
    });
  }).finally(() => quiet(child));
}

/** Once started, the process's output is drained unread: collecting it would cost this process CPU. */
function quiet(child: ChildProcess): void {
  for (const stream of [child.stdout, child.stderr]) {
    stream?.removeAllListeners('data');
    stream?.resume();
  }
}

/** Polls until the server answers (Prism logs nothing at the level it is run with). */
async function waitForHttp(child: ChildProcess, url: string, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}).`);
    try {
      await fetch(url);
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`${what} did not answer within ${timeoutMs} ms.`);
      await new Promise((done) => setTimeout(done, 200));
    }
  }
}

const rssOf = (pid: number): number => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  return kb ? Number(kb) * 1024 : NaN;
};

function wrap(child: ChildProcess, url: string): PeerProcess {
  return {
    url,
    pid: child.pid!,
    rssBytes: () => rssOf(child.pid!),
    close: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Our simulator as its one-file build, with fixed credentials and no seed (as a merchant's CI runs it:
 * ids and signatures from crypto); `args` add options such as --state.
 */
export async function startOurSimulator(args: string[] = []): Promise<PeerProcess & { startMs: number }> {
  const file = ensureStandaloneBuilt();
  const started = performance.now();
  const child = spawn(process.execPath, [file, '--port', '0', ...BENCH_CREDENTIAL_ARGS, ...args], {
    cwd: dirname(file),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await waitForLine(child, /^listening on (\S+)$/m, 'The simulator');
  return { ...wrap(child, url), startMs: performance.now() - started };
}

export type PrismMode = 'as-shipped' | 'docker' | 'quiet';

/** The environment Prism starts in: NODE_ENV decides whether it forks its server (see startPrism). */
function prismEnvironment(mode: PrismMode): NodeJS.ProcessEnv {
  const { NODE_ENV: _ignored, ...environment } = process.env;
  return mode === 'docker' ? { ...environment, NODE_ENV: 'production' } : environment;
}

/**
 * Prism mocking an OpenAPI document (static examples, request validation on), in one of three ways:
 * - `as-shipped`: `prism mock` from the npm package with its defaults and no NODE_ENV, as a merchant's CI
 *   runs `npx prism mock` (and as the issue measured it): one process that logs every request (to
 *   /dev/null here, the cheapest place).
 * - `docker`: NODE_ENV=production, as Prism's official Docker image sets it. That switches on Prism's
 *   `--multiprocess` default: the server runs in a forked process and logs through the parent, so on
 *   two cores the logging no longer costs the server's core.
 * - `quiet`: request logging off (`--verboseLevel error`): Prism at its fastest.
 */
export async function startPrism(documentPath: string, port: number, mode: PrismMode): Promise<PeerProcess> {
  const bin = ensurePrism();
  const child = spawn(
    bin,
    [
      'mock',
      documentPath,
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      ...(mode === 'quiet' ? ['--verboseLevel', 'error'] : []),
    ],
    { cwd: PEERS_DIR, stdio: ['ignore', 'ignore', 'inherit'], env: prismEnvironment(mode) },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(child, url, 'Prism');
  return wrap(child, url);
}

export const BENCH_CLIENT_ID = 'bench-client';
export const BENCH_TOKEN_A = 'bench-token-a';
const BENCH_CREDENTIAL_ARGS = [
  '--client-id',
  BENCH_CLIENT_ID,
  '--terminal',
  `1000001:A:${BENCH_TOKEN_A}`,
  '--terminal',
  '1000002:B:bench-token-b',
];

/** The headers of every benchmarked call: the same bytes to both servers. */
export const benchHeaders = (): Record<string, string> => ({
  'Content-Type': 'application/json',
  Authorization: `Bearer ${BENCH_TOKEN_A}`,
  'X-Platform-Client-Id': BENCH_CLIENT_ID,
});
