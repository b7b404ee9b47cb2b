import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_ARGUMENT_WARNING, type CliIo } from '../../../src-main/cli/cli-io';
import { runDecryptNotification } from '../../../src-main/cli/decrypt-notification-command';
import { runEncryptNotification } from '../../../src-main/cli/encrypt-notification-command';
import { encryptNotification } from '../../../src-main/notifications/notification-crypto';
import { SANDBOX_CREDENTIALS_FILE } from '../../../src-main/core/sandbox';
import { FileCredentialStore } from '../../../src-main/credentials/file-store';

const secret = Buffer.alloc(32, 0x5a).toString('base64');
const plaintext = '{"notificationID":"n-1","paymentStatus":"Success","amount":{"value":"16.20","currency":"EUR"}}';
const dir = mkdtempSync(join(tmpdir(), 'notification-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string, content: string | Buffer): string => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

/** Runs a command in-process with captured streams and an optional piped stdin. */
async function run(command: typeof runDecryptNotification, args: string[], stdin?: string) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    readStdin: async () => Buffer.from(stdin ?? ''),
    stdinIsTty: stdin === undefined,
  };
  const code = await command(args, io);
  // `--secret` always warns first (tested below); the other tests look at what follows.
  return { code, stdout, stderr: stderr.replace(`${SECRET_ARGUMENT_WARNING}\n`, '') };
}

describe('decrypt-notification', () => {
  const wire = encryptNotification({ secret, plaintext });
  const base = ['--secret', secret, '--iv', wire.iv, '--tag', wire.tag];

  it('prints the plaintext JSON, body from a file', async () => {
    const result = await run(runDecryptNotification, [...base, '--body-file', file('body.txt', `${wire.body}\n`)]);
    expect(result).toEqual({ code: 0, stdout: `${plaintext}\n`, stderr: '' });
  });

  it('reads the body from stdin when no file is given', async () => {
    expect(await run(runDecryptNotification, base, wire.body)).toMatchObject({ code: 0, stdout: `${plaintext}\n` });
  });

  it('warns that --secret shows the key in the process list; --secret-env and --secret-file do not', async () => {
    let stderr = '';
    const io: CliIo = {
      stdout: () => undefined,
      stderr: (text) => (stderr += text),
      readStdin: async () => Buffer.from(wire.body),
      stdinIsTty: false,
    };
    expect(await runDecryptNotification(base, io)).toBe(0);
    expect(stderr).toMatch(/^warning: --secret puts the webhook secret in the process list \(ps\)/);
    stderr = '';
    const args = ['--secret-file', file('secret.txt', `${secret}\n`), '--iv', wire.iv, '--tag', wire.tag];
    expect(await runDecryptNotification(args, io)).toBe(0);
    expect(stderr).toBe('');
  });

  it('reads the secret from a file, or from stdin with --secret-file - (the body then from a file)', async () => {
    const fromFile = ['--secret-file', file('secret2.txt', secret), '--iv', wire.iv, '--tag', wire.tag];
    expect(await run(runDecryptNotification, fromFile, wire.body)).toMatchObject({ code: 0, stdout: `${plaintext}\n` });
    const fromStdin = ['--secret-file', '-', '--iv', wire.iv, '--tag', wire.tag];
    const bodyFile = file('body-for-stdin-secret.txt', wire.body);
    expect(await run(runDecryptNotification, [...fromStdin, '--body-file', bodyFile], `${secret}\n`)).toMatchObject({
      code: 0,
      stdout: `${plaintext}\n`,
    });
    expect(await run(runDecryptNotification, fromStdin, secret)).toMatchObject({ code: 2 });
    expect(await run(runDecryptNotification, [...fromFile, '--secret', secret], wire.body)).toMatchObject({ code: 2 });
  });

  it('--help recommends --secret-env and --secret-file over --secret', async () => {
    const { stdout } = await run(runDecryptNotification, ['--help']);
    expect(stdout).toMatch(/Usage: gateway-console decrypt-notification --secret-env NAME/);
    expect(stdout).toMatch(/--secret B64 .*discouraged/);
  });

  it('shows control characters from the notification escaped, never raw', async () => {
    // Valid JSON may carry C1 characters raw: U+009B is a one-byte CSI to many terminals.
    const hostile = `{"notificationID":"n-2","statusMsg":"\\u001b[2J \u009b31m red"}`;
    const wire2 = encryptNotification({ secret, plaintext: hostile });
    const result = await run(
      runDecryptNotification,
      ['--secret', secret, '--iv', wire2.iv, '--tag', wire2.tag],
      wire2.body,
    );
    expect(result.code).toBe(0);
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    expect(result.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(result.stdout).toContain('\\x9b31m');
  });

  it('reads the secret from an environment variable', async () => {
    process.env.TEST_WEBHOOK_SECRET = secret;
    const args = ['--secret-env', 'TEST_WEBHOOK_SECRET', '--iv', wire.iv, '--tag', wire.tag];
    expect(await run(runDecryptNotification, args, wire.body)).toMatchObject({ code: 0, stdout: `${plaintext}\n` });
    delete process.env.TEST_WEBHOOK_SECRET;
  });

  it.each([
    [
      'a wrong key',
      ['--secret', Buffer.alloc(32, 1).toString('base64'), '--iv', wire.iv, '--tag', wire.tag],
      'authentication-failed',
    ],
    ['a short IV', ['--secret', secret, '--iv', 'AAAAAAAA', '--tag', wire.tag], 'iv-wrong-length'],
    ['a non-base64 tag', ['--secret', secret, '--iv', wire.iv, '--tag', 'tag?'], 'tag-not-base64'],
  ])('exits 1 naming the error for %s', async (_label, args, code) => {
    const result = await run(runDecryptNotification, args, wire.body);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(new RegExp(`^decrypt-notification: ${code}: `));
  });

  it('exits 1 on an empty body and on a missing body file', async () => {
    expect((await run(runDecryptNotification, base, '')).stderr).toMatch(/body-empty/);
    const missing = await run(runDecryptNotification, [...base, '--body-file', join(dir, 'nope.txt')]);
    expect(missing).toMatchObject({ code: 1, stderr: expect.stringMatching(/file-unreadable.*ENOENT/) });
  });

  it('exits 2 on usage errors, and never waits on an interactive stdin', async () => {
    expect((await run(runDecryptNotification, ['--iv', wire.iv, '--tag', wire.tag], wire.body)).code).toBe(2);
    expect((await run(runDecryptNotification, [...base, '--bogus'], wire.body)).stderr).toMatch(/bogus/);
    expect(await run(runDecryptNotification, base)).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/no body/),
    });
  });

  it('--help explains the options', async () => {
    const result = await run(runDecryptNotification, ['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/--body-file F/);
  });
});

