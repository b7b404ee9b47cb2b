import { readFile } from 'node:fs/promises';
import { encryptNotification, NotificationCryptoError } from '../notifications/notification-crypto';
import { parseSecretCommand, processIo, type CliIo } from './cli-io';
import type { CliCommand } from './cli-command';
import { terminalText } from './terminal-text';

const HELP = `Usage: gateway-console encrypt-notification --secret-env NAME [--iv B64] --file plain.json

Encrypts a notification the way the gateway does (AES-256-GCM, no AAD, tag separate) and prints
{"iv", "tag", "body"}: the X-Initialization-Vector and X-Authentication-Tag headers and the request body.

The webhook secret (base64 text decoding to 32 bytes), one of:
  --secret-env NAME  from environment variable NAME (recommended)
  --secret-file F    from file F (its first line); F = - reads it from stdin
  --secret B64       on the command line: discouraged, every user sees it in \`ps\` (a warning is printed)

  --iv B64           IV to use (base64, 12 bytes); default a fresh random one — never reuse an IV with a key
  --file F           the plaintext notification (UTF-8 JSON), sent byte for byte
  -h, --help         this text

Exit codes: 0 encrypted; 1 bad secret, IV or plaintext (the error names which); 2 usage error.`;

export async function runEncryptNotification(args: string[], io: CliIo = processIo): Promise<number> {
  const parsed = await parseSecretCommand(
    'encrypt-notification',
    args,
    { iv: { type: 'string' }, file: { type: 'string' } },
    HELP,
    io,
  );
  if ('exit' in parsed) return parsed.exit;
  const { values, secret, usage } = parsed;
  const failed = (code: string, message: string): number => {
    io.stderr(terminalText`encrypt-notification: ${code}: ${message}\n`);
    return 1;
  };
  if (values.file === undefined) return usage('--file is required.');

  let bytes: Buffer;
  try {
    bytes = await readFile(values.file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    return failed('file-unreadable', `cannot read --file ${values.file} (${code}).`);
  }
  let plaintext: string;
  try {
    plaintext = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return failed('plaintext-not-utf8', `${values.file} is not UTF-8 text.`);
  }
  try {
    JSON.parse(plaintext);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return failed('plaintext-not-json', `${values.file} is not JSON (${why}); the gateway only sends JSON.`);
  }
  try {
    const wire = encryptNotification({ secret, plaintext, ...(values.iv === undefined ? {} : { iv: values.iv }) });
    io.stdout(`${JSON.stringify(wire, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof NotificationCryptoError) return failed(error.code, error.message);
    throw error;
  }
}

export const encryptNotificationCommand: CliCommand = {
  summary: 'Encrypt a notification JSON as the gateway does',
  run: (args) => runEncryptNotification(args),
};
