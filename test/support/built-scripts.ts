import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { eagerScripts } from '../bench/browser-mode.bench';

const RENDERER = resolve(__dirname, '../../out/renderer');

/**
 * The built renderer's JavaScript, as text: what index.html loads before the first paint (its entry,
 * preloads and their static imports) and the chunks fetched later.
 */
export function builtScripts(): { initial: string[]; lazy: string[] } {
  const initial = eagerScripts(RENDERER).map((script) => readFileSync(join(RENDERER, script.file), 'utf8'));
  const lazy = readdirSync(join(RENDERER, 'assets'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(join(RENDERER, 'assets', file), 'utf8'))
    .filter((code) => !initial.includes(code));
  return { initial, lazy };
}
