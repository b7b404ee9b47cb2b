import { copyFile, readdir, readFile, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

import { atomicWritePending } from './atomic-write';

export { writeFileAtomic } from './atomic-write';

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Removes the temporary files of `writeFileAtomic` a crash left beside `path` (`<name>.<pid>.<hex>.tmp`):
 * those of processes that are gone, and this process's own when it has no write to `path` under way.
 * Another running process's are left alone. Returns how many were removed.
 */
export async function removeOrphanedTemporaries(path: string): Promise<number> {
  const prefix = `${basename(path)}.`;
  let names: string[];
  try {
    names = await readdir(dirname(path));
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const match = name.startsWith(prefix) ? /^(\d+)\.[0-9a-f]+\.tmp$/.exec(name.slice(prefix.length)) : null;
    if (!match) continue;
    const pid = Number(match[1]);
    const orphaned = pid === process.pid ? !atomicWritePending(path) : !isAlive(pid);
    if (!orphaned) continue;
    await rm(join(dirname(path), name), { force: true });
    removed += 1;
  }
  return removed;
}

/** The file's text, or null when it does not exist. */
export async function readTextIfExists(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Keeps an unreadable file beside the original before anything replaces it; returns the backup's path. */
export async function backUp(path: string, reason: string): Promise<string> {
  const backup = `${path}.${reason}-${new Date().toISOString().replace(/[:.]/g, '-')}.bak`;
  await copyFile(path, backup);
  return backup;
}
