/**
 * Case notes in this browser: only the search index of the entries main keeps (architecture rule 12), plus
 * any note the old one-field editor left here until it is migrated. Validated on read (architecture rule 6).
 */
import type { CaseNoteEntry } from '@shared/contract/support';
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

/** Notes read per IndexedDB request while scanning their text (see searchCaseNotes). */
const NOTE_SCAN_PAGE = 1_000;

/**
 * Transaction keys whose ticket reference starts with `text`, or whose note contains it (case-insensitive).
 * Every search box query runs this, so the note text is scanned a page of notes per request (one
 * `getAll` each) rather than through a cursor, which costs a round trip per note: at 10,000 notes that
 * is the difference between a few milliseconds and a few hundred. Pages keep memory bounded.
 */
export async function searchCaseNotes(db: HistoryDb, text: string, limit = 50): Promise<string[]> {
  const needle = text.trim().toLowerCase();
  if (needle.length < 2) return [];
  const byTicket = await db.caseNotes.where('ticket').startsWithIgnoreCase(text.trim()).limit(limit).primaryKeys();
  const byNote: string[] = [];
  let after = '';
  for (;;) {
    const page = await db.caseNotes.where(':id').above(after).limit(NOTE_SCAN_PAGE).toArray();
    for (const row of page)
      if (typeof row.note === 'string' && row.note.toLowerCase().includes(needle)) byNote.push(row.transactionKey);
    if (byNote.length >= limit || page.length < NOTE_SCAN_PAGE) break;
    after = page.at(-1)!.transactionKey;
  }
  return [...new Set([...byTicket, ...byNote])].slice(0, limit);
}
