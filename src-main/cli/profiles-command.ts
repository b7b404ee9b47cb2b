import { parseArgs } from 'node:util';
import { createConsoleCore } from '../core/console-core';
import { defaultUserDataDir } from '../core/paths';
import { processIo, type CliIo } from './cli-io';
import { EXIT_USAGE } from './exit-codes';
import type { CliCommand } from './cli-command';
import { terminalJson, terminalText } from '../common/terminal-text';

const HELP = `Usage: gateway-console profiles list [--user-data-dir DIR] [--json]

Lists the saved profiles (secrets only as set / last four characters).`;

export async function runProfiles(args: string[], io: CliIo = processIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        'user-data-dir': { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    io.stderr(`${(error as Error).message}\n${HELP}\n`);
    return EXIT_USAGE;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout(`${HELP}\n`);
    return 0;
  }
  if (positionals.join(' ') !== 'list') {
    io.stderr(`${HELP}\n`);
    return EXIT_USAGE;
  }
  process.env.GATEWAY_CONSOLE_QUIET = '1';
  const core = await createConsoleCore({
    mode: 'browser',
    userDataDir: values['user-data-dir'] ?? defaultUserDataDir(),
    simulator: false,
    team: { share: false },
  });
  try {
    const profiles = await core.profiles.list();
    for (const problem of core.profiles.problems) io.stderr(terminalText`warning: ${problem}\n`);
    if (values.json) {
      io.stdout(`${terminalJson(profiles)}\n`);
      return 0;
    }
    if (profiles.length === 0) io.stdout('No profiles yet.\n');
    // Profile names and settings are text from a file (hand-edited, imported): shown, never obeyed.
    for (const profile of profiles) {
      const secrets = Object.entries(profile.secrets)
        .map(
          ([name, state]) =>
            terminalText`${name} ${state.set ? `set${state.last4 ? ` ••••${state.last4}` : ''}` : 'not set'}`,
        )
        .join(', ');
      io.stdout(
        terminalText`${profile.name}  [${profile.environment}, variant ${profile.variant}, terminal ${profile.terminalId}]\n` +
          terminalText`  id ${profile.id}\n  ${profile.baseUrl}${profile.pathPrefix}/${profile.version}\n` +
          `  ${secrets}\n`,
      );
    }
    io.stdout(terminalText`Keychain: ${core.credentials.status.detail}\n`);
    return 0;
  } finally {
    await core.close();
  }
}

export const profilesCommand: CliCommand = {
  summary: 'List saved profiles',
  run: (args) => runProfiles(args),
};
