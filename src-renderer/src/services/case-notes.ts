/**
 * Case notes as the screens use them: main keeps the entries (append-only, signed by the agent main
 * knows); this browser only indexes them for History search. Shared by the Support case card and the
 * History detail, so both show the same list.
 */
import { consoleErrorText } from '../i18n/console-error';
import type { ConsoleApi } from '@shared/contract';
import type { CaseNoteEntry } from '@shared/contract/support';
import { getCaseNote, indexCaseNoteEntries } from '../db/case-notes';
import type { HistoryDb } from '../db/history-db';

export type CaseNotesResult = { ok: true; entries: CaseNoteEntry[] } | { ok: false; message: string };

/**
 * Moves a note the old one-field editor left in this browser to main (first entry, author unknown),
 * then refreshes the index. Main ignores the move when the transaction already has entries, so a
 * second tab or a retry never duplicates it; the old row is replaced only after main has the note.
 */
async function migrateLegacyNote(api: ConsoleApi, db: HistoryDb, transactionKey: string): Promise<string | null> {
  const legacy = await getCaseNote(db, transactionKey);
  if (!legacy || legacy.source === 'main') return null;
  const moved = await api['support.migrateCaseNote']({
    transactionKey,
    text: legacy.note,
    ticket: legacy.ticket,
    savedAt: legacy.updatedAt,
  });
  return moved.ok ? null : consoleErrorText(moved.error);
}

export async function loadCaseNotes(api: ConsoleApi, db: HistoryDb, transactionKey: string): Promise<CaseNotesResult> {
  const migrationError = await migrateLegacyNote(api, db, transactionKey);
  if (migrationError) return { ok: false, message: migrationError };
  const result = await api['support.caseNotes']({ transactionKey });
  if (!result.ok) return { ok: false, message: consoleErrorText(result.error) };
  if (result.value.entries.length) await indexCaseNoteEntries(db, result.value.entries);
  return { ok: true, entries: result.value.entries };
}

export async function addCaseNote(
  api: ConsoleApi,
  db: HistoryDb,
  input: { transactionKey: string; text: string; ticket: string },
): Promise<CaseNotesResult> {
  const added = await api['support.addCaseNote'](input);
  if (!added.ok) return { ok: false, message: consoleErrorText(added.error) };
  return loadCaseNotes(api, db, input.transactionKey);
}

/**
 * Once per start: moves every old one-field note to main, then rebuilds the search index from main's
 * entries (a cleared browser or a new origin gets its notes back).
 */
export async function reindexCaseNotes(api: ConsoleApi, db: HistoryDb): Promise<void> {
  const legacyKeys = await db.caseNotes.filter((row) => row.source !== 'main').primaryKeys();
  for (const key of legacyKeys) await migrateLegacyNote(api, db, key);
  const result = await api['support.caseNotes']({});
  if (result.ok) await indexCaseNoteEntries(db, result.value.entries);
}
