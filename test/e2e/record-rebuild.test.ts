/**
 * Issue 26 §1 in real Chromium: History is an index of main's record. A restart on another port is a new
 * browser origin with an empty IndexedDB, and a call made while no page was open was pushed to nobody;
 * both used to leave History short. The page now catches up from (or rebuilds with) main's journal.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { createSandboxOrder, openArea } from '../support/console-actions';
import { RECORD_DIR, RecordJournal } from '../../src-main/record/record-journal';
import { exchangeFixture } from '../main/record/fixtures';

const folders: string[] = [];
const sessions: ConsoleSession[] = [];
afterAll(async () => {
  for (const session of sessions) await session.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});
const userDataFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), 'gc-e2e-record-'));
  folders.push(folder);
  return folder;
};
const open = async (userDataDir: string, options: { open?: boolean } = {}) => {
  const session = await openConsole({ userDataDir, ...options });
  sessions.push(session);
  return session;
};
const historyCount = (session: ConsoleSession) => session.page.getByTestId('history-count');

describe('History is rebuilt from main’s record', () => {
  it('issue 26 defect: a restart on a different port lost the History — now the new origin rebuilds it', async () => {
    const userDataDir = userDataFolder();
    const first = await open(userDataDir);
    await openArea(first.page, 'History');
    for (const id of ['kept-1', 'kept-2', 'kept-3']) await createSandboxOrder(first, id);
    await expect.poll(() => historyCount(first).textContent(), { timeout: 15_000 }).toBe('3 transactions');
    const firstOrigin = new URL(first.host.url).origin;
    await first.close();
    sessions.splice(sessions.indexOf(first), 1);

    // Another port is another origin: this browser has no IndexedDB for it.
    const second = await open(userDataDir);
    expect(new URL(second.host.url).origin).not.toBe(firstOrigin);
    await openArea(second.page, 'History');
    await expect.poll(() => historyCount(second).textContent(), { timeout: 15_000 }).toBe('3 transactions');
    for (const id of ['kept-1', 'kept-2', 'kept-3']) await second.page.getByRole('table').getByText(id).waitFor();
    expect(second.pageErrors).toEqual([]);
  }, 120_000);

  it('issue 26 defect: a call made while no page was open never reached History — now it is there when a page opens', async () => {
    const session = await open(userDataFolder(), { open: false });
    // Made through the core with no window to push to (as the CLI or a headless run would).
    await createSandboxOrder(session, 'made-while-closed');
    await session.page.goto(session.host.url);
    await openArea(session.page, 'History');
    await session.page.getByRole('table').getByText('made-while-closed').waitFor({ timeout: 15_000 });
    expect(await historyCount(session).textContent()).toBe('1 transaction');
  }, 60_000);

  it('shows its progress while it rebuilds a large History', async () => {
    const userDataDir = userDataFolder();
    const journal = RecordJournal.open(join(userDataDir, RECORD_DIR));
    const TOTAL = 6000;
    for (let i = 0; i < TOTAL; i += 1)
      journal.append({
        kind: 'exchange',
        exchange: exchangeFixture({
          transactionID: `s2SEED${String(i).padStart(6, '0')}`,
          url: `http://127.0.0.1:1/api/v2/payments/s2SEED${String(i).padStart(6, '0')}/status`,
        }),
      });
    journal.close();
    const session = await open(userDataDir, { open: false });
    await session.page.goto(`${session.host.url}#/history`);
    const progress = session.page.getByTestId('record-progress');
    await progress.filter({ hasText: /Rebuilding History from the console’s record: [\d,]+ of 6,000/ }).waitFor();
    await progress.waitFor({ state: 'detached', timeout: 60_000 });
    // The list counts up to 1,000; the database holds every transaction of the record.
    expect(await historyCount(session).textContent()).toBe('1,000+ transactions');
    const stored = await session.page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const request = indexedDB.open('gateway-console-history');
          request.onerror = () => reject(request.error);
          request.onsuccess = () => {
            const count = request.result.transaction('transactions').objectStore('transactions').count();
            count.onsuccess = () => resolve(count.result);
          };
        }),
    );
    expect(stored).toBe(TOTAL);
  }, 120_000);
});
