/**
 * Issue 26 acceptance: a kill -9 during journal writes loses nothing that was answered. Two real processes
 * append to one journal (the console and a CLI run share a user-data folder) and are killed with SIGKILL
 * mid-stream; every entry either had acknowledged is read back afterwards, with the seq it was given.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { RecordJournal } from '../../../src-main/record/record-journal';
import { exchangeFixture } from './fixtures';

const ROOT = resolve(__dirname, '../../..');
const dir = mkdtempSync(join(tmpdir(), 'gc-record-kill-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

interface Writer {
  child: ChildProcess;
  /** exchange id → seq, as acknowledged by the writer. */
  acked: Map<string, number>;
}

function startWriter(bodyChars: number): Writer {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions', 'development', 'test/main/record/append-writer.ts', dir, String(bodyChars)],
    { cwd: ROOT, env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.node.json' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  const acked = new Map<string, number>();
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const match = /^acked (\d+) (\S+)$/.exec(line);
    if (match) acked.set(match[2]!, Number(match[1]));
  });
  return { child, acked };
}

const exited = (child: ChildProcess) => new Promise((done) => child.once('exit', done));

describe('the record survives kill -9', () => {
  it('issue 26 defect: a kill -9 during journal writes loses nothing that was answered', async () => {
    for (let round = 0; round < 3; round += 1) {
      // A large body makes each write long enough that SIGKILL lands in the middle of some of them.
      const writers = [startWriter(20_000), startWriter(500)];
      await expect
        .poll(() => Math.min(...writers.map((writer) => writer.acked.size)), { timeout: 30_000, interval: 20 })
        .toBeGreaterThan(200);
      for (const writer of writers) writer.child.kill('SIGKILL');
      await Promise.all(writers.map((writer) => exited(writer.child)));

      const journal = RecordJournal.open(dir);
      const stored = new Map<string, number>();
      for (let after = 0, done = false; !done;) {
        const page = journal.since(after, 1000);
        for (const entry of page.entries) if (entry.kind === 'exchange') stored.set(entry.exchange.id, entry.seq);
        after = page.next;
        done = page.done;
      }
      for (const writer of writers)
        for (const [id, seq] of writer.acked) expect(stored.get(id), `acknowledged ${id}`).toBe(seq);
      // Seqs are unique across both writers, and the journal carries on above them.
      const seqs = [...stored.values()];
      expect(new Set(seqs).size).toBe(seqs.length);
      const next = journal.append({ kind: 'exchange', exchange: exchangeFixture() });
      expect(next.seq).toBeGreaterThan(Math.max(...seqs));
      journal.close();
    }
  }, 120_000);
});
