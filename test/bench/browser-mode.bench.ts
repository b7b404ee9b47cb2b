/**
 * Browser mode as a user opens it, in real Chromium: time to interactive (from navigation start to the
 * app shell showing live `app.info` from the core) and the gzip size of the JavaScript the built
 * index.html loads eagerly (its entry script, modulepreloads and their static imports; lazy routes are
 * not counted). Builds out/ first when the sources are newer (scripts/build-if-stale.mjs).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { MemoryStore } from '../../src-main/credentials/memory-store';
import { startBrowserMode } from '../../src-main/host/browser-mode';
import { launchChromium } from '../support/chromium';
import { figure, type Benchmark } from './figures';

const ROOT = resolve(__dirname, '../..');
const RENDERER = join(ROOT, 'out/renderer');
const TARGET_TTI_MS = 1000;
const TARGET_GZIP_KB = 500;

export function buildIfStale(): void {
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build-if-stale.mjs')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the renderer build failed (scripts/build-if-stale.mjs)');
}

/** Every JS file index.html makes the browser fetch before first render, with its gzip size. */
export function eagerScripts(rendererDir: string): Array<{ file: string; bytes: number; gzip: number }> {
  const html = readFileSync(join(rendererDir, 'index.html'), 'utf8');
  const pending = [
    ...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g),
  ].map((match) => join(rendererDir, match[1]!));
  const seen = new Map<string, { file: string; bytes: number; gzip: number }>();
  while (pending.length) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    const code = readFileSync(file);
    seen.set(file, { file: file.slice(rendererDir.length + 1), bytes: code.length, gzip: gzipSync(code).length });
    // Static imports load with the file (`import{…}from"./x.js"`, `import"./x.js"`); `import("./x.js")` waits.
    for (const match of code.toString('utf8').matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g))
      pending.push(resolve(dirname(file), match[1]!));
  }
  return [...seen.values()];
}

/**
 * Records in the page when the shell first shows `Browser mode · v…`, on the navigation's clock
 * (performance.now() counts from navigation start). A string, not a function: tsx wraps functions in
 * helpers that do not exist in the page.
 */
const RECORD_INTERACTIVE = `
  const observer = new MutationObserver(() => {
    const tag = document.querySelector('[data-testid="app-mode"]');
    if (!tag || !tag.textContent.includes('Browser mode')) return;
    window.__interactiveAt = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
`;

async function timeToInteractive(browser: Browser, url: string): Promise<number> {
  // A new context per sample: empty cache and storage, as when the console is first opened.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript(RECORD_INTERACTIVE);
    await page.goto(url);
    await page.waitForFunction(() => (globalThis as unknown as { __interactiveAt?: number }).__interactiveAt, null, {
      timeout: 30_000,
    });
    if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
    return page.evaluate(() => (globalThis as unknown as { __interactiveAt: number }).__interactiveAt);
  } finally {
    await context.close();
  }
}

export const browserMode: Benchmark = {
  name: 'browser-mode',
  async run({ full, log }) {
    buildIfStale();
    const scripts = eagerScripts(RENDERER);
    const gzipKb = scripts.reduce((sum, script) => sum + script.gzip, 0) / 1024;
    log(
      `browser-mode: eager JS ${scripts.length} files, ${(scripts.reduce((sum, s) => sum + s.bytes, 0) / 1024).toFixed(0)} KB raw: ` +
        scripts.map((script) => `${script.file} ${(script.gzip / 1024).toFixed(1)} KB`).join(', '),
    );

    const userDataDir = mkdtempSync(join(tmpdir(), 'gateway-console-bench-'));
    const running = await startBrowserMode({ port: 0, userDataDir, credentials: new MemoryStore() });
    let browser: Browser | null = null;
    const samples: number[] = [];
    try {
      browser = await launchChromium();
      const first = await timeToInteractive(browser, running.host.url); // warm-up: Chromium's own first start
      for (let run = 0; run < (full ? 20 : 10); run += 1)
        samples.push(await timeToInteractive(browser, running.host.url));
      log(`browser-mode: first page in a fresh Chromium ${first.toFixed(0)} ms (not counted)`);
    } finally {
      await browser?.close();
      await running.close();
      rmSync(userDataDir, { recursive: true, force: true });
    }
    return [
      figure({
        figure: 'browser mode time to interactive (navigation → shell shows live app.info), fresh context',
        unit: 'ms',
        samples,
        target: `≤ ${TARGET_TTI_MS} ms`,
        pass: (value) => value <= TARGET_TTI_MS,
      }),
      figure({
        figure: 'initial JS loaded by index.html, gzip',
        unit: 'KB',
        samples: [gzipKb],
        target: `≤ ${TARGET_GZIP_KB} KB`,
        pass: (value) => value <= TARGET_GZIP_KB,
      }),
    ];
  },
};
