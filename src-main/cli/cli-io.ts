import { parseArgs } from 'node:util';

/** The streams a CLI command uses, injectable so tests can run a command in-process and read what it printed. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Everything piped on stdin. */
  readStdin(): Promise<Buffer>;
  /** True when stdin is a terminal (nothing piped): reading it would wait for typing. */
  stdinIsTty: boolean;
}

export const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readStdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin as AsyncIterable<Buffer>) chunks.push(chunk);
    return Buffer.concat(chunks);
  },
  stdinIsTty: process.stdin.isTTY === true,
};

/**
 * The secret from `--secret` or from the environment variable named by `--secret-env` (which keeps it
 * out of shell history and the process list). Returns a usage problem as text instead.
 */
export function secretFromOptions(values: {
  secret?: string;
  'secret-env'?: string;
}): { secret: string } | { problem: string } {
  const envName = values['secret-env'];
  if (values.secret !== undefined && envName !== undefined)
    return { problem: 'give --secret or --secret-env, not both.' };
  if (envName !== undefined) {
    const secret = process.env[envName];
    return secret ? { secret } : { problem: `environment variable ${envName} is not set.` };
  }
  return values.secret === undefined
    ? { problem: '--secret (or --secret-env) is required.' }
    : { secret: values.secret };
}

const SECRET_OPTIONS = {
  secret: { type: 'string' },
  'secret-env': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type StringOptions<K extends string> = { [Name in K]: { type: 'string' } };

/**
 * The common front of the notification commands: parse the options (plus --secret, --secret-env, --help),
 * print the help, resolve the secret. Returns the values and secret, or the exit code to stop with.
 */
export function parseSecretCommand<K extends string>(
  command: string,
  args: string[],
  options: StringOptions<K>,
  help: string,
  io: CliIo,
): { values: { [Name in K]?: string }; secret: string; usage: (message: string) => number } | { exit: number } {
  const usage = (message: string): number => {
    io.stderr(`${command}: ${message}\nRun with --help for usage.\n`);
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
  const chosen = secretFromOptions(values as { secret?: string; 'secret-env'?: string });
  if ('problem' in chosen) return { exit: usage(chosen.problem) };
  return { values: values as { [Name in K]?: string }, secret: chosen.secret, usage };
}
