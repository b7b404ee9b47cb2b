/**
 * Issue 25 §5, "the vault never locks the user out": a new user on a machine without a keychain who
 * followed Settings' advice (the encrypted vault) must get the console back after a restart, with the
 * vault locked and unlockable from the UI; a vault file is outside text whose KDF parameters are checked
 * before any work; weak vaults are re-keyed; a deleted vault file is said, not silently replaced.
 */
import { createCipheriv, randomBytes, scryptSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { VAULT_FILE } from '../../../src-main/core/credential-backend';
import { sessionOnlyStore } from '../../../src-main/credentials/memory-store';
import { VaultStore } from '../../../src-main/credentials/vault-store';
import { startBrowserMode, type RunningBrowserMode } from '../../../src-main/host/browser-mode';
import { startCore } from '../core/harness';
import { orderA } from '../gateway/fixtures';
import { Harness } from '../simulator/harness';
import { callApi, rawRequest } from '../../support/http';

const PASSPHRASE = 'a long vault phrase';
const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});
const tempDir = (prefix = 'gc-vault-lockout-') => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};
/** Every start is a new process on a machine whose keychain does not answer. */
const noKeychain = () => sessionOnlyStore('no D-Bus session');

const testProfile = (gateway: Harness) => ({
  settings: {
    name: 'Test gateway',
    environment: 'test',
    baseUrl: gateway.sim.url,
    terminalId: '1000001',
    variant: 'A',
  },
  secrets: { bearerToken: gateway.terminalA.token, clientId: gateway.sim.clientId },
});

/** The browser-mode console as `npm start` runs it, on `userDataDir`, with a stand-in renderer build. */
async function startConsole(userDataDir: string): Promise<RunningBrowserMode> {
  const rendererDir = join(userDataDir, '..', 'renderer');
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Gateway Console</title><div id="app"></div>');
  const running = await startBrowserMode({
    userDataDir,
    rendererDir,
    credentials: noKeychain(),
    gateway: { retry: { baseDelayMs: 1, maxDelayMs: 5 }, totalTimeoutMs: 2_000 },
  });
  cleanups.push(() => running.close());
  return running;
}

/** A contract call over the host's HTTP API, as the renderer makes it. */
async function api(running: RunningBrowserMode, method: string, input?: unknown) {
  const response = await callApi(running.host.port, running.host.token, method, input);
  return response.json() as { ok: boolean; value?: any; error?: { code: string; message: string } }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('issue 25 §5 blocker: the vault never locks the user out of the console', () => {
  it('with the vault chosen and locked, browser mode starts, serves the UI, offers unlocking, and the Sandbox works', async () => {
    const gateway = await Harness.start();
    cleanups.push(() => gateway.close());
    const userDataDir = join(tempDir(), 'data');

    // First start: Settings recommends the vault, the user creates it and saves a real profile.
    const first = await startConsole(userDataDir);
    expect(await api(first, 'vault.create', { passphrase: PASSPHRASE })).toMatchObject({ ok: true });
    const saved = await api(first, 'profiles.save', testProfile(gateway));
    expect(saved.ok).toBe(true);
    const created = await api(first, 'orders.create', { profileId: saved.value.id, order: orderA() });
    const transactionId = created.value.exchange.transactionID as string;
    await first.close();
    cleanups.pop();

    // Next start: the vault is locked. The console starts anyway and serves the UI.
    const second = await startConsole(userDataDir);
    const page = await rawRequest(second.host.port, { path: '/' });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<div id="app"></div>');
    // What Settings (and the top bar) read to offer unlocking.
    expect(await api(second, 'vault.status')).toMatchObject({
      ok: true,
      value: { backend: 'file-vault', vaultExists: true, unlocked: false, vaultMissing: false },
    });
    expect(await api(second, 'app.info')).toMatchObject({
      value: { keychain: { backend: 'file-vault', available: false } },
    });

    // The Sandbox needs nothing from the vault: profiles listed, an order created and looked up.
    const listed = await api(second, 'profiles.list');
    expect(listed.value.profiles.map((profile: { id: string }) => profile.id)).toEqual(
      expect.arrayContaining(['sandbox-a', 'sandbox-b', saved.value.id]),
    );
    const sandboxOrder = await api(second, 'orders.create', { profileId: 'sandbox-a', order: orderA() });
    expect(sandboxOrder).toMatchObject({ ok: true, value: { exchange: { classification: 'ok' } } });
    const sandboxStatus = await api(second, 'payments.status', {
      profileId: 'sandbox-a',
      transactionId: sandboxOrder.value.exchange.transactionID,
    });
    expect(sandboxStatus).toMatchObject({ ok: true, value: { exchange: { classification: 'ok' } } });
    // The go-live check on the Sandbox compares its credentials with the production ones it can read.
    const readiness = await api(second, 'qa.readiness', { profileId: 'sandbox-a', webhookUrl: null });
    expect(readiness.ok).toBe(true);
    expect(readiness.value.scenarios[0]).toMatchObject({
      name: expect.stringMatching(/Environments separated/),
      status: 'passed',
    });

    // The real profile waits for the vault, says why, then works once it is unlocked in the UI.
    expect(await api(second, 'payments.status', { profileId: saved.value.id, transactionId })).toMatchObject({
      ok: false,
      error: { code: 'vault-locked' },
    });
    expect(await api(second, 'vault.unlock', { passphrase: PASSPHRASE })).toMatchObject({
      ok: true,
      value: { unlocked: true },
    });
    expect(await api(second, 'payments.status', { profileId: saved.value.id, transactionId })).toMatchObject({
      ok: true,
      value: { exchange: { classification: 'ok' } },
    });
  });

  it('the production guard still refuses the Sandbox’s credentials in a production profile saved after unlocking', async () => {
    const userDataDir = tempDir();
    const first = await startCore({ credentials: noKeychain(), userDataDir });
    await first.call('vault.create', { passphrase: PASSPHRASE });
    await first.close();
    const second = await startCore({ credentials: noKeychain(), userDataDir });
    cleanups.push(() => second.close());
    await second.call('vault.unlock', { passphrase: PASSPHRASE });
    const sandboxToken = await second.core.credentials.get('sandbox-a/bearerToken');
    expect(sandboxToken).toBeTruthy();
    const intoProduction = await second.core.dispatch('profiles.save', {
      settings: {
        name: 'Live',
        environment: 'production',
        baseUrl: 'http://127.0.0.1:9',
        terminalId: '1000001',
        variant: 'A',
      },
      secrets: { bearerToken: sandboxToken },
      productionConfirmation: { profileName: 'Live' },
    });
    expect(intoProduction).toMatchObject({ ok: false, error: { code: 'production-guard' } });
  });
});

/** A vault file as earlier versions wrote it (scrypt N = 2^15), holding `secrets`. */
function writeLegacyVault(path: string, passphrase: string, secrets: Record<string, string>): void {
  const salt = randomBytes(16);
  const key = scryptSync(passphrase, salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(secrets), 'utf8'), cipher.final()]);
  const file = {
    version: 1,
    kdf: { name: 'scrypt', N: 2 ** 15, r: 8, p: 1, salt: salt.toString('base64') },
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  };
  writeFileSync(path, JSON.stringify(file), { mode: 0o600 });
}

