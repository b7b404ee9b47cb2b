import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ConsoleCore } from '../../src-main/core/console-core';
import { MemoryStore } from '../../src-main/credentials/memory-store';
import { startBrowserMode, type BrowserModeOptions } from '../../src-main/host/browser-mode';
import type { RunningHost } from '../../src-main/host/host-server';
import { launchChromium } from './chromium';

export interface ConsoleSession {
  page: Page;
  context: BrowserContext;
  browser: Browser;
  host: RunningHost;
  core: ConsoleCore;
  /** The throwaway folder the core keeps its settings in. */
  userDataDir: string;
  /** Uncaught page errors and console errors (CSP violations land here): assert it stays empty. */
  pageErrors: string[];
  close(): Promise<void>;
}

export interface OpenConsoleOptions extends BrowserModeOptions {
  /** Navigate to the printed URL and wait for the page to load (default true). */
  open?: boolean;
  viewport?: { width: number; height: number };
  /** The browser's language (navigator.language): English unless a test is about another language. */
  locale?: string;
  /** Emulate the system's `prefers-reduced-motion` setting. */
  reducedMotion?: 'reduce' | 'no-preference';
}

/**
 * The whole console in browser mode, in-process, plus a Chromium page: start it in `beforeAll`, close
 * it in `afterAll`. Everything not given is isolated per call — a MemoryStore for secrets, a temp
 * user-data dir, a free port — and any other option goes straight to `createConsoleCore`.
 */
export async function openConsole(options: OpenConsoleOptions = {}): Promise<ConsoleSession> {
  const {
    open = true,
    viewport = { width: 1280, height: 800 },
    locale = 'en-US',
    reducedMotion = 'no-preference',
    ...modeOptions
  } = options;
  const userDataDir = modeOptions.userDataDir ?? mkdtempSync(join(tmpdir(), 'gateway-console-e2e-'));
  const ownsUserDataDir = modeOptions.userDataDir === undefined;
  const running = await startBrowserMode({
    credentials: new MemoryStore(),
    port: 0,
    ...modeOptions,
    userDataDir,
  });
  let browser: Browser | null = null;
  try {
    browser = await launchChromium();
    const context = await browser.newContext({ viewport, locale, reducedMotion });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    if (open) await page.goto(running.host.url);
    const openedBrowser = browser;
    return {
      page,
      context,
      browser: openedBrowser,
      host: running.host,
      core: running.core,
      userDataDir,
      pageErrors,
      close: async () => {
        await openedBrowser.close().catch(() => {});
        await running.close();
        if (ownsUserDataDir) rmSync(userDataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await browser?.close().catch(() => {});
    await running.close();
    if (ownsUserDataDir) rmSync(userDataDir, { recursive: true, force: true });
    throw error;
  }
}
