/**
 * A crash between writing profiles.json's temporary file and renaming it leaves `profiles.json.<pid>.<hex>.tmp`
 * behind (13 of them after 30 kills). Start-up removes those of processes that are gone, keeps a live
 * process's, and never touches profiles.json itself.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ProfileFile } from '../../../src-main/core/profiles/profile-file';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A pid no process has: pids are below 2^22 on Linux. */
const DEAD_PID = 2 ** 22 + 17;

describe('orphaned temporary files', () => {
  it('loading the profiles removes the temporaries crashed writers left, and keeps what is in use', async () => {
    dir = await mkdtemp(join(tmpdir(), 'gc-orphans-'));
    const path = join(dir, 'profiles.json');
    await writeFile(path, JSON.stringify({ version: 1, profiles: [], quarantined: [] }));
    const orphans = Array.from(
      { length: 13 },
      (_, n) => `profiles.json.${DEAD_PID + n}.${n.toString(16).padStart(8, '0')}.tmp`,
    );
    // The parent of this test process is alive: a temporary of a running writer is not an orphan.
    const live = `profiles.json.${process.ppid}.deadbeef.tmp`;
    const unrelated = ['profiles.json.unreadable-2026-01-01.bak', 'other.json.123.abcd.tmp'];
    for (const name of [...orphans, live, ...unrelated]) await writeFile(join(dir, name), '{"partial":');

    const file = new ProfileFile(path);
    await file.load();

    expect((await readdir(dir)).sort()).toEqual(['profiles.json', live, ...unrelated].sort());
    expect(file.problems).toEqual([]);
  });
});
