import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { defaultUserDataDir } from '../core/paths';
import { sandboxWebhookSecret } from '../core/sandbox';
import { encryptNotification, NotificationCryptoError } from '../notifications/notification-crypto';
import { processIo, type CliIo } from './cli-io';
import type { CliCommand } from './cli-command';
import { terminalText } from '../common/terminal-text';

const HELP = `Usage: gateway-console encrypt-notification --file plain.json [--iv B64] [--user-data-dir DIR]

Makes up a notification to test a shop's handler: encrypts it the way the gateway does (AES-256-GCM,
no AAD, tag separate) with the Sandbox's own webhook secret, and prints {"iv", "tag", "body"}: the
X-Initialization-Vector and X-Authentication-Tag headers and the request body. Give the handler under
test the Sandbox's webhook secret to accept it.

It takes no other secret: a made-up notification encrypted with a test or production profile's webhook
secret is one that shop would believe although the gateway never sent it.

  --file F             the plaintext notification (UTF-8 JSON), sent byte for byte
  --iv B64             IV to use (base64, 12 bytes); default a fresh random one — never reuse an IV with a key
  --user-data-dir DIR  the console's user-data folder, where the Sandbox keeps its secret
                       (default: ~/.config/Gateway Console)
  -h, --help           this text

Exit codes: 0 encrypted; 1 no Sandbox secret yet, bad IV or plaintext (the error names which); 2 usage error.`;

/** Options that would bring a secret other than the Sandbox's: named in the refusal. */
const REFUSED_SECRET_OPTIONS = ['secret', 'secret-env', 'secret-file'] as const;

export async function runEncryptNotification(args: string[], io: CliIo = processIo): Promise<number> {
  const usage = (message: string): number => {
    io.stderr(`encrypt-notification: ${message}\nRun with --help for usage.\n`);
    return 2;
  };
  const failed = (code: string, message: string): number => {
    io.stderr(terminalText`encrypt-notification: ${code}: ${message}\n`);
    return 1;
  };
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        file: { type: 'string' },
        iv: { type: 'string' },
        'user-data-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        // Parsed only to refuse them by name rather than as unknown options.
        ...Object.fromEntries(REFUSED_SECRET_OPTIONS.map((name) => [name, { type: 'string' as const }])),
      },
    }));
  } catch (error) {
    return usage(error instanceof Error ? error.message : String(error));
  }
  if (values.help) {
    io.stdout(`${HELP}\n`);
    return 0;
  }
  const refused = REFUSED_SECRET_OPTIONS.filter((name) => values[name] !== undefined);
  if (refused.length > 0)
    return usage(
      `only-sandbox-secret: ${refused.map((name) => `--${name}`).join(', ')} not accepted. A made-up notification is encrypted only with the Sandbox's own webhook secret: with a test or production secret it would be a notification the shop believes and the gateway never sent. Nothing was encrypted.`,
    );
  const path = typeof values.file === 'string' ? values.file : undefined;
  if (path === undefined) return usage('--file is required.');
  const iv = typeof values.iv === 'string' ? values.iv : undefined;
  const userDataDir = typeof values['user-data-dir'] === 'string' ? values['user-data-dir'] : defaultUserDataDir();

  const secret = await sandboxWebhookSecret(userDataDir);
  if (!secret)
    return failed(
      'no-sandbox-secret',
      `the Sandbox in ${userDataDir} has no webhook secret yet: start the console once (it creates the Sandbox), or give --user-data-dir.`,
    );
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    return failed('file-unreadable', `cannot read --file ${path} (${code}).`);
  }
  let plaintext: string;
  try {
    plaintext = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return failed('plaintext-not-utf8', `${path} is not UTF-8 text.`);
  }
  try {
    JSON.parse(plaintext);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return failed('plaintext-not-json', `${path} is not JSON (${why}); the gateway only sends JSON.`);
  }
  try {
    const wire = encryptNotification({ secret, plaintext, ...(iv === undefined ? {} : { iv }) });
    io.stdout(`${JSON.stringify(wire, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof NotificationCryptoError) return failed(error.code, error.message);
    throw error;
  }
}

export const encryptNotificationCommand: CliCommand = {
  summary: "Make up a notification for a shop's handler, encrypted with the Sandbox's own webhook secret",
  run: (args) => runEncryptNotification(args),
};
