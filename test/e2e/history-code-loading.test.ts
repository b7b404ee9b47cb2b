/**
 * The history database code (Dexie, the stored-row schemas and the stores that sync History with main)
 * is not in the JavaScript index.html loads before the first paint: the shell fetches it right after
 * it has painted, with no user action, so History still catches up on its own. Checked on the built
 * renderer in Chromium.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { eagerScripts } from '../bench/browser-mode.bench';
import { openConsole, type ConsoleSession } from '../support/browser-mode';

const RENDERER = resolve(__dirname, '../../out/renderer');
// A sentence of Dexie's own (node_modules/dexie), written the same way in every build of it.
const DEXIE_TEXT = 'Dexie: Need to reopen db';

let session: ConsoleSession | null = null;
afterEach(async () => {
  await session?.close();
  session = null;
});

describe('the history database code is fetched after the first paint', () => {
  it('is not in the JavaScript index.html loads eagerly, and is in a lazy chunk', () => {
    const initial = eagerScripts(RENDERER).map((script) => readFileSync(join(RENDERER, script.file), 'utf8'));
    const all = readdirSync(join(RENDERER, 'assets'))
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(RENDERER, 'assets', file), 'utf8'));
    expect(initial.filter((code) => code.includes(DEXIE_TEXT))).toEqual([]);
    expect(all.filter((code) => code.includes(DEXIE_TEXT))).toHaveLength(1);
  });

  it('is fetched without any user action once the shell shows, and the Inspector is there', async () => {
    session = await openConsole({ open: false });
    const { page } = session;
    const withDexie: string[] = [];
    page.on('response', (response) => {
      if (!response.url().endsWith('.js')) return;
      void response.text().then(
        (text) => text.includes(DEXIE_TEXT) && withDexie.push(response.url()),
        () => undefined,
      );
    });
    await page.goto(session.host.url);
    await page.getByTestId('app-mode').getByText('Browser mode').waitFor();
    await expect.poll(() => withDexie.length).toBe(1);
    await page.getByRole('button', { name: 'Inspector', exact: true }).click();
    await page.getByRole('region', { name: 'Inspector' }).waitFor();
    expect(session.pageErrors).toEqual([]);
  });
});
