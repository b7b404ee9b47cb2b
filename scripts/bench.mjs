// `npm run bench`: makes sure the system packages the benchmarks need are there (Chromium for the
// browser-mode and history figures, PostgreSQL for the team workspace figures), like `npm test` does, then runs test/bench/run.ts.
import { spawnSync } from 'node:child_process';
import { ensureSystemPackages } from './system-packages.mjs';

if (!ensureSystemPackages(console.log, ['chromium', 'postgresql'])) process.exit(1);
const result = spawnSync(
  'node_modules/.bin/tsx',
  ['--tsconfig', 'tsconfig.node.json', 'test/bench/run.ts', ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
