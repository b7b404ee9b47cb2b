import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** the flags that keep headless Chromium quiet and steady on these machines. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export const SCREENSHOT_DIR = resolve(__dirname, '../../test-results/screenshots');

/**
 * Real Chromium through playwright-core. Each launch gets a fresh user-data-dir: playwright creates a
 * throwaway profile per launch (and refuses `--user-data-dir` in args), so no state leaks between files.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/** Saves a full-page screenshot as a test artifact: `test-results/screenshots/<name>.png`. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name.replace(/[^a-z0-9-_]+/gi, '-')}.png`);
  // Transitions fast-forwarded: naive-ui fades selections and themes, which would blur the picture.
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  return path;
}
