/**
 * Entry of the one-file simulator (`out/simulator/gateway-simulator.mjs`, built by
 * vite.simulator.config.mts): the `simulator` command alone, with every dependency bundled, so that
 * `node gateway-simulator.mjs --port 4010` runs on Node ≥ 20 without this repository or node_modules.
 */
import { simulatorCommand } from './cli/simulator-command';

const major = Number(process.versions.node.split('.')[0]);
if (major < 20) {
  process.stderr.write(`gateway-simulator needs Node.js 20 or later; this is ${process.version}.\n`);
  process.exit(1);
}

simulatorCommand.run(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`gateway-simulator: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
