/**
 * The desk's shared transactions as this console pulled them from the workspace: `team-transactions.jsonl`
 * in the user-data folder (one line per transaction, appended a page at a time) and `team-pulled-through.json`
 * (which workspace, and the last row id pulled per merchant). Another workspace starts over from nothing.
 * What is kept is what the workspace holds: already masked by the console that shared it.
 */
import { appendFile, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../common/atomic-write';

export const TEAM_INDEX_FILE = 'team-transactions.jsonl';
export const TEAM_PULL_CURSOR_FILE = 'team-pulled-through.json';

export interface PulledTransaction {
  transactionId: string;
  merchantId: string;
  terminalId: string;
  merchantTransactionId: string | null;
  reference: string | null;
  status: string | null;
  amount: string | null;
  currency: string | null;
  email: string | null;
  updatedAt: string;
}

const cursorSchema = z
  .object({
    workspace: z.string(),
    /** The last workspace row id pulled, per merchant. */
    through: z.record(z.string(), z.number().int().nonnegative()),
    count: z.number().int().nonnegative(),
  })
  .strict();
export type PullCursor = z.infer<typeof cursorSchema>;

export class TeamIndex {
  readonly path: string;
  private readonly cursorPath: string;
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
    return { workspace, through: {}, count: 0 };
  }

  /** Appends a page, then moves the cursor past it: a crash in between re-pulls the page (a duplicate line, read as one). */
  async append(cursor: PullCursor, merchantId: string, rows: PulledTransaction[], lastId: number): Promise<PullCursor> {
    if (rows.length) await appendFile(this.path, rows.map((row) => `${JSON.stringify(row)}\n`).join(''));
    const next = { ...cursor, through: { ...cursor.through, [merchantId]: lastId }, count: cursor.count + rows.length };
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
