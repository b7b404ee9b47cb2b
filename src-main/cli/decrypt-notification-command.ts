import { readFile } from 'node:fs/promises';
import { decryptNotification } from '../notifications/notification-crypto';
import { parseSecretCommand, processIo, type CliIo } from './cli-io';
import type { CliCommand } from './cli-command';
import { terminalBlock, terminalText } from '../common/terminal-text';

const HELP = `Usage: gateway-console decrypt-notification --secret-env NAME --iv B64 --tag B64 [--body-file F]

Decrypts a merchant notification (AES-256-GCM, as the gateway sends it) and prints its plaintext JSON.
The body is read from --body-file, or from stdin when no file is given.

The webhook secret (base64 text decoding to 32 bytes, as shown in the back office), one of:
  --secret-env NAME  from environment variable NAME (recommended)
  --secret-file F    from file F (its first line); F = - reads it from stdin (then give --body-file)
  --secret B64       on the command line: discouraged, every user sees it in \`ps\` and it stays in
                     your shell history (a warning is printed)

  --iv B64           the X-Initialization-Vector header (base64, 12 bytes)
  --tag B64          the X-Authentication-Tag header (base64, 16 bytes)
  --body-file F      file holding the request body (base64 ciphertext)
  -h, --help         this text

Exit codes: 0 decrypted; 1 the notification could not be decrypted (the error names why); 2 usage error.`;

/** Runs the command against the given streams (tests pass captured ones). */
export async function runDecryptNotification(args: string[], io: CliIo = processIo): Promise<number> {
  const parsed = await parseSecretCommand(
    'decrypt-notification',
    args,
    { iv: { type: 'string' }, tag: { type: 'string' }, 'body-file': { type: 'string' } },
    HELP,
    io,
  );
  if ('exit' in parsed) return parsed.exit;
  const { values, secret, secretFromStdin, usage } = parsed;
  if (values.iv === undefined) return usage('--iv is required.');
  if (values.tag === undefined) return usage('--tag is required.');

  let body: string;
  const bodyFile = values['body-file'];
  if (bodyFile !== undefined) {
    try {
      body = await readFile(bodyFile, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      io.stderr(terminalText`decrypt-notification: file-unreadable: cannot read --body-file ${bodyFile} (${code}).\n`);
      return 1;
    }
  } else if (secretFromStdin) {
    return usage('the secret was read from stdin: give the body with --body-file.');
  } else if (io.stdinIsTty) {
    return usage('no body: pass --body-file F or pipe the body on stdin.');
  } else {
    body = (await io.readStdin()).toString('utf8');
  }

  const outcome = decryptNotification({ secret, iv: values.iv, tag: values.tag, body });
  if (!outcome.ok) {
    io.stderr(terminalText`decrypt-notification: ${outcome.error.code}: ${outcome.error.message}\n`);
    return 1;
  }
  // Notification text is from outside: control characters are shown escaped, never sent to the terminal.
  const shown = terminalBlock(outcome.plaintext);
  io.stdout(shown.endsWith('\n') ? shown : `${shown}\n`);
  return 0;
}

export const decryptNotificationCommand: CliCommand = {
  summary: 'Decrypt a merchant notification and print its JSON',
  run: (args) => runDecryptNotification(args),
};