/** The vault file's JSON, loosely typed: the tests write wrong values into it on purpose. */
interface VaultFileJson {
  kdf: Record<string, unknown>;
  iv: unknown;
  tag: unknown;
  data: unknown;
}

const kdfOf = (path: string) => (JSON.parse(readFileSync(path, 'utf8')) as { kdf: Record<string, unknown> }).kdf;

describe('issue 25 §5: KDF parameters read from the vault file', () => {
  it('a tampered vault file asking for huge or malformed KDF parameters is refused within 100 ms, nothing derived', async () => {
    const path = join(tempDir(), VAULT_FILE);
    writeLegacyVault(path, PASSPHRASE, { 'p/bearerToken': 'bearer-token-kept-123' });
    const original = readFileSync(path, 'utf8');
    const tampered: Array<[string, (file: VaultFileJson) => void]> = [
      // 512 MiB and seconds of CPU per try on today's code.
      ['N = 2^19', (file) => (file.kdf.N = 2 ** 19)],
      ['N = 2^40', (file) => (file.kdf.N = 2 ** 40)],
      ['N not a power of two', (file) => (file.kdf.N = 100_000)],
      ['N a string', (file) => (file.kdf.N = '32768')],
      ['r = 1e6', (file) => (file.kdf.r = 1_000_000)],
      ['p = 1000', (file) => (file.kdf.p = 1000)],
      ['p negative', (file) => (file.kdf.p = -1)],
      ['salt missing', (file) => delete file.kdf.salt],
      ['iv of 3 bytes', (file) => (file.iv = 'AAAA')],
      ['tag not base64', (file) => (file.tag = '<script>')],
      ['a 5 MB file', (file) => (file.data = 'A'.repeat(5_000_000))],
    ];
    for (const [what, tamper] of tampered) {
      const file = JSON.parse(original) as VaultFileJson;
      tamper(file);
      writeFileSync(path, JSON.stringify(file));
      const vault = VaultStore.locked(path);
      const started = performance.now();
      const error = await vault.unlock(PASSPHRASE).then(
        () => null,
        (failure: unknown) => failure,
      );
      const elapsed = performance.now() - started;
      expect(error, what).toMatchObject({ code: 'vault-unreadable', message: expect.stringContaining(path) });
      expect(elapsed, what).toBeLessThan(100);
      expect(vault.unlocked, what).toBe(false);
    }
    // Nothing already stored is lost: the untouched file still opens.
    writeFileSync(path, original);
    const vault = VaultStore.locked(path);
    await vault.unlock(PASSPHRASE);
    expect(await vault.get('p/bearerToken')).toBe('bearer-token-kept-123');
  });

  it('a new vault uses scrypt with N ≥ 2^17; a vault written with N = 2^15 is re-keyed at its next unlock', async () => {
    const dir = tempDir();
    const fresh = join(dir, 'fresh.json');
    await VaultStore.create(fresh, PASSPHRASE, new Map());
    expect(kdfOf(fresh)).toMatchObject({ name: 'scrypt', N: expect.any(Number), r: 8 });
    expect(kdfOf(fresh).N as number).toBeGreaterThanOrEqual(2 ** 17);

    const legacy = join(dir, 'legacy.json');
    writeLegacyVault(legacy, PASSPHRASE, { 'p/bearerToken': 'bearer-token-kept-123' });
    const oldSalt = kdfOf(legacy).salt;
    const vault = VaultStore.locked(legacy);
    await vault.unlock(PASSPHRASE);
    expect(kdfOf(legacy).N as number).toBeGreaterThanOrEqual(2 ** 17);
    expect(kdfOf(legacy).salt).not.toBe(oldSalt);
    expect(readFileSync(legacy, 'utf8')).not.toContain('bearer-token-kept-123');
    // The re-keyed vault opens with the same passphrase and holds the same secrets; a wrong one still fails.
    vault.lock();
    await expect(VaultStore.locked(legacy).unlock('not the phrase!')).rejects.toMatchObject({
      code: 'wrong-passphrase',
    });
    const reopened = VaultStore.locked(legacy);
    await reopened.unlock(PASSPHRASE);
    expect(await reopened.get('p/bearerToken')).toBe('bearer-token-kept-123');
  });
});

