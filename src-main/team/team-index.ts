/**
 * The desk's shared transactions as this console pulled them from the workspace: `team-transactions.jsonl`
 * in the user-data folder (one line per transaction, appended a page at a time) and `team-pulled-through.json`
 * (which workspace, and the last row id pulled per merchant). Another workspace starts over from nothing.
 * What is kept is what the workspace holds: already masked by the console that shared it. While the workspace
 * is unreachable a team search reads this copy, indexed in memory once and kept current as pages arrive.
 */
import { appendFile, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { TeamTransaction } from '@shared/contract/team';
import { writeFileAtomic } from '../common/atomic-write';
import { PulledCopy, type PulledTransaction } from './pulled-copy';

export const TEAM_INDEX_FILE = 'team-transactions.jsonl';
export const TEAM_PULL_CURSOR_FILE = 'team-pulled-through.json';

const cursorSchema = z
  .object({
    workspace: z.string(),
    /** The last workspace row id pulled, per merchant. */
    through: z.record(z.string(), z.number().int().nonnegative()),
    count: z.number().int().nonnegative(),
    /** When a pull last brought the copy up to date (or appended a page); absent before any. */
    pulledAt: z.string().optional(),
  })
  .strict();
export type PullCursor = z.infer<typeof cursorSchema>;

export class TeamIndex {
  readonly path: string;
  private readonly cursorPath: string;
  /** The copy indexed in memory, built on the first search that needs it; null until then. */
  private copy: PulledCopy | null = null;
  constructor(userDataDir: string) {
    this.path = join(userDataDir, TEAM_INDEX_FILE);
    this.cursorPath = join(userDataDir, TEAM_PULL_CURSOR_FILE);
  }

  /** How far `workspace` was pulled; another workspace (or no cursor) starts from an empty index. */
  async cursor(workspace: string): Promise<PullCursor> {
    try {
      const parsed = cursorSchema.safeParse(JSON.parse(await readFile(this.cursorPath, 'utf8')));
      if (parsed.success && parsed.data.workspace === workspace) return parsed.data;
    } catch {
      // No cursor yet.
    }
    await rm(this.path, { force: true });
    this.copy = null;
    return { workspace, through: {}, count: 0 };
  }

  /** Appends a page, then moves the cursor past it: a crash in between re-pulls the page (a duplicate line, read as one). */
  async append(cursor: PullCursor, merchantId: string, rows: PulledTransaction[], lastId: number): Promise<PullCursor> {
    if (rows.length) await appendFile(this.path, rows.map((row) => `${JSON.stringify(row)}\n`).join(''));
    this.copy?.add(rows);
    return this.save({
      ...cursor,
      through: { ...cursor.through, [merchantId]: lastId },
      count: cursor.count + rows.length,
    });
  }

  /** Notes that a pull brought the copy up to date now (what a search of the copy says it is as of). */
  finished(cursor: PullCursor): Promise<PullCursor> {
    return this.save(cursor);
  }

  /**
   * Searches the copy pulled from `workspace`: the matches and when it was pulled, or null when nothing was
   * pulled from it yet.
   */
  async search(
    workspace: string,
    query: string,
  ): Promise<{ transactions: TeamTransaction[]; pulledAt: string } | null> {
    const cursor = await this.cursor(workspace);
    if (!cursor.pulledAt) return null;
    if (!this.copy) {
      const copy = new PulledCopy();
      // Set first: a page arriving while the file is read is added too (the newer copy of a row wins).
      this.copy = copy;
      copy.add(await this.read());
    }
    return { transactions: this.copy.search(query), pulledAt: cursor.pulledAt };
  }

  private async save(cursor: PullCursor): Promise<PullCursor> {
    const next = { ...cursor, pulledAt: new Date().toISOString() };
    await writeFileAtomic(this.cursorPath, `${JSON.stringify(next)}\n`);
    return next;
  }

  /** Every pulled transaction, the newest copy of each. */
  async read(): Promise<PulledTransaction[]> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch {
      return [];
    }
    const byId = new Map<string, PulledTransaction>();
    for (const line of text.split('\n')) {
      if (!line) continue;
      try {
        const row = JSON.parse(line) as PulledTransaction;
        byId.set(row.transactionId, row);
      } catch {
        // A line torn by a crash: its page is pulled again.
      }
    }
    return [...byId.values()];
  }
}
