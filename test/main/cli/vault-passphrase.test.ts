/**
 * A real profile whose secrets are in the encrypted file vault (a machine without a keychain) used from the
 * CLI: the passphrase comes from a file, stdin or GATEWAY_VAULT_PASSPHRASE — never from an argument.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../../src-main/cli/cli-io';
import { referenceCommand } from '../../../src-main/cli/reference-command';
import { statusCommand } from '../../../src-main/cli/status-command';
import { sessionOnlyStore } from '../../../src-main/credentials/memory-store';
import { startCore } from '../core/harness';
import { orderA } from '../gateway/fixtures';
import { Harness } from '../simulator/harness';

const PASSPHRASE = 'a long vault phrase';
let gateway: Harness;
let userDataDir: string;
let transactionId: string;
const scratch = mkdtempSync(join(tmpdir(), 'gc-cli-vault-'));

beforeAll(async () => {
  gateway = await Harness.start();
  const core = await startCore({ credentials: sessionOnlyStore('no D-Bus session'), simulator: false });
  userDataDir = core.userDataDir;
  const saved = await core.call('profiles.save', {
    settings: {
      name: 'Test gateway',
      environment: 'test',
      baseUrl: gateway.sim.url,
      terminalId: '1000001',
      variant: 'A',
    },
    secrets: { bearerToken: gateway.terminalA.token, clientId: gateway.sim.clientId },
  });
  await core.call('vault.create', { passphrase: PASSPHRASE });
  transactionId = (await core.call('orders.create', { profileId: saved.id, order: orderA() })).exchange.transactionID;
  await core.close();
});
afterAll(async () => {
  delete process.env.GATEWAY_VAULT_PASSPHRASE;
  await gateway.close();
  rmSync(userDataDir, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

const run = async (command: typeof statusCommand, extra: string[], stdin = '') => {
  const out = { stdout: '', stderr: '' };
  const io: CliIo = {
    stdout: (text) => void (out.stdout += text),
    stderr: (text) => void (out.stderr += text),
    readStdin: async () => Buffer.from(stdin),
    stdinIsTty: stdin === '',
  };
  const args = ['--profile', 'Test gateway', '--user-data-dir', userDataDir, ...extra, transactionId];
  // Every run is a new process without a keychain: the vault starts locked.
  const code = await command.runWith(args, io, { credentials: sessionOnlyStore('no D-Bus session') });
  return { code, ...out };
};

describe('the CLI on a profile kept in the file vault', () => {
  it('without a passphrase: refused, naming the ways to give one', async () => {
    delete process.env.GATEWAY_VAULT_PASSPHRASE;
    const result = await run(statusCommand, []);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(
      /file vault, which is locked: give --vault-passphrase-file F .* GATEWAY_VAULT_PASSPHRASE/,
    );
  });

  it('unlocks it from --vault-passphrase-file (the line ending of the file is not part of it)', async () => {
    const file = join(scratch, 'passphrase');
    writeFileSync(file, `${PASSPHRASE}\n`, { mode: 0o600 });
    const result = await run(statusCommand, ['--vault-passphrase-file', file]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/paymentStatus: Pending/);
    // The kept signature opens with the vault: the follow-up goes out.
    const reference = await run(referenceCommand, ['--vault-passphrase-file', file]);
    expect(reference.code).toBe(0);
    expect(reference.stdout).toMatch(/^ok:/);
  });

  it('unlocks it from stdin with "-" and from GATEWAY_VAULT_PASSPHRASE', async () => {
    const piped = await run(statusCommand, ['--vault-passphrase-file', '-'], `${PASSPHRASE}\n`);
    expect([piped.code, piped.stderr]).toEqual([0, '']);
    process.env.GATEWAY_VAULT_PASSPHRASE = PASSPHRASE;
    try {
      const fromEnv = await run(statusCommand, []);
      expect([fromEnv.code, fromEnv.stderr]).toEqual([0, '']);
    } finally {
      delete process.env.GATEWAY_VAULT_PASSPHRASE;
    }
  });

  it('a wrong or unreadable passphrase is refused clearly; there is no option taking the passphrase itself', async () => {
    const wrong = await run(statusCommand, ['--vault-passphrase-file', '-'], 'not the phrase\n');
    expect(wrong.code).toBe(3);
    expect(wrong.stderr).toMatch(/file vault was not unlocked: That passphrase does not open the credential vault/);
    const missing = await run(statusCommand, ['--vault-passphrase-file', join(scratch, 'nope')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read --vault-passphrase-file .*nope \(ENOENT\)/);
    const inArgs = await run(statusCommand, ['--vault-passphrase', PASSPHRASE]);
    expect(inArgs.code).toBe(2);
    expect(inArgs.stderr).toMatch(/Unknown option '--vault-passphrase'/);
  });
});
