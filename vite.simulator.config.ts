/**
 * The one-file standalone simulator: `out/simulator/gateway-simulator.mjs`, every dependency (zod,
 * undici) bundled in, only Node built-ins imported, so it runs with plain `node` on Node ≥ 20 in any
 * folder (e.g. another project's CI). Built by `npm run build` after the app.
 */
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

export default defineConfig({
  resolve: { alias: { '@shared': resolve(__dirname, 'src-shared') } },
  // SSR build = a Node target; noExternal bundles the npm dependencies instead of importing them.
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: resolve(__dirname, 'src-main/simulator-standalone.ts'),
    outDir: resolve(__dirname, 'out/simulator'),
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: false,
    rollupOptions: {
      output: { format: 'es', entryFileNames: 'gateway-simulator.mjs', codeSplitting: false },
    },
  },
});
