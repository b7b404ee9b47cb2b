import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

const pending = new Map<string, Promise<void>>();

/**
 * Writes via a temporary file and a rename, so a crash mid-write never leaves half a file. Writes to
 * one path are queued, so an older snapshot can never land after a newer one.
 */
export function writeFileAtomic(path: string, data: string | Buffer): Promise<void> {
  const write = async () => {
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(temporary, data, { mode: 0o600 });
    await rename(temporary, path);
  };
  const next = (pending.get(path) ?? Promise.resolve()).then(write, write);
  pending.set(path, next);
  void next.finally(() => {
    if (pending.get(path) === next) pending.delete(path);
  });
  return next;
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
