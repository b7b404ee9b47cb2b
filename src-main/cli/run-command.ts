/**
 * `gateway-console run PATH… [--builtin] [--profile P] [--report DIR] [--junit FILE]`: runs scenario
 * files (and/or the built-in library) with the same runner as the Scenarios screen. Without --profile it
 * starts its own Sandbox simulator with throwaway credentials in memory — no app, no keychain. Exit 0 only
 * when every scenario passed.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { reportFormatSchema, type ScenarioResult } from '@shared/contract/qa';
import { buildReport } from '@shared/qa/reports';
import { stepFailureText } from '@shared/qa/report-text';
import { createConsoleCore, type ConsoleCore } from '../core/console-core';
import { defaultUserDataDir } from '../core/paths';
import { SANDBOX_PROFILES } from '../core/sandbox';
import type { CredentialStore } from '../credentials/credential-store';
import { MemoryStore } from '../credentials/memory-store';
import { builtinScenarios } from '../qa/builtin';
import { qaProfileOf, runnerDepsFor } from '../core/qa-bindings';
import { redactReport } from '../qa/redact-report';
import { formatProblem } from '../qa/scenario-loader';
import { loadScenarioPaths } from '../qa/scenario-files';
import { ScenarioRunner, type QaProfile } from '../qa/scenario-runner';
import { ConsoleFailure } from '@shared/result';
import { processIo, type CliIo } from './cli-io';
import { EXIT_REFUSED, EXIT_USAGE } from './exit-codes';
import type { CliCommand } from './cli-command';
import { unlockVaultFor, vaultPassphraseFrom } from './vault-passphrase';
import { terminalLine, terminalText } from '../common/terminal-text';

/** Some scenario failed, was skipped or could not run. */
export const EXIT_SCENARIOS_FAILED = 1;
/** Stopped with Ctrl+C (the shell's convention for SIGINT: 128 + 2); the partial reports were written. */
export const EXIT_INTERRUPTED = 130;

const USAGE = `Usage: gateway-console run [PATH…] [--builtin] [--profile P] [--report DIR] [--junit FILE]

Runs scenario files (YAML or JSON; folders are searched) with the console's scenario runner.
  --builtin            also run the built-in library (every documented flow, the error table, notifications)
  --profile P          run against a saved profile (name or id); Sandbox-only steps are then skipped.
                       Without it the command starts its own Sandbox simulator (no app, no keychain needed).
  --user-data-dir DIR  where saved profiles live (with --profile)
  --vault-passphrase-file F
                       with --profile whose secrets are in the encrypted file vault: its passphrase (- reads
                       stdin); or set GATEWAY_VAULT_PASSPHRASE; in a terminal, without either, it is asked for
  --tester NAME        who ran it, shown in the reports
  --report DIR         write report.html, report.json, report.junit.xml and summary.md to DIR
  --junit FILE         write JUnit XML to FILE
  --confirm-production NAME
                       needed when a scenario polls a production profile: that profile's name
  --quiet              print only failures and the summary

Ctrl+C stops the run: a call already sent finishes, nothing further is sent, and the reports are
written with what ran (a second Ctrl+C ends the process at once).
On a test or production profile pollUntil waits at least 1 s between queries (or the gateway's
Retry-After) and a run sends at most 60 polling queries.

Exit codes: 0 every scenario passed; 1 a scenario failed or was skipped; 2 usage error;
3 a scenario file is invalid or the profile cannot be used; 130 stopped with Ctrl+C.`;

export interface RunCommandDeps {
  credentials?: CredentialStore;
}

interface OpenedTarget {
  core: ConsoleCore;
  profiles: Partial<Record<'A' | 'B', QaProfile>>;
  close(): Promise<void>;
}

