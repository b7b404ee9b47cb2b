/**
 * Processes the peer benchmarks measure: our one-file simulator (`node gateway-simulator.mjs`, as a
 * merchant's CI runs it) and Prism, the OpenAPI mock server a merchant would otherwise pick. Prism is
 * installed for the benchmarks only, on first use, into node_modules/.cache/bench-peers — never a
 * dependency of the project, never needed by `npm test`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ensureStandaloneBuilt } from '../main/simulator/standalone-build';

const ROOT = resolve(__dirname, '../..');
export const PEERS_DIR = join(ROOT, 'node_modules/.cache/bench-peers');
/** Prism 5: the major version every published figure is taken with. */
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

/**
 * Prism mocking an OpenAPI document (static examples, request validation on) with request logging off
 * (`--verboseLevel error`): Prism at its fastest, the fairest baseline. NODE_ENV is unset, so Prism
 * serves from one process (NODE_ENV=production, as its Docker image sets, forks the server from a
 * logging parent).
 */
export async function startPrism(documentPath: string, port: number): Promise<PeerProcess> {
  const bin = ensurePrism();
  const { NODE_ENV: _ignored, ...environment } = process.env;
  const child = spawn(
    bin,
    ['mock', documentPath, '--host', '127.0.0.1', '--port', String(port), '--verboseLevel', 'error'],
    { cwd: PEERS_DIR, stdio: ['ignore', 'ignore', 'inherit'], env: environment },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(child, url, 'Prism');
  return wrap(child, url);
}

export interface LoadTarget {
  method: 'GET' | 'POST';
  url: string;
  body?: string;
}
export interface LoadRun {
  /** Requests per second, averaged over the run. */
  rps: number;
  /** 99th percentile latency, whole milliseconds (autocannon's resolution). */
  p99: number;
}

/** autocannon's run as a program of its own: its result as one JSON line on stdout. */
const LOAD_GENERATOR = `
const autocannon = require('autocannon');
autocannon(JSON.parse(process.argv[1]), (error, result) => {
  if (error) { process.stderr.write(String(error)); process.exit(1); }
  process.stdout.write(JSON.stringify({ rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors }));
});
`;

/**
 * Loads `target` with autocannon in a process of its own, with the benchmark headers: the load
 * generator then shares no event loop with a server it measures (nor with this process's bookkeeping).
 */
export async function loadInOwnProcess(
  target: LoadTarget,
  connections: number,
  seconds: number,
  /** `overallRate`: a fixed request rate (req/s over all connections) instead of as fast as possible. */
  pace: { overallRate?: number } = {},
): Promise<LoadRun> {
  const options = {
    url: target.url,
    method: target.method,
    headers: benchHeaders(),
    ...(target.body ? { body: target.body } : {}),
    connections,
    duration: seconds,
    ...(pace.overallRate ? { overallRate: pace.overallRate } : {}),
  };
  const child = spawn(process.execPath, ['-e', LOAD_GENERATOR, JSON.stringify(options)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`autocannon on ${target.url} exited ${code}: ${err}`);
  const result = JSON.parse(out) as LoadRun & { non2xx: number; errors: number };
  if (result.non2xx || result.errors)
    throw new Error(`${target.method} ${target.url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.rps, p99: result.p99 };
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
