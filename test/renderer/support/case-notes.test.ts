/**
 * Issue 27 item 7: case notes are main's (append-only entries with author and time); this browser only
 * indexes them. Runs the renderer's case-note code against a real console core, not a stub of main.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleApi } from '@shared/contract';
import { addCaseNote, loadCaseNotes, reindexCaseNotes } from '../../../src-renderer/src/services/case-notes';
import { getCaseNote, saveCaseNote } from '../../../src-renderer/src/db/case-notes';
import { searchTransactions } from '../../../src-renderer/src/db/transaction-query';
import { startCore } from '../../main/core/harness';
import { freshDb, makeRow } from '../db/fixtures';

let harness: Awaited<ReturnType<typeof startCore>>;
let api: ConsoleApi;
beforeAll(async () => {
  harness = await startCore({ simulator: false });
  api = new Proxy({} as ConsoleApi, {
    get: (_target, name) => (input: unknown) => harness.core.dispatch(String(name), input),
  });
});
afterAll(async () => {
  await harness.close();
  await harness.removeDir();
});

describe('issue 27 item 7: case notes are a list of entries kept by main', () => {
  it('an old one-field note in IndexedDB becomes the first entry (author unknown), once, and nothing is lost', async () => {
    const db = freshDb();
    const key = makeRow(1).key;
    await db.transactions.put(makeRow(1));
    const savedAt = Date.UTC(2026, 0, 5, 9, 30);
    await saveCaseNote(db, key, 'Customer paid at 10:02 by MB WAY', 'ZD-4411', savedAt);

    const first = await loadCaseNotes(api, db, key);
    expect(first).toEqual({
      ok: true,
      entries: [
        expect.objectContaining({
          author: null,
          text: 'Customer paid at 10:02 by MB WAY',
          ticket: 'ZD-4411',
          at: new Date(savedAt).toISOString(),
        }),
      ],
    });
    // Loading again (another tab, a restart) never moves it twice.
    const again = await loadCaseNotes(api, db, key);
    expect(again.ok && again.entries).toHaveLength(1);
    expect((await getCaseNote(db, key))?.source).toBe('main');
    db.close();
  });

  it('adding a note appends an entry signed by the agent; the first one stays and History search finds both', async () => {
    const db = freshDb();
    const key = makeRow(2).key;
    await db.transactions.put(makeRow(2));
    await harness.call('support.setAgentName', { agentName: 'Ana Sousa' });
    await addCaseNote(api, db, { transactionKey: key, text: 'Asked the bank for the trace', ticket: 'ZD-7001' });
    const result = await addCaseNote(api, db, { transactionKey: key, text: 'Bank confirms the refund', ticket: '' });
    expect(result.ok && result.entries.map((entry) => [entry.author, entry.text])).toEqual([
      ['Ana Sousa', 'Asked the bank for the trace'],
      ['Ana Sousa', 'Bank confirms the refund'],
    ]);
    expect((await searchTransactions(db, 'ZD-70')).map((row) => row.key)).toEqual([key]);
    expect((await searchTransactions(db, 'trace')).map((row) => row.key)).toEqual([key]);
    expect((await searchTransactions(db, 'confirms the refund')).map((row) => row.key)).toEqual([key]);
    db.close();
  });

  it('a cleared browser gets its notes back: the search index is rebuilt from main', async () => {
    const db = freshDb();
    await db.transactions.put(makeRow(2));
    expect(await searchTransactions(db, 'ZD-70')).toEqual([]);
    await reindexCaseNotes(api, db);
    expect((await searchTransactions(db, 'ZD-70')).map((row) => row.key)).toEqual([makeRow(2).key]);
    db.close();
  });
});
