/**
 * A lock shared by every process using one user-data folder (the console and a CLI run side by side):
 * a lock file created exclusively (`wx`) holding the owner's pid. A lock left by a process that died
 * (kill -9 between taking and releasing it) is taken over once its pid is gone.
 */
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';

const WAIT_STEP_MS = 1;
const EMPTY_LOCK_STALE_MS = 2000;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

function ownerAlive(lockPath: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(lockPath, 'utf8'));
  } catch {
    return true; // Gone or being written: try again.
  }
  // A lock file without a pid is being written by its owner right now, unless it has been empty too long.
  if (!Number.isInteger(pid) || pid <= 0) {
    try {
      return Date.now() - statSync(lockPath).mtimeMs < EMPTY_LOCK_STALE_MS;
    } catch {
      return true;
    }
  }
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Runs `job` while holding the lock; throws `timeout` when another live process keeps it that long. */
export function withFileLock<T>(lockPath: string, job: () => T, timeoutMs = 5000): T {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let fd: number | null = null;
    try {
      fd = openSync(lockPath, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (fd !== null) {
      try {
        writeSync(fd, String(process.pid));
      } finally {
        closeSync(fd);
      }
      try {
        return job();
      } finally {
        unlinkSync(lockPath);
      }
    }
    if (!ownerAlive(lockPath)) {
      try {
        unlinkSync(lockPath);
      } catch {
        // Another waiter took it over first.
      }
      continue;
    }
    if (Date.now() > deadline) throw new Error(`${lockPath} is held by another process`);
    Atomics.wait(sleeper, 0, 0, WAIT_STEP_MS);
  }
}