async function openTarget(
  profile: string | undefined,
  userDataDir: string | undefined,
  deps: RunCommandDeps,
  vault: { passphrase: string | null; io: CliIo },
): Promise<OpenedTarget> {
  if (profile === undefined) {
    const dir = await mkdtemp(join(tmpdir(), 'gateway-console-run-'));
    const core = await createConsoleCore({ mode: 'browser', userDataDir: dir, credentials: new MemoryStore() });
    return {
      core,
      profiles: Object.fromEntries(SANDBOX_PROFILES.map((sandbox) => [sandbox.variant, qaProfileOf(core, sandbox.id)])),
      close: async () => {
        await core.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  const core = await createConsoleCore({
    mode: 'browser',
    userDataDir: userDataDir ?? defaultUserDataDir(),
    simulator: false,
    team: { share: false },
    ...(deps.credentials ? { credentials: deps.credentials } : {}),
  });
  const found = core.profiles.find(profile);
  if (!found) {
    await core.close();
    throw new Error(`There is no profile named or with id ${JSON.stringify(profile)}.`);
  }
  try {
    await unlockVaultFor(core, found.id, vault.passphrase, vault.io);
  } catch (error) {
    await core.close();
    throw error;
  }
  const qaProfile = qaProfileOf(core, found.id);
  return { core, profiles: { [qaProfile.variant]: qaProfile }, close: () => core.close() };
}

const mark = (scenario: ScenarioResult): string =>
  scenario.status === 'passed' ? 'PASS' : scenario.status === 'failed' ? 'FAIL' : 'SKIP';

export async function runScenariosCommand(
  args: string[],
  io: CliIo = processIo,
  deps: RunCommandDeps = {},
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        builtin: { type: 'boolean' },
        profile: { type: 'string' },
        'user-data-dir': { type: 'string' },
        'vault-passphrase-file': { type: 'string' },
        tester: { type: 'string' },
        report: { type: 'string' },
        junit: { type: 'string' },
        'confirm-production': { type: 'string' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    io.stderr(`${terminalLine((error as Error).message)}\n${USAGE}\n`);
    return EXIT_USAGE;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  if (!values.builtin && positionals.length === 0) {
    io.stderr(`Give scenario files or folders, or --builtin.\n${USAGE}\n`);
    return EXIT_USAGE;
  }
  const loaded = await loadScenarioPaths(positionals);
  if (loaded.problems.length) {
    io.stderr(
      `Scenario files with problems (nothing was run):\n${loaded.problems.map((problem) => terminalText`  ${formatProblem(problem)}\n`).join('')}`,
    );
    return EXIT_REFUSED;
  }
  const scenarios = [...(values.builtin ? builtinScenarios() : []), ...loaded.scenarios];
  process.env.GATEWAY_CONSOLE_QUIET = '1';
  const vault = await vaultPassphraseFrom(values['vault-passphrase-file'], io);
  if ('problem' in vault) {
    io.stderr(`${vault.problem}\n`);
    return EXIT_USAGE;
  }
  let target: OpenedTarget;
  try {
    target = await openTarget(values.profile, values['user-data-dir'], deps, { passphrase: vault.passphrase, io });
  } catch (error) {
    io.stderr(terminalText`${(error as Error).message}\n`);
    return EXIT_REFUSED;
  }
  // Ctrl+C stops the run cleanly (once): the reports below then hold what ran.
  const stopper = new AbortController();
  const interrupt = () => {
    io.stderr('\nStopping: the call under way finishes, nothing further is sent; writing the reports of what ran…\n');
    stopper.abort();
  };
  process.once('SIGINT', interrupt);
  try {
    const runner = new ScenarioRunner(
      runnerDepsFor(target.core, {
        onProgress: (_runId, scenario) => {
          if (scenario.status === 'running') return;
          if (values.quiet && scenario.status !== 'failed') return;
          // Scenario and step names, messages and values come from scenario files and the gateway.
          io.stdout(
            terminalText`${mark(scenario)}  ${scenario.name}  (${(scenario.durationMs / 1000).toFixed(2)} s)\n`,
          );
          const failed = scenario.steps.find((step) => step.status === 'failed');
          if (failed) io.stdout(`${stepFailureText(failed, terminalLine).replace(/^/gm, '      ')}\n`);
          else if (scenario.status === 'skipped' && scenario.message)
            io.stdout(terminalText`      ${scenario.message}\n`);
        },
      }),
    );
    const confirmed = values['confirm-production'];
    let run;
    try {
      io.stdout(`Running ${scenarios.length} scenario file(s) (Ctrl+C stops the run and writes what ran).\n`);
      run = await runner.run({
        scenarios,
        profiles: target.profiles,
        tester: values.tester ?? null,
        title: values.builtin && positionals.length === 0 ? 'Built-in scenario library' : 'Scenario run',
        signal: stopper.signal,
        ...(confirmed ? { productionConfirmation: { profileName: confirmed } } : {}),
      });
    } catch (error) {
      if (!(error instanceof ConsoleFailure)) throw error;
      io.stderr(`${error.message}${error.code === 'confirmation-required' ? ' (--confirm-production NAME)' : ''}\n`);
      return EXIT_REFUSED;
    }
    const { counts } = run;
    io.stdout(
      `\n${counts.total} scenarios: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`,
    );
    if (run.stopped) {
      const planned = scenarios.reduce((total, scenario) => total + (scenario.data?.length ?? 1), 0);
      io.stdout(`Stopped with Ctrl+C after ${counts.total} of ${planned} scenario runs; the reports hold what ran.\n`);
    }
    if (values.junit) {
      await mkdir(dirname(values.junit), { recursive: true });
      await writeFile(values.junit, buildReport(run, 'junit', redactReport).text);
      io.stdout(terminalText`JUnit XML: ${values.junit}\n`);
    }
    if (values.report) {
      await mkdir(values.report, { recursive: true });
      const names = { html: 'report.html', json: 'report.json', junit: 'report.junit.xml', markdown: 'summary.md' };
      for (const format of reportFormatSchema.options)
        await writeFile(join(values.report, names[format]), buildReport(run, format, redactReport).text);
      io.stdout(terminalText`Reports: ${values.report}\n`);
    }
    if (run.stopped) return EXIT_INTERRUPTED;
    return counts.total > 0 && counts.passed === counts.total ? 0 : EXIT_SCENARIOS_FAILED;
  } finally {
    process.off('SIGINT', interrupt);
    await target.close();
  }
}

export const runCommand: CliCommand = {
  summary: 'Run scenario files or the built-in library (--builtin); JUnit XML and HTML reports',
  run: (args) => runScenariosCommand(args),
};
