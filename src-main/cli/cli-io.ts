import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { readHiddenLine } from './hidden-prompt';
import { terminalStream, terminalText } from '../common/terminal-text';

/** The streams a CLI command uses, injectable so tests can run a command in-process and read what it printed. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Everything piped on stdin. */
  readStdin(): Promise<Buffer>;
  /** True when stdin is a terminal (nothing piped): reading it would wait for typing. */
  stdinIsTty: boolean;
  /** Asks at the terminal for a line that is not echoed (null: cancelled); absent where nobody can type. */
  promptHidden?(question: string): Promise<string | null>;
}

/**
 * The real streams. Each command escapes the outside values it prints (terminalText); this last pass keeps
 * any control sequence that slipped through one from reaching the terminal (line breaks and tabs kept).
 */
export const processIo: CliIo = {
  stdout: (text) => process.stdout.write(terminalStream(text)),
  stderr: (text) => process.stderr.write(terminalStream(text)),
  readStdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin as AsyncIterable<Buffer>) chunks.push(chunk);
    return Buffer.concat(chunks);
  },
  stdinIsTty: process.stdin.isTTY === true,
  promptHidden: (question) => readHiddenLine(question, process.stdin, process.stderr),
};

/** Said on stderr whenever a secret is given on the command line. */
export const SECRET_ARGUMENT_WARNING =
  'warning: --secret puts the webhook secret in the process list (ps) and your shell history; prefer --secret-env NAME or --secret-file F.';

/**
 * The secret from `--secret-env NAME` (an environment variable), `--secret-file F` (a file, `-` for
 * stdin) or `--secret` (discouraged: visible to every user in `ps`). Exactly one must be given.
 * Returns a usage problem as text instead.
 */
export async function secretFromOptions(
  values: { secret?: string; 'secret-env'?: string; 'secret-file'?: string },
  io: CliIo,
): Promise<{ secret: string } | { problem: string }> {
  const given = (['secret', 'secret-env', 'secret-file'] as const).filter((name) => values[name] !== undefined);
  if (given.length > 1)
    return {
      problem: `give one of --secret-env, --secret-file or --secret, not ${given.map((name) => `--${name}`).join(' and ')}.`,
    };
  const envName = values['secret-env'];
  if (envName !== undefined) {
    const secret = process.env[envName];
    return secret ? { secret } : { problem: `environment variable ${envName} is not set.` };
  }
  const file = values['secret-file'];
  if (file !== undefined) {
    let text: string;
    try {
      text = file === '-' ? (await io.readStdin()).toString('utf8') : await readFile(file, 'utf8');
    } catch (error) {
      return {
        problem: `cannot read --secret-file ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)}).`,
      };
    }
    const secret = text.trim();
    return secret ? { secret } : { problem: `--secret-file ${file} is empty.` };
  }
  if (values.secret === undefined) return { problem: '--secret-env NAME or --secret-file F is required.' };
  io.stderr(`${SECRET_ARGUMENT_WARNING}\n`);
  return { secret: values.secret };
}

const SECRET_OPTIONS = {
  secret: { type: 'string' },
  'secret-env': { type: 'string' },
  'secret-file': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type StringOptions<K extends string> = { [Name in K]: { type: 'string' } };

/**
 * The common front of the notification commands: parse the options (plus the secret options and --help),
 * print the help, resolve the secret. Returns the values and secret, or the exit code to stop with.
 */
export async function parseSecretCommand<K extends string>(
  command: string,
  args: string[],
  options: StringOptions<K>,
  help: string,
  io: CliIo,
): Promise<
  | {
      values: { [Name in K]?: string };
      secret: string;
      /** The secret came from stdin (`--secret-file -`): stdin is not there for anything else. */
      secretFromStdin: boolean;
      usage: (message: string) => number;
    }
  | { exit: number }
> {
  const usage = (message: string): number => {
    io.stderr(terminalText`${command}: ${message}\n` + 'Run with --help for usage.\n');
    return 2;
  };
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args, options: { ...options, ...SECRET_OPTIONS } }));
  } catch (error) {
    return { exit: usage(error instanceof Error ? error.message : String(error)) };
  }
  if (values.help) {
    io.stdout(`${help}\n`);
    return { exit: 0 };
  }
  const chosen = await secretFromOptions(
    values as { secret?: string; 'secret-env'?: string; 'secret-file'?: string },
    io,
  );
  if ('problem' in chosen) return { exit: usage(chosen.problem) };
  return {
    values: values as { [Name in K]?: string },
    secret: chosen.secret,
    secretFromStdin: values['secret-file'] === '-',
    usage,
  };
}
