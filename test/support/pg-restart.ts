// Kill and restart a throwaway cluster in place (same folder, same port), for tests of what survives a
// database that dies mid-write. stopInPlace() must run before the cluster's own stop() when restarted.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { PG_BIN, type ThrowawayCluster } from './pg-cluster';

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function pgCtl(cluster: ThrowawayCluster, args: string[]): void {
  const command = join(PG_BIN, 'pg_ctl');
  const [file, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(file, argv, { cwd: cluster.dir, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`pg_ctl ${args[0]} failed: ${result.stderr || result.stdout}`);
}

/** Like a crash: every backend ends at once, nothing is shut down cleanly. */
export function killCluster(cluster: ThrowawayCluster): void {
  pgCtl(cluster, ['stop', '-D', join(cluster.dir, 'data'), '-m', 'immediate', '-w']);
}

export function restartCluster(cluster: ThrowawayCluster): void {
  const options = [
    `-p ${cluster.port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${cluster.dir}`,
    '-c fsync=off',
    '-c max_connections=200',
  ].join(' ');
  pgCtl(cluster, [
    'start',
    '-D',
    join(cluster.dir, 'data'),
    '-w',
    '-t',
    '30',
    '-l',
    join(cluster.dir, 'log'),
    '-o',
    options,
  ]);
}

/** Stops a cluster this helper restarted (its own stop() only knows the first postmaster). */
export function stopInPlace(cluster: ThrowawayCluster): void {
  try {
    pgCtl(cluster, ['stop', '-D', join(cluster.dir, 'data'), '-m', 'fast', '-w']);
  } catch {
    // Already stopped.
  }
}
