import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { mainText } from '@shared/console-text';
import { ConsoleFailure } from '@shared/result';
import type { ShopTrafficEntry } from '@shared/shop/traffic';
import { writeFileAtomic } from '../common/atomic-file';
import { terminalLine, terminalText } from '../common/terminal-text';
import { defaultUserDataDir } from '../core/paths';
import { ProfileFile } from '../core/profiles/profile-file';
import { ShopProxyControl } from '../core/shop-proxy-control';
import type { CliCommand } from './cli-command';
import { processIo, type CliIo } from './cli-io';
import { EXIT_REFUSED, EXIT_USAGE } from './exit-codes';

const HELP = `Usage: gateway-console proxy --profile P [--port N] [--confirm-profile NAME] [--scenario FILE]

Runs the recording proxy: point the shop's gateway base URL at the address it prints instead of the
test environment. Each call is forwarded once to the profile's address (nothing is retried), answered as
the gateway answered, and printed (credentials masked). Ctrl+C stops it.

  --profile P            a saved test profile, by name or id (its secrets are not needed: the shop sends its own)
  --port N               port to listen on (default: a free one)
  --confirm-profile NAME required for a production profile: its name, typed
  --scenario FILE        on stop, write the recording as a scenario file to replay on the Sandbox
  --user-data-dir DIR    where saved profiles live (default: ~/.config/Gateway Console)`;

/** One recorded call as one terminal-safe line. */
export function proxyLine(entry: ShopTrafficEntry): string {
  if (entry.kind !== 'call') return terminalText`#${entry.seq} notification ${entry.notificationID}\n`;
  const answer = entry.response
    ? `${entry.response.status}${entry.response.fault ? ` (${entry.response.fault})` : ''}`
    : 'no answer';
  return `${terminalLine(`#${entry.seq} ${entry.method} ${entry.path} → ${answer} ${Math.round(entry.durationMs)} ms`)}\n`;
}

/** Opens the saved profiles (settings only) as the proxy control's port: by id or exact name. */
async function savedProfiles(userDataDir: string) {
  const file = new ProfileFile(join(userDataDir, 'profiles.json'));
  await file.load();
  return {
    stored: (key: string) => {
      const profile = file.get(key) ?? file.list().find((candidate) => candidate.name === key);
      if (!profile) throw new ConsoleFailure('not-found', mainText('profileNotFound', { id: key }));
      return profile;
    },
  };
}

/** Starts the proxy as the command does; `stop()` ends it (and writes the scenario when asked). Tests call this. */
export async function startProxyCli(
  args: string[],
  io: CliIo = processIo,
): Promise<{ code: number; stop: () => Promise<void> } | number> {
  const { values } = parseArgs({
    args,
    options: {
      profile: { type: 'string' },
      port: { type: 'string' },
      'confirm-profile': { type: 'string' },
      scenario: { type: 'string' },
      'user-data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.stdout(`${HELP}\n`);
    return 0;
  }
  const port = values.port === undefined ? undefined : Number(values.port);
  if (!values.profile || (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535))) {
    io.stderr(`${HELP}\n`);
    return EXIT_USAGE;
  }
  const control = new ShopProxyControl({
    profiles: await savedProfiles(values['user-data-dir'] ?? defaultUserDataDir()),
  });
  let session;
  try {
    session = await control.start({
      profileId: values.profile,
      ...(port !== undefined ? { port } : {}),
      ...(values['confirm-profile'] !== undefined
        ? { productionConfirmation: { profileName: values['confirm-profile'] } }
        : {}),
    });
  } catch (error) {
    if (!(error instanceof ConsoleFailure)) throw error;
    io.stderr(`${terminalLine(error.message)}\n`);
    return EXIT_REFUSED;
  }
  io.stdout(terminalText`Recording proxy for "${session.profile.name}" → ${session.target.origin}\n`);
  io.stdout(terminalText`Shop's gateway base URL: ${session.apiUrl}\n`);
  const unsubscribe = control.onEntry((entry) => io.stdout(proxyLine(entry)));
  const stop = async (): Promise<void> => {
    unsubscribe();
    await control.stop();
    const findings = control.findings();
    io.stdout(`${findings.length} finding(s) in the recording.\n`);
    for (const finding of findings)
      io.stdout(
        `${terminalLine(`[${finding.severity}] ${finding.section}: ${finding.message} Fix: ${finding.fixMessage} (#${finding.seqs.join(', #')})`)}\n`,
      );
    const scenario = values.scenario;
    if (scenario === undefined) return;
    try {
      const built = control.scenario('Recorded shop session');
      await writeFileAtomic(scenario, built.text);
      io.stdout(
        terminalText`Scenario written to ${scenario} (${built.steps} steps, ${built.skipped.length} calls left out).\n`,
      );
    } catch (error) {
      if (!(error instanceof ConsoleFailure)) throw error;
      io.stderr(`${terminalLine(error.message)}\n`);
    }
  };
  return { code: 0, stop };
}

export const proxyCommand: CliCommand = {
  summary: 'Run the recording proxy between a shop and a test environment',
  async run(args) {
    const started = await startProxyCli(args);
    if (typeof started === 'number') return started;
    return new Promise<number>((resolve) => {
      const end = () => void started.stop().then(() => resolve(0));
      process.once('SIGINT', end);
      process.once('SIGTERM', end);
    });
  },
};
