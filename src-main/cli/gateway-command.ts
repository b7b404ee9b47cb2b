import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { GatewayCallResult } from '@shared/contract/orders';
import type { ProfileSettingsInput } from '@shared/contract/profiles';
import { profileSettingsSchema } from '@shared/contract/profiles';
import { transactionIdProblem } from '@shared/contract/transaction-id';
import { ConsoleFailure } from '@shared/result';
import { createConsoleCore, type ConsoleCore } from '../core/console-core';
import { defaultUserDataDir } from '../core/paths';
import type { CredentialStore } from '../credentials/credential-store';
import { MemoryStore } from '../credentials/memory-store';
import { processIo, type CliIo } from './cli-io';
import { ENV_PROFILE_ID, openEnvironmentSignatures } from './follow-up-signature';
import { CLASSIFICATION_EXIT_CODES, EXIT_CODES_HELP, EXIT_REFUSED, EXIT_USAGE } from './exit-codes';
import type { CliCommand } from './cli-command';
import { terminalJson, terminalLine, terminalText } from '../common/terminal-text';
import { unlockVaultFor, vaultPassphraseFrom } from './vault-passphrase';

export const PROFILE_OPTIONS_HELP = `Profile:
  --profile P          a saved profile, by name or id
  (no --profile)       a profile from the environment: GATEWAY_BASE_URL, GATEWAY_TOKEN, GATEWAY_CLIENT_ID,
                       GATEWAY_TERMINAL_ID, GATEWAY_VARIANT (A or B), GATEWAY_CLIENT_ID_HEADER (optional),
                       GATEWAY_PATH_PREFIX (default /api), GATEWAY_VERSION (default v2), GATEWAY_TIMEOUT_MS
                       (whole-call deadline, default 30000). create keeps the
                       transaction's signature (encrypted, in the user-data folder, per gateway origin and
                       terminal) so reference / mbway find it; GATEWAY_TRANSACTION_SIGNATURE overrides it
  --user-data-dir DIR  where saved profiles and kept signatures live (default: ~/.config/Gateway Console)
  --vault-passphrase-file F
                       unlocks the encrypted file vault holding saved profiles' secrets (- reads stdin);
                       or set GATEWAY_VAULT_PASSPHRASE; in a terminal, without either, it is asked for.
                       Never given as an argument: it would show in ps
  --confirm AMOUNT     required on a production profile for create / reference / MB WAY: the amount you confirm
  --json               print the Exchange record as JSON instead of a summary`;

