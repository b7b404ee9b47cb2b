/**
 * Issue 26 §1: main keeps what a user creates, and browser mode keeps its address. A restart on another
 * port (another browser origin, with empty browser storage) still shows the case note, the running test
 * session, the language and the theme; a plain `npm start` listens where it did last time, and says so
 * when that port is taken.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src-main/credentials/memory-store';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { createSandboxOrder, openArea } from '../support/console-actions';

const ROOT = resolve(__dirname, '../..');
const STALE_LABEL = 'Mark a non-final status stale after (minutes)';
const LOOKUP = 'Transaction ID, merchant order id or Multibanco reference';

/** Orders → a fresh draft → its Templates tab (where drafts are saved and listed). */
async function openTemplates(page: Page): Promise<Locator> {
  await openArea(page, 'Orders');
  const create = page.getByRole('button', { name: 'Create a test order' });
  const fresh = page.getByRole('button', { name: 'New order' });
  await create.or(fresh).first().waitFor();
  await ((await create.isVisible()) ? create : fresh).click();
  // naive-ui's tabs carry no tab role: the tab is found by its words.
  await page.getByText('Templates', { exact: true }).click();
  return page.getByRole('region', { name: 'Templates' });
}

describe('issue 26: a restart on a different port keeps case notes, test sessions and settings', () => {
  const userDataDir = mkdtempSync(join(tmpdir(), 'gc-restart-'));
  const credentials = new MemoryStore();
  const sessions: ConsoleSession[] = [];
  afterAll(async () => {
    for (const session of sessions) await session.close();
    rmSync(userDataDir, { recursive: true, force: true });
  });

  it('a new origin shows the note, the running session, the template, the language and the theme chosen before', async () => {
    const first = await openConsole({ userDataDir, credentials });
    sessions.push(first);
    const page = first.page;
    const transactionId = await createSandboxOrder(first, `restart-${Date.now()}`);

    // Made through the screens, as a user would.
    await openArea(page, 'Support');
    await page.getByLabel(STALE_LABEL).fill('7');
    await page.getByLabel(STALE_LABEL).blur();
    await page.getByLabel(LOOKUP).fill(transactionId);
    await page.keyboard.press('Enter');
    const card = page.getByTestId('support-case');
    await card.getByText(transactionId).first().waitFor();
    await card.getByLabel('Ticket reference').fill('ZD-9001');
    await card.getByLabel('Note', { exact: true }).fill('Customer says she paid twice.');
    await card.getByRole('button', { name: 'Add note' }).click();
    await card.getByText('Note saved.').waitFor();

    await openArea(page, 'Scenarios');
    const panel = page.getByRole('region', { name: 'Test sessions' });
    await panel.getByLabel('Session name').fill('Restart rehearsal');
    await panel.getByRole('button', { name: 'Start test session' }).click();
    await panel.getByRole('status').filter({ hasText: 'Session running: Restart rehearsal' }).waitFor();

    const templates = await openTemplates(page);
    await templates.getByLabel('Template name').fill('Restart template');
    await templates.getByRole('button', { name: 'Save template' }).click();
    await templates.getByRole('status').waitFor();

    await openArea(page, 'Settings');
    await page.getByRole('radio', { name: 'Dark' }).check({ force: true });
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await page.getByLabel('Language').selectOption('pt-PT');
    await page.waitForFunction(() => document.documentElement.lang === 'pt-PT');
    // Main has every choice before this console stops.
    await expect
      .poll(async () => {
        const answer = await first.core.dispatch('settings.get', {});
        return answer.ok ? answer.value : null;
      })
      .toMatchObject({ settings: { theme: 'dark', locale: 'pt-PT', supportStaleAfterMinutes: 7 } });
    const firstOrigin = first.host.origin;
    await first.close();
    sessions.pop();

    // Another port (so another origin) and a fresh browser profile: nothing of the page's storage is left.
    const second = await openConsole({ userDataDir, credentials, port: 0 });
    sessions.push(second);
    expect(second.host.origin).not.toBe(firstOrigin);
    const again = second.page;
    await again.waitForFunction(() => document.documentElement.lang === 'pt-PT');
    await again.waitForFunction(() => document.documentElement.classList.contains('dark'));
    // The whole console speaks Portuguese now, the navigation's own name included.
    await again.getByRole('link', { name: 'Definições', exact: true }).click();
    await again.getByRole('heading', { name: 'Definições', exact: true }).waitFor();
    expect(await again.locator('#settings-language').inputValue()).toBe('pt-PT');
    await again.locator('#settings-language').selectOption('en');
    await again.waitForFunction(() => document.documentElement.lang === 'en');

    await openArea(again, 'Scenarios');
    await again
      .getByRole('region', { name: 'Test sessions' })
      .getByRole('status')
      .filter({ hasText: 'Session running: Restart rehearsal' })
      .waitFor();

    await openArea(again, 'Support');
    expect(await again.getByLabel(STALE_LABEL).inputValue()).toBe('7');
    await again.getByLabel(LOOKUP).fill(transactionId);
    await again.keyboard.press('Enter');
    const notes = again.getByTestId('support-case').getByTestId('case-note-entry');
    await notes.first().waitFor();
    expect(await notes.first().textContent()).toContain('Customer says she paid twice.');
    expect(await notes.first().textContent()).toContain('ZD-9001');
    const kept = await openTemplates(again);
    await kept.getByRole('button', { name: 'Load template Restart template' }).waitFor();
    expect(second.pageErrors).toEqual([]);
  });
});

