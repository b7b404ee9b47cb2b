/**
 * How far main's record has been queued for the team workspace: the journal's id and the last seq queued,
 * in `team-shared-through.json`. Another journal (a new user-data folder) or workspace starts from 0; a
 * missing or unreadable file starts from 0 too, which is safe: re-queued exchanges are applied once.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../common/atomic-write';

export const TEAM_CURSOR_FILE = 'team-shared-through.json';

const cursorSchema = z
  .object({ journalId: z.string(), workspace: z.string(), seq: z.number().int().nonnegative() })
  .strict();

export class RecordCursor {
  readonly path: string;
  constructor(userDataDir: string) {
    this.path = join(userDataDir, TEAM_CURSOR_FILE);
  }

  /** `workspace` names where the record went (address and merchant): another workspace starts from 0. */
  async read(journalId: string, workspace: string): Promise<number> {
    try {
      const parsed = cursorSchema.safeParse(JSON.parse(await readFile(this.path, 'utf8')));
      return parsed.success && parsed.data.journalId === journalId && parsed.data.workspace === workspace
        ? parsed.data.seq
        : 0;
    } catch {
      return 0;
    }
  }

  save(journalId: string, workspace: string, seq: number): Promise<void> {
    return writeFileAtomic(this.path, `${JSON.stringify({ journalId, workspace, seq })}\n`);
  }
}
