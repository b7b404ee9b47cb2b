/**
 * A real profile whose secrets are in the encrypted file vault (a machine without a keychain) used from the
 * CLI: the passphrase comes from a file, stdin or GATEWAY_VAULT_PASSPHRASE — never from an argument.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../../src-main/cli/cli-io';
import { EventEmitter } from 'node:events';
import { readHiddenLine } from '../../../src-main/cli/hidden-prompt';
import { referenceCommand } from '../../../src-main/cli/reference-command';
import { runScenariosCommand } from '../../../src-main/cli/run-command';
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

describe('issue 25 §5: every CLI command can unlock the vault (environment variable or a terminal prompt)', () => {
  /** A terminal session: nothing piped, and whoever sits there answers the prompt with `answer`. */
  const atTerminal = (answer: string | null) => {
    const out = { stdout: '', stderr: '', asked: [] as string[] };
    const io: CliIo = {
      stdout: (text) => void (out.stdout += text),
      stderr: (text) => void (out.stderr += text),
      readStdin: async () => Buffer.alloc(0),
      stdinIsTty: true,
      promptHidden: async (question) => {
        out.asked.push(question);
        return answer;
      },
    };
    return { io, out };
  };

  it('a gateway command run in a terminal without a passphrase asks for it and unlocks the vault', async () => {
    delete process.env.GATEWAY_VAULT_PASSPHRASE;
    const { io, out } = atTerminal(PASSPHRASE);
    const args = ['--profile', 'Test gateway', '--user-data-dir', userDataDir, transactionId];
    const code = await statusCommand.runWith(args, io, { credentials: sessionOnlyStore('no D-Bus session') });
    expect([code, out.stderr]).toEqual([0, '']);
    expect(out.asked).toEqual(['Vault passphrase: ']);
    expect(out.stdout).toMatch(/paymentStatus: Pending/);
    // Cancelled at the prompt (Ctrl+C): refused, nothing sent.
    const cancelled = atTerminal(null);
    expect(await statusCommand.runWith(args, cancelled.io, { credentials: sessionOnlyStore('no D-Bus') })).toBe(3);
    expect(cancelled.out.stderr).toMatch(/file vault, which is locked/);
  });

  it('run --profile unlocks the vault from GATEWAY_VAULT_PASSPHRASE or the terminal prompt', async () => {
    const scenario = join(scratch, 'create.yaml');
    writeFileSync(
      scenario,
      'format: gateway-console/scenario@1\nname: Create on the vault profile\nvariant: A\nsteps:\n  - create: {}\n',
    );
    const args = ['--profile', 'Test gateway', '--user-data-dir', userDataDir, scenario];
    const deps = () => ({ credentials: sessionOnlyStore('no D-Bus session') });
    delete process.env.GATEWAY_VAULT_PASSPHRASE;

    const piped = atTerminal(null);
    const noOneToAsk: CliIo = { ...piped.io, stdinIsTty: false };
    expect(await runScenariosCommand(args, noOneToAsk, deps())).toBe(3);
    expect(piped.out.stderr).toMatch(/file vault, which is locked: .*GATEWAY_VAULT_PASSPHRASE/);
    expect(piped.out.asked).toEqual([]);

    process.env.GATEWAY_VAULT_PASSPHRASE = PASSPHRASE;
    try {
      const fromEnv = atTerminal(null);
      expect(await runScenariosCommand(args, fromEnv.io, deps())).toBe(0);
      expect(fromEnv.out.stdout).toMatch(/PASS {2}Create on the vault profile/);
      expect(fromEnv.out.asked).toEqual([]);
    } finally {
      delete process.env.GATEWAY_VAULT_PASSPHRASE;
    }
    const prompted = atTerminal(PASSPHRASE);
    expect(await runScenariosCommand(args, prompted.io, deps())).toBe(0);
    expect(prompted.out.asked).toEqual(['Vault passphrase: ']);
  });

  it('the terminal prompt does not echo what is typed, honours backspace, skips arrow keys, and Ctrl+C cancels', async () => {
    class FakeTerminal extends EventEmitter {
      isRaw = false;
      rawModes: boolean[] = [];
      setRawMode(raw: boolean) {
        this.rawModes.push(raw);
        this.isRaw = raw;
      }
      setEncoding() {}
      resume() {}
      pause() {}
    }
    const terminal = new FakeTerminal();
    let shown = '';
    const answer = readHiddenLine('Vault passphrase: ', terminal, { write: (text: string) => (shown += text) });
    terminal.emit('data', 'correct hors');
    terminal.emit('data', 'x\u007fe 🐎\u001b[A\u001b[1;5C!\r');
    expect(await answer).toBe('correct horse 🐎!');
    expect(shown).toBe('Vault passphrase: \n');
    expect(terminal.rawModes).toEqual([true, false]);

    const cancelled = readHiddenLine('Vault passphrase: ', terminal, { write: () => undefined });
    terminal.emit('data', 'half typed\u0003');
    expect(await cancelled).toBeNull();
  });
});
