/**
 * The gateway SDK (src-main/gateway) built on its own for the sdk-status benchmark, the way the app's main
 * process ships it (electron.vite.config.ts): bundled by Vite with the same `@shared` alias, npm
 * dependencies (undici, zod) left in node_modules, CommonJS, not minified. Written to node_modules/.cache,
 * rebuilt by test/support/vite-build.ts when a source is newer.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export default defineConfig({
  root,
  resolve: { alias: { '@shared': resolve(root, 'src-shared') } },
  // SSR build = a Node target; its default externals keep node_modules out of the bundle, like the main build.
  ssr: { target: 'node' },
  build: {
    ssr: resolve(root, 'src-main/gateway/index.ts'),
    outDir: resolve(root, 'node_modules/.cache/bench-sdk'),
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: false,
    rollupOptions: {
      output: { format: 'cjs', entryFileNames: 'gateway.cjs', codeSplitting: false },
    },
  },
});
