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
