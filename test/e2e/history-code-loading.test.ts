/**
 * The history database code (Dexie, the stored-row schemas and the stores that sync History with main)
 * and zod (which those schemas and the settings cache parse with) are not in the JavaScript index.html
 * loads before the first paint: the shell fetches them right after it has painted, with no user action,
 * so History still catches up on its own. Checked on the built renderer in Chromium.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { builtScripts } from '../support/built-scripts';

// A sentence of Dexie's own (node_modules/dexie), written the same way in every build of it.
const DEXIE_TEXT = 'Dexie: Need to reopen db';
// The name zod gives its validation errors (node_modules/zod), a string in any build of it.
const ZOD_TEXT = '"ZodError"';

let session: ConsoleSession | null = null;
afterEach(async () => {
  await session?.close();
  session = null;
});

describe('the history database code is fetched after the first paint', () => {
  it('is not in the JavaScript index.html loads eagerly, and is in a lazy chunk', () => {
    const { initial, lazy } = builtScripts();
    for (const text of [DEXIE_TEXT, ZOD_TEXT]) {
      expect(initial.filter((code) => code.includes(text))).toEqual([]);
      // The same search finds it in the lazy chunks.
      expect(lazy.filter((code) => code.includes(text))).toHaveLength(1);
    }
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
