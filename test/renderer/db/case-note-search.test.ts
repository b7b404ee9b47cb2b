/**
 * The search boxes find a transaction by words of its case notes. The notes' text is scanned in memory
 * (case-note-texts.ts); these tests hold what a user sees: the next search after any change to a note
 * (saved here, in another window, or while a search was reading) finds what the note says now, and the
 * matches come in the same order a scan of the stored notes gives.
 */
import { describe, expect, it } from 'vitest';
import { HistoryDb } from '../../../src-renderer/src/db/history-db';
import { indexCaseNoteEntries, saveCaseNote, searchCaseNotes } from '../../../src-renderer/src/db/case-notes';
import { searchTransactions } from '../../../src-renderer/src/db/transaction-query';
import { freshDb, makeRow } from './fixtures';

const keyOf = (i: number) => makeRow(i).key;

async function withRows(count: number): Promise<HistoryDb> {
  const db = freshDb();
  await db.transactions.bulkPut(Array.from({ length: count }, (_, i) => makeRow(i)));
  return db;
}

const found = async (db: HistoryDb, text: string) => (await searchTransactions(db, text)).map((row) => row.key);

describe('History search by case-note text', () => {
  it('finds what a note says after it is saved, changed, re-indexed from main and removed', async () => {
    const db = await withRows(5);
    expect(await found(db, 'refund')).toEqual([]);

    await saveCaseNote(db, keyOf(2), 'Refund promised by phone', '');
    expect(await found(db, 'refund')).toEqual([keyOf(2)]);

    await saveCaseNote(db, keyOf(2), 'Customer paid twice', '');
    expect(await found(db, 'refund')).toEqual([]);
    expect(await found(db, 'paid twice')).toEqual([keyOf(2)]);

    const at = '2026-01-05T10:00:00.000Z';
    await indexCaseNoteEntries(db, [
      { id: '1', transactionKey: keyOf(3), text: 'Chargeback opened', ticket: '', author: null, at },
    ]);
    expect(await found(db, 'chargeback')).toEqual([keyOf(3)]);

    await saveCaseNote(db, keyOf(2), '', '');
    expect(await found(db, 'paid twice')).toEqual([]);
    await db.caseNotes.clear();
    expect(await found(db, 'chargeback')).toEqual([]);
    db.close();
  });

  it('finds a note written through another connection to the same database (another window)', async () => {
    const db = await withRows(5);
    expect(await found(db, 'duplicate charge')).toEqual([]);
    const other = new HistoryDb(db.name);
    await saveCaseNote(other, keyOf(4), 'Duplicate charge on the card', 'ZD-9');
    other.close();
    expect(await found(db, 'duplicate charge')).toEqual([keyOf(4)]);
    db.close();
  });

  it('finds a note saved while a search was reading the notes', async () => {
    const db = await withRows(5);
    await saveCaseNote(db, keyOf(0), 'First note', '');
    const reading = searchTransactions(db, 'late note');
    await saveCaseNote(db, keyOf(1), 'A late note', '');
    await reading;
    expect(await found(db, 'late note')).toEqual([keyOf(1)]);
    db.close();
  });

  it('lists ticket matches first, then notes in transaction order, case-insensitively, up to the limit', async () => {
    const db = await withRows(0);
    await db.caseNotes.bulkPut(
      Array.from({ length: 60 }, (_, i) => ({
        transactionKey: keyOf(i),
        note: i % 10 === 3 ? `Customer asked for a REFUND (${i})` : `Routine call ${i}`,
        ticket: i === 57 ? 'REFUND-1' : `T-${i}`,
        updatedAt: i,
      })),
    );
    expect(await searchCaseNotes(db, 'Refund', 4)).toEqual([keyOf(57), keyOf(3), keyOf(13), keyOf(23)]);
    expect(await searchCaseNotes(db, 'refund', 50)).toEqual([57, 3, 13, 23, 33, 43, 53].map(keyOf));
    expect(await searchCaseNotes(db, 'routine call', 3)).toEqual([0, 1, 2].map(keyOf));
    expect(await searchCaseNotes(db, 'nothing like it')).toEqual([]);
    db.close();
  });
});