describe('issue 25 §5: a deleted vault file', () => {
  it('is said and asked about, never silently replaced by session memory', async () => {
    const gateway = await Harness.start();
    cleanups.push(() => gateway.close());
    const userDataDir = tempDir();
    const first = await startCore({ credentials: noKeychain(), userDataDir });
    await first.call('vault.create', { passphrase: PASSPHRASE });
    const saved = await first.call('profiles.save', testProfile(gateway));
    await first.close();
    rmSync(join(userDataDir, VAULT_FILE));

    const second = await startCore({ credentials: noKeychain(), userDataDir });
    cleanups.push(() => second.close());
    expect(await second.call('vault.status')).toMatchObject({
      backend: 'file-vault',
      vaultExists: false,
      unlocked: false,
      vaultMissing: true,
      detail: expect.stringMatching(/is missing: create a new vault or keep secrets in session memory/),
    });
    expect(await second.call('app.info')).toMatchObject({ keychain: { backend: 'file-vault', available: false } });
    // A secret typed now would be forgotten at quit while the user believes it is in the vault: refused.
    const save = await second.core.dispatch('profiles.save', { id: saved.id, ...testProfile(gateway) });
    expect(save).toMatchObject({ ok: false, error: { code: 'vault-missing' } });
    expect(await second.core.dispatch('vault.unlock', { passphrase: PASSPHRASE })).toMatchObject({
      ok: false,
      error: { code: 'vault-missing' },
    });
    // The Sandbox is unaffected.
    const sandboxOrder = await second.call('orders.create', { profileId: 'sandbox-a', order: orderA() });
    expect(sandboxOrder.exchange.classification).toBe('ok');

    // The user's answer, either: session memory from now on …
    expect(await second.call('vault.useSessionMemory')).toMatchObject({
      backend: 'session-memory',
      vaultMissing: false,
    });
    expect((await second.call('profiles.save', { id: saved.id, ...testProfile(gateway) })).secrets).toMatchObject({
      bearerToken: { set: true },
    });
    const created = await second.call('orders.create', { profileId: saved.id, order: orderA() });
    expect(created.exchange.classification).toBe('ok');
    // … and that choice is not asked again at the next start.
    await second.close();
    cleanups.pop();
    const third = await startCore({ credentials: noKeychain(), userDataDir });
    cleanups.push(() => third.close());
    expect(await third.call('vault.status')).toMatchObject({ backend: 'session-memory', vaultMissing: false });
  });

  it('or a new vault, which then holds what is saved from now on', async () => {
    const userDataDir = tempDir();
    const first = await startCore({ credentials: noKeychain(), userDataDir, simulator: false });
    await first.call('vault.create', { passphrase: PASSPHRASE });
    await first.close();
    rmSync(join(userDataDir, VAULT_FILE));
    const second = await startCore({ credentials: noKeychain(), userDataDir, simulator: false });
    cleanups.push(() => second.close());
    expect(await second.call('vault.status')).toMatchObject({ vaultMissing: true });
    expect(await second.call('vault.create', { passphrase: 'a brand new phrase' })).toMatchObject({
      backend: 'file-vault',
      unlocked: true,
      vaultExists: true,
      vaultMissing: false,
    });
    expect(await second.core.dispatch('vault.useSessionMemory', undefined)).toMatchObject({
      ok: false,
      error: { code: 'conflict' },
    });
  });
});
