import type { CliCommand } from './cli-command';
import { createCommand } from './create-command';
import { mbwayCommand } from './mbway-command';
import { profilesCommand } from './profiles-command';
import { referenceCommand } from './reference-command';
import { serveCommand } from './serve-command';
import { statusCommand } from './status-command';
import { simulatorCommand } from './simulator-command';
import { decryptNotificationCommand } from './decrypt-notification-command';
import { encryptNotificationCommand } from './encrypt-notification-command';
import { openApiCommand } from './openapi-command';
import { runCommand } from './run-command';
import { certifyCommand } from './certify-command';
import { terminalText } from '../common/terminal-text';

const commands: Record<string, CliCommand> = {
  profiles: profilesCommand,
  create: createCommand,
  status: statusCommand,
  reference: referenceCommand,
  mbway: mbwayCommand,
  serve: serveCommand,
  simulator: simulatorCommand,
  'decrypt-notification': decryptNotificationCommand,
  'encrypt-notification': encryptNotificationCommand,
  openapi: openApiCommand,
  run: runCommand,
  certify: certifyCommand,
};

const usage = (): string =>
  [
    'Usage: gateway-console <command> [options]',
    '',
    'Commands:',
    ...Object.entries(commands).map(([name, command]) => `  ${name.padEnd(24)}${command.summary}`),
    '',
    'Run `gateway-console <command> --help` for the options of a command.',
  ].join('\n');

export async function runCli(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h') {
    process.stdout.write(`${usage()}\n`);
    return name ? 0 : 2;
  }
  const command = commands[name];
  if (!command) {
    process.stderr.write(terminalText`Unknown command "${name}".\n` + `${usage()}\n`);
    return 2;
  }
  return command.run(rest);
}
