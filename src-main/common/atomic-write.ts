import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
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

/** Whether a `writeFileAtomic` to `path` is under way in this process (its temporary file is not orphaned). */
export const atomicWritePending = (path: string): boolean => pending.has(path);
