/**
 * The one-file standalone simulator: `out/simulator/gateway-simulator.mjs`, every dependency (zod,
 * undici) bundled in, only Node built-ins imported, so it runs with plain `node` on Node ≥ 20 in any
 * folder (e.g. another project's CI). Built by `npm run build` after the app.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// An ES module (.mts): Vite loads it natively, without the "ESM syntax in a CommonJS file" warning a
// .ts config printed on every build (and so on `npm start` when it builds).
const root = dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  resolve: { alias: { '@shared': resolve(root, 'src-shared') } },
  // SSR build = a Node target; noExternal bundles the npm dependencies instead of importing them.
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: resolve(root, 'src-main/simulator-standalone.ts'),
    outDir: resolve(root, 'out/simulator'),
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: false,
    rollupOptions: {
      output: { format: 'es', entryFileNames: 'gateway-simulator.mjs', codeSplitting: false },
    },
  },
});