describe('encrypt-notification', () => {
  /** A user-data folder whose Sandbox has `secret` as its webhook secret, as the console leaves it. */
  const userData = mkdtempSync(join(tmpdir(), 'notification-cli-userdata-'));
  const sandboxSecret = Buffer.alloc(32, 0x3c).toString('base64');
  afterAll(() => rmSync(userData, { recursive: true, force: true }));
  const withSandbox = (...args: string[]) => ['--user-data-dir', userData, ...args];
  beforeAll(async () => {
    await new FileCredentialStore(join(userData, SANDBOX_CREDENTIALS_FILE)).set(
      'sandbox-a/webhookSecret',
      sandboxSecret,
    );
  });

  it('prints {iv, tag, body} encrypted with the Sandbox’s own secret, using the given IV', async () => {
    const iv = Buffer.alloc(12, 4).toString('base64');
    const result = await run(runEncryptNotification, withSandbox('--iv', iv, '--file', file('n.json', plaintext)));
    expect(result.code).toBe(0);
    const wire = JSON.parse(result.stdout) as { iv: string; tag: string; body: string };
    expect(Object.keys(wire)).toEqual(['iv', 'tag', 'body']);
    expect(wire.iv).toBe(iv);
    const back = await run(
      runDecryptNotification,
      ['--secret', sandboxSecret, '--iv', wire.iv, '--tag', wire.tag],
      wire.body,
    );
    expect(back.stdout).toBe(`${plaintext}\n`);
  });

  it('uses a fresh IV when none is given', async () => {
    const args = withSandbox('--file', file('n2.json', plaintext));
    const a = JSON.parse((await run(runEncryptNotification, args)).stdout) as { iv: string };
    const b = JSON.parse((await run(runEncryptNotification, args)).stdout) as { iv: string };
    expect(a.iv).not.toBe(b.iv);
  });

  it.each([['--secret'], ['--secret-env'], ['--secret-file']])(
    'encrypt-notification forges with a test or production webhook secret (%s): refused, nothing printed (issue 25 §3)',
    async (option) => {
      process.env.PRODUCTION_WEBHOOK_SECRET = secret;
      try {
        const value =
          option === '--secret-env'
            ? 'PRODUCTION_WEBHOOK_SECRET'
            : option === '--secret-file'
              ? file('prod.key', secret)
              : secret;
        const result = await run(
          runEncryptNotification,
          withSandbox(option, value, '--file', file('forged.json', plaintext)),
        );
        expect(result).toMatchObject({ code: 2, stdout: '' });
        expect(result.stderr).toMatch(
          /only-sandbox-secret: .* not accepted\. A made-up notification is encrypted only with the Sandbox's own webhook secret/,
        );
        expect(result.stderr).not.toContain(secret);
      } finally {
        delete process.env.PRODUCTION_WEBHOOK_SECRET;
      }
    },
  );

  it('exits 1 naming the problem when the Sandbox has no webhook secret yet', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'notification-cli-empty-'));
    try {
      const result = await run(runEncryptNotification, [
        '--user-data-dir',
        empty,
        '--file',
        file('n3.json', plaintext),
      ]);
      expect(result).toMatchObject({ code: 1, stdout: '' });
      expect(result.stderr).toMatch(/^encrypt-notification: no-sandbox-secret: /);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it.each([
    ['a bad IV', ['--iv', 'zz-_', '--file', 'n.json'], 'iv-not-base64'],
    ['a non-JSON file', ['--file', 'text.txt'], 'plaintext-not-json'],
    ['a Latin-1 file', ['--file', 'latin1.json'], 'plaintext-not-utf8'],
    ['a missing file', ['--file', 'missing.json'], 'file-unreadable'],
  ])('exits 1 naming the error for %s', async (_label, args, code) => {
    file('n.json', plaintext);
    file('text.txt', 'paymentStatus=Success');
    file('latin1.json', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xe9, 0x22, 0x7d]));
    const resolved = args.map((arg, i) => (args[i - 1] === '--file' ? join(dir, arg) : arg));
    const result = await run(runEncryptNotification, withSandbox(...resolved));
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(result.stderr).toMatch(new RegExp(`^encrypt-notification: ${code}: `));
  });

  it('exits 2 without --file', async () => {
    expect((await run(runEncryptNotification, withSandbox())).code).toBe(2);
  });
});

