import { readFile } from 'node:fs/promises';
import { decryptNotification } from '../notifications/notification-crypto';
import { parseSecretCommand, processIo, type CliIo } from './cli-io';
import type { CliCommand } from './cli-command';

const HELP = `Usage: gateway-console decrypt-notification --secret B64 --iv B64 --tag B64 [--body-file F]

Decrypts a merchant notification (AES-256-GCM, as the gateway sends it) and prints its plaintext JSON.
The body is read from --body-file, or from stdin when no file is given.

  --secret B64       webhook secret: base64 text decoding to 32 bytes (as shown in the back office)
  --secret-env NAME  read the secret from environment variable NAME instead (keeps it out of shell history)
  --iv B64           the X-Initialization-Vector header (base64, 12 bytes)
  --tag B64          the X-Authentication-Tag header (base64, 16 bytes)
  --body-file F      file holding the request body (base64 ciphertext)
  -h, --help         this text

Exit codes: 0 decrypted; 1 the notification could not be decrypted (the error names why); 2 usage error.`;

/** Runs the command against the given streams (tests pass captured ones). */
export async function runDecryptNotification(args: string[], io: CliIo = processIo): Promise<number> {
  const parsed = parseSecretCommand(
    'decrypt-notification',
    args,
    { iv: { type: 'string' }, tag: { type: 'string' }, 'body-file': { type: 'string' } },
    HELP,
    io,
  );
  if ('exit' in parsed) return parsed.exit;
  const { values, secret, usage } = parsed;
  if (values.iv === undefined) return usage('--iv is required.');
  if (values.tag === undefined) return usage('--tag is required.');

  let body: string;
  const bodyFile = values['body-file'];
  if (bodyFile !== undefined) {
    try {
      body = await readFile(bodyFile, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      io.stderr(`decrypt-notification: file-unreadable: cannot read --body-file ${bodyFile} (${code}).\n`);
      return 1;
    }
  } else if (io.stdinIsTty) {
    return usage('no body: pass --body-file F or pipe the body on stdin.');
  } else {
    body = (await io.readStdin()).toString('utf8');
  }

  const outcome = decryptNotification({ secret, iv: values.iv, tag: values.tag, body });
  if (!outcome.ok) {
    io.stderr(`decrypt-notification: ${outcome.error.code}: ${outcome.error.message}\n`);
    return 1;
  }
  io.stdout(outcome.plaintext.endsWith('\n') ? outcome.plaintext : `${outcome.plaintext}\n`);
  return 0;
}

export const decryptNotificationCommand: CliCommand = {
  summary: 'Decrypt a merchant notification and print its JSON',
  run: (args) => runDecryptNotification(args),
};
