import { caseNoteEntrySchema } from '@shared/contract/support';
import { AppendOnlyLog } from '../common/append-only-log';

export const CASE_NOTES_FILE = 'support-case-notes.jsonl';

/**
 * Case notes, kept by main in the user-data folder (the renderer only caches them): each note is a new
 * entry with its author and time, never an edit of an earlier one, so a case's history stays as written.
 */
export class CaseNotes extends AppendOnlyLog<typeof caseNoteEntrySchema> {
  constructor(path: string) {
    super(path, caseNoteEntrySchema, 'case note');
  }
}