/** `npm start` (scripts/start.mjs → browser mode) on `userDataDir`; resolves with the lines up to the URL. */
function npmStart(userDataDir: string): Promise<{ child: ChildProcess; lines: string[]; port: number }> {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    detached: true, // its own process group: stopped with start.mjs's child in one signal
    env: { ...process.env, GATEWAY_CONSOLE_USER_DATA: userDataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  return new Promise((found, failed) => {
    const reader = createInterface({ input: child.stdout! });
    reader.on('line', (line) => {
      lines.push(line);
      const match = /http:\/\/127\.0\.0\.1:(\d+)\/\?token=/.exec(line);
      // The taken-port sentence follows the URL line: give it a moment to arrive.
      if (match) setTimeout(() => found({ child, lines, port: Number(match[1]) }), 200);
    });
    child.once('exit', (code) =>
      failed(new Error(`npm start exited (${code}) before printing a URL:\n${lines.join('\n')}`)),
    );
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (!child.pid || child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  process.kill(-child.pid, 'SIGTERM');
  await exited;
}

describe('issue 26: browser mode keeps its address across restarts', () => {
  const userDataDir = mkdtempSync(join(tmpdir(), 'gc-port-e2e-'));
  const children: ChildProcess[] = [];
  let blocker: Server | null = null;
  afterAll(async () => {
    for (const child of children) await stop(child).catch(() => undefined);
    await new Promise((done) => (blocker ? blocker.close(done) : done(undefined)));
    rmSync(userDataDir, { recursive: true, force: true });
  });

  it('a plain restart reuses the port when it is free; when it is taken, the start line says so and names both', async () => {
    const first = await npmStart(userDataDir);
    children.push(first.child);
    await stop(first.child);

    const second = await npmStart(userDataDir);
    children.push(second.child);
    expect(second.port).toBe(first.port);
    expect(second.lines.some((line) => line.includes('is taken'))).toBe(false);
    await stop(second.child);

    // Another program now holds the port.
    blocker = createServer();
    await new Promise<void>((done) => blocker!.listen(first.port, '127.0.0.1', () => done()));
    const third = await npmStart(userDataDir);
    children.push(third.child);
    expect(third.port).not.toBe(first.port);
    expect(third.lines).toContainEqual(
      expect.stringContaining(
        `Port ${first.port}, used last time with this user-data folder, is taken: listening on ${third.port} instead.`,
      ),
    );
  });
});
