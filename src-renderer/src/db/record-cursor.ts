/**
 * Where this browser's History stands in main's record: the journal it was built from and the last seq it
 * holds. Validated on read (architecture rule 6): a row that does not parse counts as no cursor, so History is
 * rebuilt from the journal (storing is idempotent) rather than trusted.
 */
import { z } from 'zod';
import type { HistoryDb } from './history-db';

const ROW_KEY = 'record';

export const recordCursorSchema = z.object({
  journalId: z.string().min(1),
  seq: z.number().int().nonnegative(),
});
export type RecordCursor = z.infer<typeof recordCursorSchema>;

export async function readRecordCursor(db: HistoryDb): Promise<RecordCursor | null> {
  const parsed = recordCursorSchema.safeParse(await db.recordIndex.get(ROW_KEY));
  return parsed.success ? parsed.data : null;
}

export async function writeRecordCursor(db: HistoryDb, cursor: RecordCursor): Promise<void> {
  await db.recordIndex.put({ key: ROW_KEY, journalId: cursor.journalId, seq: cursor.seq });
}
