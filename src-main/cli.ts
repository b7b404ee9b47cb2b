/**
 * Headless CLI over the same core as the app: `gateway-console <command> [options]`.
 * Each command lives in ./cli/<command>.ts; this file only routes.
 */
import { runCli } from './cli/run-cli';

runCli(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`gateway-console: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
