import { readFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore } from '../core/harness';

let harness: Awaited<ReturnType<typeof startCore>>;
beforeAll(async () => {
  harness = await startCore({ simulator: false });
});
afterAll(async () => {
  await harness.close();
  await harness.removeDir();
});

const notesFile = () => join(harness.userDataDir, 'support-case-notes.jsonl');

describe('issue 27 item 7: case notes are an append-only list kept by main', () => {
  it('each note is a new entry with its author and time; earlier entries stay as written', async () => {
    await harness.call('support.setAgentName', { agentName: '' });
    const first = await harness.call('support.addCaseNote', {
      transactionKey: 'tx-1',
      text: 'Customer says she paid twice',
      ticket: 'ZD-4411',
    });
    expect(first).toMatchObject({ transactionKey: 'tx-1', author: userInfo().username, ticket: 'ZD-4411' });
    expect(Date.parse(first.at)).toBeGreaterThan(Date.now() - 60_000);
    await harness.call('support.setAgentName', { agentName: 'Ana Sousa' });
    await harness.call('support.addCaseNote', { transactionKey: 'tx-1', text: 'Second charge reversed', ticket: '' });
    await harness.call('support.addCaseNote', { transactionKey: 'tx-2', text: 'Other case', ticket: '' });
    const notes = await harness.call('support.caseNotes', { transactionKey: 'tx-1' });
    expect(notes.entries.map((entry: { text: string; author: string }) => [entry.text, entry.author])).toEqual([
      ['Customer says she paid twice', userInfo().username],
      ['Second charge reversed', 'Ana Sousa'],
    ]);
    expect((await harness.call('support.caseNotes')).entries).toHaveLength(3);
    expect((await readFile(notesFile(), 'utf8')).trim().split('\n')).toHaveLength(3);
  });

  it('an empty note is refused and nothing is written; the author cannot be supplied by the caller', async () => {
    const before = (await harness.call('support.caseNotes')).entries.length;
    const empty = await harness.core.dispatch('support.addCaseNote', {
      transactionKey: 'tx-1',
      text: '  ',
      ticket: '',
    });
    expect(empty).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const forged = await harness.core.dispatch('support.addCaseNote', {
      transactionKey: 'tx-1',
      text: 'hello',
      ticket: '',
      author: 'The boss',
    });
    expect(forged).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect((await harness.call('support.caseNotes')).entries).toHaveLength(before);
  });

  it('an old one-field note migrates once into the first entry with an unknown author', async () => {
    const savedAt = Date.UTC(2026, 0, 5, 10, 0, 0);
    const moved = await harness.call('support.migrateCaseNote', {
      transactionKey: 'tx-old',
      text: 'Written before notes were a list',
      ticket: 'ZD-1',
      savedAt,
    });
    expect(moved).toEqual({ migrated: true });
    const twice = await harness.call('support.migrateCaseNote', {
      transactionKey: 'tx-old',
      text: 'Written before notes were a list',
      ticket: 'ZD-1',
      savedAt,
    });
    expect(twice).toEqual({ migrated: false });
    const { entries } = await harness.call('support.caseNotes', { transactionKey: 'tx-old' });
    expect(entries).toEqual([
      expect.objectContaining({
        author: null,
        text: 'Written before notes were a list',
        ticket: 'ZD-1',
        at: new Date(savedAt).toISOString(),
      }),
    ]);
  });

  it('notes survive a restart and a damaged line is reported, kept, and does not hide the others', async () => {
    const { appendFile } = await import('node:fs/promises');
    await appendFile(notesFile(), '{"__proto__":{"polluted":true}}\n');
    const again = await startCore({ simulator: false, userDataDir: harness.userDataDir });
    try {
      const notes = await again.call('support.caseNotes');
      expect(notes.entries.length).toBeGreaterThanOrEqual(4);
      expect(notes.problems).toEqual([expect.stringContaining('not a valid case note')]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    } finally {
      await again.close();
    }
  });
});
