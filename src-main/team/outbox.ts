/**
 * Work waiting to reach the team workspace, kept by main in `team-outbox.jsonl` in the user-data folder.
 * Every write is queued here first, with an id made on this machine, so the database applies a retried
 * write once (`ON CONFLICT (client_id) DO NOTHING`) and a database killed mid-write loses nothing the
 * console already said was saved. Items leave in the order they came.
 *
 * The file is a log: `add` lines carry an item, `done` lines name an item the workspace acknowledged.
 * Each line is one write(2) on an O_APPEND descriptor followed by fsync, before enqueue() resolves; a line
 * cut short by a crash is skipped on the next start. Once nothing is pending the file is rewritten empty.
 */
import { randomUUID } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';

export const TEAM_OUTBOX_FILE = 'team-outbox.jsonl';

export const outboxItemSchema = z.object({
  clientId: z.string().uuid(),
  /** `reveal` only in queues written by earlier versions: reveals are now written before the value is shown. */
  kind: z.enum(['exchange', 'note', 'lookup', 'reveal', 'qaSession']),
  /** Already masked by main: the outbox file holds nothing the workspace may not. */
  payload: z.record(z.string(), z.unknown()),
});
export type OutboxItem = z.infer<typeof outboxItemSchema>;

const lineSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('add'), item: outboxItemSchema }),
  z.object({ op: z.literal('done'), clientId: z.string() }),
]);

export class Outbox {
  readonly path: string;
  private readonly pending = new Map<string, OutboxItem>();
  /** Items the workspace refused on this connection: kept, skipped until the next one. */
  private readonly held = new Set<string>();
  private changed: () => void = () => undefined;
  /** Lines that could not be read (a torn last line after a crash): skipped, never fatal. */
  unreadableLines = 0;

  private constructor(userDataDir: string) {
    this.path = join(userDataDir, TEAM_OUTBOX_FILE);
  }

  static async open(userDataDir: string): Promise<Outbox> {
    const outbox = new Outbox(userDataDir);
    await mkdir(dirname(outbox.path), { recursive: true });
    let text = '';
    try {
      text = readFileSync(outbox.path, 'utf8');
    } catch {
      // No file: nothing queued.
    }
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      let parsed;
      try {
        parsed = lineSchema.safeParse(JSON.parse(line));
      } catch {
        parsed = null;
      }
      if (!parsed?.success) {
        outbox.unreadableLines += 1;
        continue;
      }
      if (parsed.data.op === 'add') outbox.pending.set(parsed.data.item.clientId, parsed.data.item);
      else outbox.pending.delete(parsed.data.clientId);
    }
    return outbox;
  }

  onChange(listener: () => void): void {
    this.changed = listener;
  }

  get size(): number {
    return this.pending.size;
  }

  has(clientId: string): boolean {
    return this.pending.has(clientId);
  }

  get heldCount(): number {
    return this.held.size;
  }

  /** The oldest items first, without those held back. */
  items(limit = Infinity): OutboxItem[] {
    const out: OutboxItem[] = [];
    for (const item of this.pending.values()) {
      if (out.length >= limit) break;
      if (!this.held.has(item.clientId)) out.push(item);
    }
    return out;
  }

  /** The workspace refused the item (a row it needs is missing, a grant it lacks): it waits, the rest go on. */
  hold(clientId: string): void {
    if (this.pending.has(clientId)) this.held.add(clientId);
  }

  /** A new connection tries held items again (the missing transaction may have arrived, a grant been given). */
  releaseHeld(): void {
    this.held.clear();
  }

  /** Queues an item durably (on disk before this resolves); an item already queued is not queued twice. */
  enqueue(kind: OutboxItem['kind'], payload: Record<string, unknown>, clientId: string = randomUUID()): OutboxItem {
    const item = outboxItemSchema.parse({ clientId, kind, payload });
    if (this.pending.has(item.clientId)) return this.pending.get(item.clientId)!;
    this.appendLine({ op: 'add', item });
    this.pending.set(item.clientId, item);
    this.changed();
    return item;
  }

  /** The workspace has the item: it leaves the queue. */
  acknowledge(clientId: string): void {
    if (!this.pending.delete(clientId)) return;
    this.held.delete(clientId);
    // Synchronous, like enqueue(): an item queued meanwhile can never be appended to a file being replaced.
    if (this.pending.size === 0) {
      const temporary = `${this.path}.${process.pid}.tmp`;
      writeFileSync(temporary, '', { mode: 0o600 });
      renameSync(temporary, this.path);
    } else this.appendLine({ op: 'done', clientId });
    this.changed();
  }

  private appendLine(line: z.infer<typeof lineSchema>): void {
    const fd = openSync(this.path, 'a', 0o600);
    try {
      const bytes = Buffer.from(`${JSON.stringify(line)}\n`);
      let written = 0;
      while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }
}
