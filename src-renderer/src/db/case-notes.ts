/**
 * Case notes in this browser: only the search index of the entries main keeps (architecture rule 12), plus
 * any note the old one-field editor left here until it is migrated. Validated on read (architecture rule 6).
 */
import type { CaseNoteEntry } from '@shared/contract/support';
import { caseNoteTexts } from './case-note-texts';
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
 * Rewrites the search index of the given transactions from main's entries: the latest ticket for the
 * prefix index, every text and ticket in `note` so a search finds any of them.
 */
export async function indexCaseNoteEntries(db: HistoryDb, entries: readonly CaseNoteEntry[]): Promise<void> {
  const byKey = new Map<string, CaseNoteEntry[]>();
  for (const entry of entries) byKey.set(entry.transactionKey, [...(byKey.get(entry.transactionKey) ?? []), entry]);
  const rows = [...byKey].map(([transactionKey, list]) =>
    caseNoteRecordSchema.parse({
      transactionKey,
      note: list
        .flatMap((entry) => [entry.ticket, entry.text])
        .filter(Boolean)
        .join('\n')
        .slice(0, 20_000),
      ticket: list.findLast((entry) => entry.ticket)?.ticket ?? '',
      updatedAt: Math.max(...list.map((entry) => Date.parse(entry.at) || 0)),
      source: 'main',
    }),
  );
  await db.caseNotes.bulkPut(rows);
}

/**
 * Transaction keys whose ticket reference starts with `text`, or whose note contains it (case-insensitive).
 * Every search box query runs this, so the note text is scanned in the in-memory copy of the notes
 * (case-note-texts.ts) rather than read out of IndexedDB again for each keystroke.
 */
export async function searchCaseNotes(db: HistoryDb, text: string, limit = 50): Promise<string[]> {
  const needle = text.trim().toLowerCase();
  if (needle.length < 2) return [];
  const [byTicket, notes] = await Promise.all([
    db.caseNotes.where('ticket').startsWithIgnoreCase(text.trim()).limit(limit).primaryKeys(),
    caseNoteTexts(db),
  ]);
  const byNote: string[] = [];
  for (const { transactionKey, text: note } of notes) {
    if (byNote.length >= limit) break;
    if (note.includes(needle)) byNote.push(transactionKey);
  }
  return [...new Set([...byTicket, ...byNote])].slice(0, limit);
}
