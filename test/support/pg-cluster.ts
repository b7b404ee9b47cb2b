// A throwaway PostgreSQL cluster for tests: initdb + pg_ctl in a temporary folder, on a free loopback port,
// its socket in that folder, stopped by its postmaster PID. No Docker, no shared server, nothing skipped:
// when PostgreSQL is missing the test fails and says what to install (scripts/system-packages.mjs installs
// it for `npm test` and `.ci/run`).
import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** Debian's PostgreSQL 15 (apt `postgresql`); PG_BIN points elsewhere when a machine has another layout. */
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
/** The cluster's superuser. */
export const PG_SUPERUSER = 'postgres';

export interface ThrowawayCluster {
  host: string;
  port: number;
  /** A connection URL for the superuser (password included) to `db` (default `postgres`). */
  superuserUrl(db?: string): string;
  /** A connection URL for any role of this cluster. */
  urlFor(user: string, password: string, db?: string): string;
  /** The cluster's folder (data, log, socket); gone after stop(). */
  dir: string;
  /** Runs one of the cluster's own tools (pg_dump, psql…) from PG_BIN and returns its stdout. */
  tool(name: string, args: string[]): string;
  stop(): Promise<void>;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function osUser(name: string): { uid: number; gid: number } | undefined {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${name}:`));
  if (!line) return undefined;
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** initdb and postgres refuse to run as root: as root, the cluster runs as the `postgres` OS user. */
function asClusterOwner(command: string, args: string[], cwd: string): SpawnSyncReturns<string> {
  const [file, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  return spawnSync(file, argv, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** True when every folder from `path` up to / lets other users through (the `postgres` user must reach it). */
function traversableByOthers(path: string): boolean {
  for (let folder = path; ; folder = dirname(folder)) {
    if ((statSync(folder).mode & 0o001) === 0) return false;
    if (dirname(folder) === folder) return true;
  }
}

/** Where the cluster's folder goes: the usual temp folder, or /tmp when root's TMPDIR is private to root. */
const clusterParent = (): string => (isRoot() && !traversableByOthers(tmpdir()) ? '/tmp' : tmpdir());

async function freeLoopbackPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function missingPostgresMessage(): string {
  return (
    `PostgreSQL is not installed: ${join(PG_BIN, 'initdb')} does not exist. The team workspace tests need a real ` +
    `cluster. Install Debian's package (apt-get install postgresql), or run \`npm test\`, which installs it, or set ` +
    `PG_BIN to the folder holding initdb and pg_ctl.`
  );
}

/** Starts a fresh cluster; call stop() in afterAll. */
export async function startThrowawayCluster(): Promise<ThrowawayCluster> {
  if (!existsSync(join(PG_BIN, 'initdb'))) throw new Error(missingPostgresMessage());
  if (isRoot() && !osUser('postgres')) {
    throw new Error(
      'Running as root, the cluster needs the `postgres` OS user (created by apt-get install postgresql).',
    );
  }
  const dir = mkdtempSync(join(clusterParent(), 'gc-pg-'));
  const data = join(dir, 'data');
  const password = randomBytes(18).toString('base64url');
  const pwfile = join(dir, 'pw');
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (isRoot()) {
    const owner = osUser('postgres')!;
    chownSync(dir, owner.uid, owner.gid);
    chownSync(pwfile, owner.uid, owner.gid);
  }
  const fail = (what: string, result: SpawnSyncReturns<string>) => {
    rmSync(dir, { recursive: true, force: true });
    return new Error(`${what} failed (exit ${result.status ?? result.signal}): ${result.stderr || result.stdout}`);
  };

  const init = asClusterOwner(
    join(PG_BIN, 'initdb'),
    ['-D', data, '-U', PG_SUPERUSER, `--pwfile=${pwfile}`, '--auth=scram-sha-256', '--no-sync', '-E', 'UTF8'],
    dir,
  );
  if (init.status !== 0) throw fail('initdb', init);
  rmSync(pwfile, { force: true });

  // A port can be taken between probing and binding: try a few.
  let port = 0;
  for (let attempt = 0; ; attempt += 1) {
    port = await freeLoopbackPort();
    const options = [
      `-p ${port}`,
      `-c listen_addresses=127.0.0.1`,
      `-c unix_socket_directories=${dir}`,
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
    ].join(' ');
    const start = asClusterOwner(
      join(PG_BIN, 'pg_ctl'),
      ['start', '-D', data, '-w', '-t', '30', '-l', join(dir, 'log'), '-o', options],
      dir,
    );
    if (start.status === 0) break;
    const log = existsSync(join(dir, 'log')) ? readFileSync(join(dir, 'log'), 'utf8') : '';
    if (attempt < 3 && /could not bind|Address already in use/i.test(log)) continue;
    throw fail('pg_ctl start', { ...start, stderr: `${start.stderr}\n${log}` });
  }
  const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);

  // A test process that dies without afterAll must not leave a postmaster behind.
  const killOnExit = () => {
    if (processAlive(pid)) process.kill(pid, 'SIGQUIT');
  };
  process.once('exit', killOnExit);

  const host = '127.0.0.1';
  const urlFor = (user: string, pass: string, db = 'postgres') =>
    `postgres://${encodeURIComponent(user)}:${encodeURIComponent(pass)}@${host}:${port}/${encodeURIComponent(db)}`;

  return {
    host,
    port,
    dir,
    superuserUrl: (db = 'postgres') => urlFor(PG_SUPERUSER, password, db),
    urlFor,
    tool: (name, args) =>
      execFileSync(join(PG_BIN, name), args, {
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
        env: { ...process.env, PGPASSWORD: password },
      }),
    async stop() {
      process.removeListener('exit', killOnExit);
      // SIGINT is PostgreSQL's "fast shutdown": open sessions are ended, nothing waits for clients.
      if (processAlive(pid)) process.kill(pid, 'SIGINT');
      const deadline = Date.now() + 15_000;
      while (processAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      if (processAlive(pid)) process.kill(pid, 'SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
