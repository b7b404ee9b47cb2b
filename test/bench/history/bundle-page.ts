import { resolve } from 'node:path';

/**
 * Bundles one page-side entry (test/bench/history/page/*) into a single IIFE script with Vite, in memory:
 * bench code for the browser stays out of the app's build.
 */
export async function bundlePageScript(entry: string): Promise<string> {
  const { build } = await import('vite');
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    resolve: { alias: { '@shared': resolve(__dirname, '../../../src-shared') } },
    build: {
      write: false,
      minify: false,
      lib: { entry, formats: ['iife'], name: 'benchPage', fileName: () => 'bench.js' },
    },
  });
  const results = Array.isArray(output) ? output : [output];
  for (const result of results)
    if ('output' in result)
      for (const chunk of result.output) if (chunk.type === 'chunk' && chunk.isEntry) return chunk.code;
  throw new Error(`Vite produced no script for ${entry}`);
}
