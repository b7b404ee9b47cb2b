/**
 * Chart.js is fetched only when History's chart is drawn: neither the app's first load nor opening History
 * pays for it. Reads the built renderer (out/renderer, built when stale, as `npm test` does).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildIfStale, eagerScripts } from '../../bench/browser-mode.bench';
import { OUT_DIR } from './built-output';

const RENDERER = join(OUT_DIR, 'renderer');
const ASSETS = join(RENDERER, 'assets');
/** A property name Chart.js sets on the arrays it observes; minifiers keep property names. */
const CHART_JS_MARKER = '_chartjs';

const code = (file: string) => readFileSync(file, 'utf8');
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g;

/** `file` and every chunk it imports statically (what the browser fetches before the chunk runs). */
function withStaticImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const match of code(file).matchAll(STATIC_IMPORT)) withStaticImports(resolve(dirname(file), match[1]!), seen);
  return seen;
}

describe('Chart.js loads only when the chart is shown', () => {
  beforeAll(() => buildIfStale(), 300_000);

  it('defect: Chart.js loaded with History although most visits never open the chart — it is a chunk of its own', () => {
    const chunks = readdirSync(ASSETS).filter((name) => name.endsWith('.js'));
    const withChart = chunks.filter((name) => code(join(ASSETS, name)).includes(CHART_JS_MARKER));
    expect(withChart).toHaveLength(1);

    const eager = eagerScripts(RENDERER).map((script) => join(RENDERER, script.file));
    const history = chunks.filter((name) => name.startsWith('HistoryView-')).map((name) => join(ASSETS, name));
    expect(history).toHaveLength(1);
    const onHistoryOpen = withStaticImports(history[0]!);
    for (const file of [...eager, ...onHistoryOpen]) expect(code(file), file).not.toContain(CHART_JS_MARKER);
    // …and History can still reach it, by a dynamic import.
    const chartChunk = withChart[0]!;
    expect([...onHistoryOpen].some((file) => code(file).includes(`import("./${chartChunk}")`))).toBe(true);
  });
});
