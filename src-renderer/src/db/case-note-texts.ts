/**
 * The case notes' text, lower-cased, held in memory for the search boxes. Every search looks for the
 * typed text inside every note, and reading thousands of notes out of IndexedDB costs tens of
 * milliseconds a keystroke where scanning the same strings in memory costs well under one.
 *
 * The copy is read again after any change to a caseNotes store: Dexie reports every committed write as a
 * `storagemutated` event, in this page and (it relays them over a BroadcastChannel) in the app's other
 * pages, so a note saved anywhere is found by the next search. Writes that bypass Dexie would not be
 * seen; none exist (every write goes through the tables of `HistoryDb`).
 */
import { Dexie, type ObservabilitySet } from 'dexie';
import type { HistoryDb } from './history-db';

export interface NoteText {
  transactionKey: string;
  /** The note, lower-cased. */
  text: string;
}

/** Notes read per IndexedDB request while copying (one `getAll` each, so pages keep the read bounded). */
const READ_PAGE = 1_000;

/**
 * Bumped on every change to a caseNotes store of any database: the app has one, and dropping a copy
 * too often only costs one read.
 */
let generation = 0;
let listening = false;
const copies = new WeakMap<HistoryDb, { generation: number; texts: Promise<readonly NoteText[]> }>();

/** `idb://<database>/caseNotes/<index>` names a changed part of a notes store; `all` is everything. */
const touchesNotes = (parts: ObservabilitySet) =>
  Object.keys(parts).some((part) => part === 'all' || /^idb:\/\/.*\/caseNotes\//.test(part));

function listen(): void {
  if (listening) return;
  listening = true;
  Dexie.on('storagemutated', (parts: ObservabilitySet) => {
    if (touchesNotes(parts)) generation += 1;
  });
}

/** Every note, in transaction key order, read in one transaction so the copy is one moment's state. */
function readTexts(db: HistoryDb): Promise<NoteText[]> {
  return db.transaction('r', db.caseNotes, async () => {
    const texts: NoteText[] = [];
    let after = '';
    for (;;) {
      const page = await db.caseNotes.where(':id').above(after).limit(READ_PAGE).toArray();
      // Rows are not validated here (a search only reads their text): a row whose note is not text has none.
      for (const row of page)
        if (typeof row.note === 'string')
          texts.push({ transactionKey: row.transactionKey, text: row.note.toLowerCase() });
      if (page.length < READ_PAGE) return texts;
      after = page.at(-1)!.transactionKey;
    }
  });
}

/**
 * The notes of `db` as they are now. Searches that arrive while a copy is being read share that read; a
 * change committed meanwhile makes the next search read again.
 */
export function caseNoteTexts(db: HistoryDb): Promise<readonly NoteText[]> {
  listen();
  const current = copies.get(db);
  if (current?.generation === generation) return current.texts;
  const texts = readTexts(db);
  copies.set(db, { generation, texts });
  // A failed read is not kept: the next search tries again.
  texts.catch(() => {
    if (copies.get(db)?.texts === texts) copies.delete(db);
  });
  return texts;
}
