/**
 * The encrypted file vault: what real profiles' secrets get on a machine without a keychain when the
 * user chooses it in Settings, instead of being forgotten at every restart.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { VAULT_FILE } from '../../../src-main/core/credential-backend';
import { sessionOnlyStore } from '../../../src-main/credentials/memory-store';
import { VaultStore } from '../../../src-main/credentials/vault-store';
import { startCore } from '../core/harness';
import { orderA } from '../gateway/fixtures';
import { Harness } from '../simulator/harness';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'gc-vault-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

describe('VaultStore', () => {
  it('keeps secrets encrypted on disk, readable only with the passphrase', async () => {
    const path = join(tempDir(), 'vault.json');
    const vault = await VaultStore.create(path, 'correct horse battery', new Map([['p/clientId', 'client-123456789']]));
    await vault.set('p/bearerToken', 'bearer-token-very-secret');
    const onDisk = readFileSync(path, 'utf8');
    expect(onDisk).not.toContain('bearer-token-very-secret');
    expect(onDisk).not.toContain('client-123456789');
    expect(onDisk).not.toContain('correct horse battery');
    expect(statSync(path).mode & 0o077).toBe(0);

    const reopened = VaultStore.locked(path);
    expect(reopened.status).toMatchObject({ backend: 'file-vault', available: false });
    await expect(reopened.get('p/bearerToken')).rejects.toMatchObject({ code: 'vault-locked' });
    await expect(reopened.unlock('wrong horse battery')).rejects.toMatchObject({ code: 'wrong-passphrase' });
    await reopened.unlock('correct horse battery');
    expect(reopened.status).toMatchObject({ backend: 'file-vault', available: true });
    expect(await reopened.get('p/bearerToken')).toBe('bearer-token-very-secret');
    expect(await reopened.get('p/clientId')).toBe('client-123456789');
    reopened.lock();
    await expect(reopened.list()).rejects.toMatchObject({ code: 'vault-locked' });
  });

  it('refuses a short passphrase with a specific message, and a second vault over the first', async () => {
    const path = join(tempDir(), 'vault.json');
    await expect(VaultStore.create(path, 'short', new Map())).rejects.toThrow(/at least 8 characters/);
    await VaultStore.create(path, 'long enough phrase', new Map());
    await expect(VaultStore.create(path, 'another phrase here', new Map())).rejects.toMatchObject({
      code: 'conflict',
    });
  });
});

describe('choosing the vault without a keychain', () => {
  it('a real profile keeps its secrets and signatures across a restart, once the vault is unlocked', async () => {
    const gateway = await Harness.start();
    cleanups.push(() => gateway.close());
    const noKeychain = () => sessionOnlyStore('no D-Bus session');
    const first = await startCore({ credentials: noKeychain(), simulator: false });
    cleanups.push(() => first.removeDir());
    const saved = await first.call('profiles.save', {
      settings: {
        name: 'Test gateway',
        environment: 'test',
        baseUrl: gateway.sim.url,
        terminalId: '1000001',
        variant: 'A',
      },
      secrets: { bearerToken: gateway.terminalA.token, clientId: gateway.sim.clientId },
    });
    expect(await first.call('vault.status')).toMatchObject({
      backend: 'session-memory',
      keychainAvailable: false,
      vaultExists: false,
    });
    expect(await first.call('vault.create', { passphrase: 'a long vault phrase' })).toMatchObject({
      backend: 'file-vault',
      vaultExists: true,
      unlocked: true,
    });
    const created = await first.call('orders.create', { profileId: saved.id, order: orderA() });
    const id = created.exchange.transactionID;
    const vaultText = readFileSync(join(first.userDataDir, VAULT_FILE), 'utf8');
    expect(vaultText).not.toContain(gateway.terminalA.token);
    await first.close();

    // A new session: the keychain is still missing, the vault is remembered but locked.
    const second = await startCore({ credentials: noKeychain(), simulator: false, userDataDir: first.userDataDir });
    cleanups.push(() => second.close());
    expect(await second.call('app.info')).toMatchObject({ keychain: { backend: 'file-vault', available: false } });
    expect(await second.call('vault.status')).toMatchObject({ backend: 'file-vault', unlocked: false });
    const locked = await second.core.dispatch('payments.status', { profileId: saved.id, transactionId: id });
    expect(locked).toMatchObject({
      ok: false,
      error: { code: 'vault-locked', message: expect.stringMatching(/unlock it in Settings/) },
    });
    // The profile is still listed while locked.
    expect((await second.call('profiles.list')).profiles.map((p: { id: string }) => p.id)).toContain(saved.id);

    const wrong = await second.core.dispatch('vault.unlock', { passphrase: 'not the phrase' });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'wrong-passphrase' } });
    expect(await second.call('vault.unlock', { passphrase: 'a long vault phrase' })).toMatchObject({ unlocked: true });
    expect(await second.call('app.info')).toMatchObject({ keychain: { backend: 'file-vault', available: true } });
    const status = await second.call('payments.status', { profileId: saved.id, transactionId: id });
    expect(status.exchange.classification).toBe('ok');
    // The transaction's signature was kept too: the follow-up goes out.
    const reference = await second.call('payments.generateReference', { profileId: saved.id, transactionId: id });
    expect(reference.exchange.classification).toBe('ok');
    expect((await second.call('vault.lock')).unlocked).toBe(false);
  });
});