describe('the real CLI entry point', () => {
  const exec = promisify(execFile);
  const cli = (args: string[], input?: string) => {
    const child = exec('npx', ['tsx', '--tsconfig', 'tsconfig.node.json', 'src-main/cli.ts', ...args], {
      cwd: join(__dirname, '../../..'),
      env: { ...process.env, npm_config_nodedir: undefined },
    });
    if (input !== undefined) child.child.stdin?.end(input);
    else child.child.stdin?.end();
    return child.then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
  };

  it('encrypts a file and decrypts the piped body, exiting non-zero with the specific error on tampering', async () => {
    const userData = mkdtempSync(join(dir, 'userdata-'));
    const sandboxSecret = Buffer.alloc(32, 0x3d).toString('base64');
    await new FileCredentialStore(join(userData, SANDBOX_CREDENTIALS_FILE)).set(
      'sandbox-a/webhookSecret',
      sandboxSecret,
    );
    const enc = await cli(['encrypt-notification', '--user-data-dir', userData, '--file', file('cli.json', plaintext)]);
    expect(enc.code).toBe(0);
    const wire = JSON.parse(enc.stdout) as { iv: string; tag: string; body: string };
    const dec = await cli(
      ['decrypt-notification', '--secret', sandboxSecret, '--iv', wire.iv, '--tag', wire.tag],
      wire.body,
    );
    expect(dec).toMatchObject({ code: 0, stdout: `${plaintext}\n` });
    const bad = await cli(
      [
        'decrypt-notification',
        '--secret',
        sandboxSecret,
        '--iv',
        wire.iv,
        '--tag',
        Buffer.alloc(16).toString('base64'),
      ],
      wire.body,
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/decrypt-notification: authentication-failed: /);
  }, 60_000);
});
