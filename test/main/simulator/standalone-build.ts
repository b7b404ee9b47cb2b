/** The one-file simulator, (re)built with vite.simulator.config.mts when a source is newer than it. */
import { join } from 'node:path';
import { ensureViteBuilt, ROOT } from '../../support/vite-build';

const OUTPUT = 'out/simulator/gateway-simulator.mjs';
export const STANDALONE_FILE = join(ROOT, OUTPUT);

export const ensureStandaloneBuilt = (): string =>
  ensureViteBuilt({
    what: 'the standalone simulator',
    config: 'vite.simulator.config.mts',
    output: OUTPUT,
    sources: ['src-main', 'src-shared', 'package-lock.json'],
  });