const commonOptions = {
  profile: { type: 'string' },
  'user-data-dir': { type: 'string' },
  'vault-passphrase-file': { type: 'string' },
  confirm: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

/** Injected by tests; otherwise the OS keychain (session memory when it is unavailable). */
export interface CliDeps {
  credentials?: CredentialStore;
}

export interface GatewayCommandContext {
  core: ConsoleCore;
  profileId: string;
  positionals: string[];
  values: Record<string, string | boolean | undefined>;
  confirmation: { profileName: string; amount: number } | undefined;
}

/**
 * The shape every gateway command shares: parse options, open the core on the chosen profile (saved or
 * from the environment), run one call, print the Exchange, exit with the code of its classification.
 */
export function gatewayCommand(spec: {
  summary: string;
  usage: string;
  extraOptions?: ParseArgsConfig['options'];
  /** Options of extraOptions that must be given. */
  required?: string[];
  positionals: number;
  /** The first positional is a transactionID: checked before anything is opened or sent. */
  transactionIdFirst?: boolean;
  call: (context: GatewayCommandContext) => Promise<GatewayCallResult>;
}): CliCommand & { runWith(args: string[], io?: CliIo, deps?: CliDeps): Promise<number> } {
  const runWith = async (args: string[], io: CliIo = processIo, deps: CliDeps = {}): Promise<number> => {
    let parsed;
    try {
      parsed = parseArgs({ args, options: { ...commonOptions, ...spec.extraOptions }, allowPositionals: true });
    } catch (error) {
      io.stderr(`${terminalLine((error as Error).message)}\n${spec.usage}\n`);
      return EXIT_USAGE;
    }
    const { values, positionals } = parsed;
    if (values.help) {
      io.stdout(`${spec.usage}\n\n${PROFILE_OPTIONS_HELP}\n\n${EXIT_CODES_HELP}\n`);
      return 0;
    }
    if (positionals.length !== spec.positionals) {
      io.stderr(`Expected ${spec.positionals} argument(s), got ${positionals.length}.\n${spec.usage}\n`);
      return EXIT_USAGE;
    }
    const idProblem = spec.transactionIdFirst ? transactionIdProblem(positionals[0]!) : null;
    if (idProblem) {
      io.stderr(`Refused, nothing was sent: the transaction id ${terminalLine(idProblem)}.\n`);
      return EXIT_REFUSED;
    }
    const given = values as Record<string, unknown>;
    const absent = (spec.required ?? []).filter((name) => given[name] === undefined);
    if (absent.length) {
      io.stderr(`${absent.map((name) => `--${name}`).join(', ')} is required.\n${spec.usage}\n`);
      return EXIT_USAGE;
    }
    // Gateway commands print only their result: the core's informational log lines would garble --json.
    process.env.GATEWAY_CONSOLE_QUIET = '1';
    const vault = await vaultPassphraseFrom(values['vault-passphrase-file'], io);
    if ('problem' in vault) {
      io.stderr(`${vault.problem}\n`);
      return EXIT_USAGE;
    }
    let opened: OpenedProfile;
    try {
      opened = await openProfile(values.profile, values['user-data-dir'], deps.credentials, vault.passphrase, io);
    } catch (error) {
      // The message names profiles and settings as they are stored: outside text.
      io.stderr(terminalText`${(error as Error).message}\n`);
      return EXIT_REFUSED;
    }
    try {
      const profile = opened.core.profiles.stored(opened.profileId);
      const amount = values.confirm === undefined ? undefined : Number(values.confirm);
      if (amount !== undefined && !Number.isFinite(amount)) {
        io.stderr(terminalText`--confirm must be an amount, got "${values.confirm}".\n`);
        return EXIT_USAGE;
      }
      const result = await spec.call({
        core: opened.core,
        profileId: opened.profileId,
        positionals,
        values: values as Record<string, string | boolean | undefined>,
        confirmation: amount === undefined ? undefined : { profileName: profile.name, amount },
      });
      io.stdout(values.json ? `${terminalJson(result.exchange)}\n` : describe(result));
      return CLASSIFICATION_EXIT_CODES[result.exchange.classification];
    } catch (error) {
      if (error instanceof ConsoleFailure) {
        const issues = (error.details as { issues?: Array<{ path: string; message: string }> } | undefined)?.issues;
        io.stderr(
          `${terminalLine(error.message)}\n${(issues ?? []).map((issue) => `  ${terminalLine(issue.path || '(body)')}: ${terminalLine(issue.message)}\n`).join('')}`,
        );
        return EXIT_REFUSED;
      }
      throw error;
    } finally {
      await opened.close();
    }
  };
  return { summary: spec.summary, run: (args) => runWith(args), runWith };
}

/** The Exchange as lines for a person; every value that came from outside is escaped (terminal-text.ts). */
function describe({ exchange }: GatewayCallResult): string {
  const t = terminalLine;
  const lines = [
    `${exchange.classification}: ${t(exchange.summary)}`,
    `  ${exchange.method} ${t(exchange.url)}${exchange.response ? ` → HTTP ${exchange.response.status}` : ''} (${Math.round(exchange.timings.durationMs)} ms${exchange.timings.attempts > 1 ? `, ${exchange.timings.attempts} attempts` : ''})`,
  ];
  if (exchange.returnStatus?.statusMsg)
    lines.push(`  returnStatus: ${t(exchange.returnStatus.statusCode)} ${t(exchange.returnStatus.statusMsg)}`);
  if (exchange.transactionID) lines.push(`  transactionID: ${t(exchange.transactionID)}`);
  if (exchange.merchantTransactionId) lines.push(`  merchantTransactionId: ${t(exchange.merchantTransactionId)}`);
  if (exchange.paymentStatus) lines.push(`  paymentStatus: ${t(exchange.paymentStatus)}`);
  if (exchange.suggestedAction) lines.push(`  next: ${t(exchange.suggestedAction)}`);
  for (const note of exchange.conformanceNotes) lines.push(`  conformance: ${t(note.path)}: ${t(note.message)}`);
  return `${lines.join('\n')}\n`;
}

interface OpenedProfile {
  core: ConsoleCore;
  profileId: string;
  close(): Promise<void>;
}

async function openProfile(
  nameOrId: string | undefined,
  userDataDir: string | undefined,
  credentials: CredentialStore | undefined,
  vaultPassphrase: string | null,
  io: CliIo,
): Promise<OpenedProfile> {
  if (nameOrId !== undefined) {
    // The CLI never starts the Sandbox: that would repoint the app's Sandbox profiles at a short-lived simulator.
    const core = await createConsoleCore({
      mode: 'browser',
      userDataDir: userDataDir ?? defaultUserDataDir(),
      simulator: false,
      team: { share: false },
      ...(credentials ? { credentials } : {}),
    });
    const profile = core.profiles.find(nameOrId);
    if (!profile) {
      // Quoted as JSON strings: a name holding `", "` cannot pose as two names (printed through terminalText).
      const names = (await core.profiles.list()).map((known) => JSON.stringify(known.name)).join(', ');
      await core.close();
      throw new Error(
        `There is no profile named or with id ${JSON.stringify(nameOrId)}. Profiles: ${names || 'none'}.`,
      );
    }
    try {
      await unlockVaultFor(core, profile.id, vaultPassphrase, io);
    } catch (error) {
      await core.close();
      throw error;
    }
    return { core, profileId: profile.id, close: () => core.close() };
  }
  return openEnvironmentProfile(userDataDir ?? defaultUserDataDir());
}

/** A one-off profile from environment variables (CI use): secrets in memory, settings in a throwaway folder. */
async function openEnvironmentProfile(signaturesDir: string): Promise<OpenedProfile> {
  const env = process.env;
  const missing = [
    'GATEWAY_BASE_URL',
    'GATEWAY_TOKEN',
    'GATEWAY_CLIENT_ID',
    'GATEWAY_TERMINAL_ID',
    'GATEWAY_VARIANT',
  ].filter((name) => !env[name]);
  if (missing.length)
    throw new Error(`Give --profile, or set ${missing.join(', ')} for a profile from the environment.`);
  const settings: ProfileSettingsInput = {
    name: 'Environment profile',
    environment: 'test',
    baseUrl: env.GATEWAY_BASE_URL!,
    terminalId: env.GATEWAY_TERMINAL_ID!,
    variant: env.GATEWAY_VARIANT!.toUpperCase() as 'A' | 'B',
    ...(env.GATEWAY_CLIENT_ID_HEADER ? { clientIdHeader: env.GATEWAY_CLIENT_ID_HEADER } : {}),
    ...(env.GATEWAY_PATH_PREFIX !== undefined ? { pathPrefix: env.GATEWAY_PATH_PREFIX } : {}),
    ...(env.GATEWAY_VERSION ? { version: env.GATEWAY_VERSION } : {}),
    ...(env.GATEWAY_TIMEOUT_MS ? { callTimeoutMs: Number(env.GATEWAY_TIMEOUT_MS) } : {}),
  };
  const parsed = profileSettingsSchema.safeParse(settings);
  if (!parsed.success)
    throw new Error(
      `The environment profile is invalid: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
    );
  const signatures = await openEnvironmentSignatures({
    userDataDir: signaturesDir,
    baseUrl: parsed.data.baseUrl,
    terminalId: parsed.data.terminalId,
    bearerToken: env.GATEWAY_TOKEN!,
    clientId: env.GATEWAY_CLIENT_ID!,
  });
  const userDataDir = await mkdtemp(join(tmpdir(), 'gateway-console-cli-'));
  const core = await createConsoleCore({
    mode: 'browser',
    userDataDir,
    credentials: new MemoryStore(),
    simulator: false,
    signatures,
  });
  const close = async () => {
    await core.close();
    await rm(userDataDir, { recursive: true, force: true });
  };
  try {
    await core.profiles.save({
      id: ENV_PROFILE_ID,
      managed: true,
      settings: parsed.data,
      secrets: { bearerToken: env.GATEWAY_TOKEN!, clientId: env.GATEWAY_CLIENT_ID! },
    });
  } catch (error) {
    await close();
    throw error;
  }
  return { core, profileId: ENV_PROFILE_ID, close };
}
