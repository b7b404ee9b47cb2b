import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import vue from '@vitejs/plugin-vue';

// An ES module (.mts): loaded natively, without the "ESM syntax in a CommonJS file" warning a .ts
// config printed at the start of every test run.
const root = dirname(fileURLToPath(import.meta.url));

const alias = {
  '@shared': resolve(root, 'src-shared'),
  // Tests never need Electron: the shell's own tests stub what they touch.
  electron: resolve(root, 'test/stubs/electron.ts'),
};

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'main',
          environment: 'node',
          include: ['test/main/**/*.test.ts', 'test/shared/**/*.test.ts'],
          testTimeout: 20_000,
        },
      },
      {
        plugins: [vue()],
        resolve: { alias },
        test: {
          name: 'renderer',
          environment: 'happy-dom',
          include: ['test/renderer/**/*.test.ts'],
          setupFiles: ['test/renderer/setup.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          // Builds out/ when a source is newer than the last build: E2E tests load the built renderer.
          globalSetup: ['test/support/e2e-global-setup.ts'],
          // One Chromium per file; files run one at a time to keep 2-core machines steady.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
