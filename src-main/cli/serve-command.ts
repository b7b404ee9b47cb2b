import { parseArgs } from 'node:util';
import { startBrowserMode, startLines } from '../host/browser-mode';
import type { CliCommand } from './cli-command';

const HELP = `Usage: gateway-console serve [--port N] [--user-data-dir DIR]

Runs the console in browser mode: the same handlers as the desktop app, over HTTP on 127.0.0.1.
Prints the URL to open (it carries a random session token).

  --port N             port to listen on (default: the port used last time with this
                       user-data folder, so the page keeps its origin; a free port if taken)
  --user-data-dir DIR  where profiles and settings are kept (default: ~/.config/Gateway Console)`;

export const serveCommand: CliCommand = {
  summary: 'Run the console in browser mode on 127.0.0.1',
  async run(args) {
    const { values } = parseArgs({
      args,
      options: {
        port: { type: 'string' },
        'user-data-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      process.stdout.write(`${HELP}\n`);
      return 0;
    }
    const port = values.port === undefined ? undefined : Number(values.port);
    if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) {
      process.stderr.write(`--port must be a whole number from 0 to 65535, got "${values.port}".\n`);
      return 2;
    }
    const running = await startBrowserMode({
      ...(port === undefined ? {} : { port }),
      ...(values['user-data-dir'] ? { userDataDir: values['user-data-dir'] } : {}),
    });
    for (const line of startLines(running)) process.stdout.write(`${line}\n`);
    const stop = () => {
      void running.close().then(() => process.exit(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    process.once('SIGHUP', stop);
    // Started by scripts/start.mjs with an IPC channel: its closing means the launcher is gone.
    if (process.send) process.once('disconnect', stop);
    return new Promise<number>(() => {});
  },
};
