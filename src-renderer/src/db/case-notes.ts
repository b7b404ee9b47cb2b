/** Case notes: one per transaction, validated on read like every other store (design rule 6). */
import type { HistoryDb } from './history-db';
import { validateRows } from './quarantine';
import { caseNoteRecordSchema, type CaseNoteRecord } from './records';

export async function getCaseNote(db: HistoryDb, transactionKey: string): Promise<CaseNoteRecord | undefined> {
  const row = await db.caseNotes.get(transactionKey);
  return row ? (await validateRows(db, 'caseNotes', caseNoteRecordSchema, [row]))[0] : undefined;
}

/** Saves (or, when both fields are empty, removes) the note of a transaction. */
export async function saveCaseNote(
  db: HistoryDb,
  transactionKey: string,
  note: string,
  ticket: string,
  now = Date.now(),
): Promise<CaseNoteRecord | null> {
  const record = caseNoteRecordSchema.parse({
    transactionKey,
    note: note.trim(),
    ticket: ticket.trim(),
    updatedAt: now,
  });
  if (!record.note && !record.ticket) {
    await db.caseNotes.delete(transactionKey);
    return null;
  }
  await db.caseNotes.put(record);
  return record;
}

/**
 * Transaction keys whose ticket reference starts with `text`, or whose note contains it (case-insensitive).
 * Notes exist only on the few transactions an agent worked on, so scanning their text stays cheap.
 */
export async function searchCaseNotes(db: HistoryDb, text: string, limit = 50): Promise<string[]> {
  const needle = text.trim().toLowerCase();
  if (needle.length < 2) return [];
  const byTicket = await db.caseNotes.where('ticket').startsWithIgnoreCase(text.trim()).limit(limit).primaryKeys();
  const byNote = await db.caseNotes
    .filter((row) => typeof row.note === 'string' && row.note.toLowerCase().includes(needle))
    .limit(limit)
    .primaryKeys();
  return [...new Set([...byTicket, ...byNote])].slice(0, limit);
}
