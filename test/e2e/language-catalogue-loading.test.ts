/**
 * Only English (the fallback) ships with the page: the Portuguese catalogue is fetched when Portuguese
 * is the user's language or is picked in Settings. Checked on the built renderer in Chromium: the
 * initial bundle holds no Portuguese, an English start never downloads it, a Portuguese start paints
 * Portuguese from the first frame (no English flash), and switching language fetches and shows it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../../src-renderer/src/i18n/messages/en';
import ptPT from '../../src-renderer/src/i18n/messages/pt-PT';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { builtScripts } from '../support/built-scripts';

// Texts the shell shows on its first screen, one per language (pt-PT.ts / en.ts, `shell.skipToContent`).
const PORTUGUESE_TEXT = 'Saltar para o conteúdo';
const ENGLISH_TEXT = 'Skip to content';

type Catalogue = { [key: string]: string | Catalogue };

/**
 * The catalogue's Portuguese sentences: the leaves that differ from English, long enough to be
 * unmistakable, and written the same way in source and in the minified build (no quotes or escapes).
 */
function sentences(portuguese: Catalogue, english: Catalogue): string[] {
  return Object.entries(portuguese).flatMap(([key, value]) => {
    const other = english[key];
    if (typeof value !== 'string') return typeof other === 'object' ? sentences(value, other) : [];
    return value !== other && value.length >= 25 && !/["'`\\\n{}]/.test(value) ? [value] : [];
  });
}

/** Every script the page downloads (the entry, its preloads and lazy chunks), with its text. */
function recordScripts(page: Page): Map<string, string> {
  const scripts = new Map<string, string>();
  page.on('response', (response) => {
    if (!response.url().endsWith('.js')) return;
    void response.text().then(
      (text) => scripts.set(response.url(), text),
      () => undefined,
    );
  });
  return scripts;
}

const withPortuguese = (scripts: Map<string, string>) =>
  [...scripts.keys()].filter((url) => scripts.get(url)!.includes(PORTUGUESE_TEXT));

/** Remembers the shell's text the first time it shows anything, before any later frame can change it. */
const RECORD_FIRST_PAINT = `
  const observer = new MutationObserver(() => {
    const shell = document.querySelector('[data-testid="app-mode"]');
    if (!shell) return;
    window.__firstPaint = document.body.textContent;
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
`;

const firstPaint = (page: Page) =>
  page
    .waitForFunction(() => (globalThis as unknown as { __firstPaint?: string }).__firstPaint)
    .then((handle) => handle.jsonValue());

let session: ConsoleSession | null = null;
afterEach(async () => {
  await session?.close();
  session = null;
});

describe('the Portuguese catalogue is loaded only when Portuguese is used', () => {
  it('is not in the JavaScript index.html loads before the first paint, and is in a chunk of its own', () => {
    const { initial, lazy } = builtScripts();
    const portuguese = sentences(ptPT, en);
    expect(portuguese.length).toBeGreaterThan(300);
    expect(portuguese.filter((text) => initial.some((code) => code.includes(text)))).toEqual([]);
    // The same search finds them in the built chunk fetched when Portuguese is chosen.
    expect(portuguese.filter((text) => !lazy.some((code) => code.includes(text)))).toEqual([]);
    expect(initial.some((code) => code.includes(ENGLISH_TEXT))).toBe(true);
  });

  it('an English start never downloads it; picking Portuguese in Settings fetches it and shows Portuguese', async () => {
    session = await openConsole({ open: false });
    const { page } = session;
    const scripts = recordScripts(page);
    await page.goto(session.host.url);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
    expect(withPortuguese(scripts)).toEqual([]);

    await page.getByLabel('Language').selectOption('pt-PT');
    await page.getByRole('heading', { name: 'Definições', exact: true }).waitFor();
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Encomendas' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt-PT');
    await expect.poll(() => withPortuguese(scripts).length).toBe(1);
    expect(session.pageErrors).toEqual([]);
  });

  it('a Portuguese start paints Portuguese from the first frame, without English first', async () => {
    session = await openConsole({ open: false, locale: 'pt-PT' });
    const { page } = session;
    await page.addInitScript(RECORD_FIRST_PAINT);
    await page.goto(session.host.url);
    const painted = await firstPaint(page);
    expect(painted).toContain(PORTUGUESE_TEXT);
    expect(painted).not.toContain(ENGLISH_TEXT);
    await page.getByTestId('app-mode').getByText('Modo navegador').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt-PT');
    expect(session.pageErrors).toEqual([]);
  });
});
