/**
 * Electron's security checklist (electronjs.org/docs/latest/tutorial/security), item by item. Items
 * already pinned by the shell's own tests are mapped here rather than repeated; the rest are tested below.
 *
 *  1 Only load secure content ........... no remote content at all: session-guards.test (requests other than
 *                                          app:, data:, devtools: are cancelled) + "renderer references no
 *                                          remote resource" below
 *  2 No Node.js integration ............. main-window.test, built-main.test (HARDENED_WEB_PREFERENCES)
 *  3 Context isolation .................. main-window.test, built-main.test
 *  4 Process sandboxing ................. main-window.test (sandbox), built-main.test (app.enableSandbox)
 *  5 Session permission requests ........ session-guards.test (every permission and device denied)
 *  6 Do not disable webSecurity ......... main-window.test
 *  7 Content Security Policy ............ renderer-protocol.test, host-server.test; + same policy both shells below
 *  8 No allowRunningInsecureContent ..... main-window.test
 *  9 No experimental features ........... main-window.test
 * 10 No enableBlinkFeatures ............. below
 * 11 <webview> allowpopups .............. webviewTag false (main-window.test); + no <webview> in the renderer below
 * 12 Verify WebView options ............. navigation-guards.test (will-attach-webview prevented)
 * 13 Limit navigation ................... navigation-guards.test, built-main.test
 * 14 Limit new windows .................. navigation-guards.test (setWindowOpenHandler denies)
 * 15 shell.openExternal ................. navigation-guards.test (safeOpenExternal); + one chokepoint below
 * 16 Current Electron ................... below
 * 17 Validate IPC senders ............... ipc-handlers.test; + ipcMain used only by the wrapper below
 * 18 No file://, a custom protocol ...... renderer-protocol.test, built-main.test (app://console); + no file: loads below
 * 19 Fuses .............................. packaging.test (electronFuses pinned)
 * 20 No Electron APIs to web content .... built-preload.test (only window.consoleApi); + no `remote` below
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mainWindowOptions } from '../../../src-main/window/create-main-window';
import { CONTENT_SECURITY_POLICY } from '../../../src-main/security/content-security-policy';
import { builtFile, PROJECT_ROOT } from '../shell/built-output';

const SOURCE_ROOTS = ['src-main', 'src-renderer/src', 'src-shared'];

function sourceFiles(): Array<{ path: string; text: string }> {
  const out: Array<{ path: string; text: string }> = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|vue|html)$/.test(entry.name))
        out.push({ path: relative(PROJECT_ROOT, path), text: readFileSync(path, 'utf8') });
    }
  };
  for (const root of SOURCE_ROOTS) walk(join(PROJECT_ROOT, root));
  return out;
}
const SOURCES = sourceFiles();
/** Source files (relative paths) whose code matches `pattern`, comments stripped so prose cannot trip it. */
const filesMatching = (pattern: RegExp): string[] =>
  SOURCES.filter(({ text }) => pattern.test(text.replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, ''))).map(
    ({ path }) => path,
  );

describe('Electron security checklist', () => {
  it('10: no Blink features are switched on, anywhere', () => {
    const { webPreferences } = mainWindowOptions({ width: 1200, height: 800 }, '/preload.cjs');
    expect(webPreferences).not.toHaveProperty('enableBlinkFeatures');
    expect(filesMatching(/enableBlinkFeatures|--enable-blink-features|enable-experimental-web-platform/)).toEqual([]);
  });

  it('11: the renderer contains no <webview> (so no allowpopups either)', () => {
    expect(filesMatching(/<webview\b|allowpopups/i)).toEqual([]);
  });

  it('15: shell.openExternal is called in exactly one place, the safeOpenExternal chokepoint', () => {
    expect(filesMatching(/\bopenExternal\s*\(/)).toEqual(['src-main/window/safe-open-external.ts']);
    // The built bundle too: a bundler-inlined second call would bypass the URL checks.
    const built = readFileSync(builtFile('main/index.js'), 'utf8');
    expect(built.match(/\.openExternal\s*\(/g)).toHaveLength(1);
  });

  it('16: the Electron in use is a current major that package.json pins', () => {
    const installed = JSON.parse(readFileSync(join(PROJECT_ROOT, 'node_modules/electron/package.json'), 'utf8')) as {
      version: string;
    };
    const pinned = (
      JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
        devDependencies: Record<string, string>;
      }
    ).devDependencies.electron;
    const major = Number(installed.version.split('.')[0]);
    // Electron supports the latest three majors; 45 was current when this console was built.
    expect(major).toBeGreaterThanOrEqual(45);
    expect(pinned).toMatch(new RegExp(`^[~^]?${major}\\b`));
  });

  it('17: ipcMain is touched only by the sender-checking wrapper', () => {
    expect(filesMatching(/\bipcMain\s*\.\s*(handle|handleOnce|on|once|addListener)\s*\(|\bipc\.handle\s*\(/)).toEqual([
      'src-main/ipc/register-ipc-handlers.ts',
    ]);
  });

  it('18: nothing is loaded from file: — windows load app://console only', () => {
    expect(filesMatching(/\.loadFile\s*\(|loadURL\s*\(\s*[`'"]file:/)).toEqual([]);
    expect(readFileSync(builtFile('main/index.js'), 'utf8')).not.toMatch(/\.loadFile\s*\(/);
  });

  it('20: no `remote` module: not a dependency, not imported, not enabled', () => {
    const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
    const deps = {
      ...(pkg.dependencies as object),
      ...(pkg.devDependencies as object),
      ...(pkg.optionalDependencies as object),
    };
    expect(Object.keys(deps)).not.toContain('@electron/remote');
    expect(
      filesMatching(/@electron\/remote|enableRemoteModule|\bremote\s*\.\s*(getGlobal|require|BrowserWindow)/),
    ).toEqual([]);
  });

  it('1: the built renderer references no remote script, style or frame', () => {
    const html = readFileSync(builtFile('renderer/index.html'), 'utf8');
    expect(html).not.toMatch(/<(script|link|iframe|img)[^>]+(src|href)=["']?(https?:)?\/\//i);
  });

  it('7: both shells send the same policy, and it allows no remote script or connection', () => {
    const directives = Object.fromEntries(
      CONTENT_SECURITY_POLICY.split(';').map((part) => {
        const [name = '', ...values] = part.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(directives['script-src']).toEqual(["'self'"]);
    for (const directive of ['default-src', 'script-src', 'connect-src'])
      expect(directives[directive]?.join(' ') ?? '').not.toMatch(/https?:|\*|'unsafe-eval'/);
    // One definition feeds the app:// protocol and the browser-mode host: no second, drifting policy.
    // The only other one is the report files' own, stricter policy (QA evidence, shop certification): they
    // may fetch nothing at all.
    expect(filesMatching(/Content-Security-Policy|default-src/)).toEqual([
      'src-main/security/content-security-policy.ts',
      'src-shared/qa/report-text.ts',
    ]);
    expect(readFileSync(join(PROJECT_ROOT, 'src-shared/qa/report-text.ts'), 'utf8')).toContain(
      `content="default-src 'none'; style-src 'unsafe-inline'"`,
    );
  });
});
