/**
 * Settings › Secret storage against the real vault handlers (a real CredentialBackend on a temporary
 * user-data folder, no keychain): choose the vault, then, in a "restarted" console, unlock it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { VAULT_FILE } from '../../../src-main/core/credential-backend';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleApi } from '@shared/contract';
import { CredentialBackend } from '../../../src-main/core/credential-backend';
import { createDispatcher, type Handlers } from '../../../src-main/core/dispatcher';
import { createVaultHandlers } from '../../../src-main/core/handlers/vault-handlers';
import { sessionOnlyStore } from '../../../src-main/credentials/memory-store';
import SecretStorageSection from '../../../src-renderer/src/features/settings/SecretStorageSection.vue';
import { mountInApp } from '../followups/mount';

let api: ConsoleApi;
vi.mock('../../../src-renderer/src/api', () => ({ useConsoleApi: () => api }));

const dirs: string[] = [];
/** Each vault created or unlocked here derives a key with scrypt at N = 2^17 (≈0.5 s, more on a busy machine). */
const SCRYPT_TESTS_MS = 30_000;
let wrapper: VueWrapper | undefined;
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A console started on `dir` without a keychain, seen through the contract dispatcher. */
async function consoleOn(dir: string) {
  const backend = await CredentialBackend.open(dir, sessionOnlyStore('no D-Bus session'));
  const dispatch = createDispatcher(createVaultHandlers(backend) as Handlers);
  const appInfo = vi.fn(async () => ({ ok: true, value: { keychain: backend.current.status } }));
  api = {
    'vault.status': (input?: unknown) => dispatch('vault.status', input),
    'vault.create': (input: unknown) => dispatch('vault.create', input),
    'vault.unlock': (input: unknown) => dispatch('vault.unlock', input),
    'vault.lock': (input?: unknown) => dispatch('vault.lock', input),
    'vault.useSessionMemory': (input?: unknown) => dispatch('vault.useSessionMemory', input),
    'app.info': appInfo,
  } as unknown as ConsoleApi;
  return { backend, appInfo };
}

async function settle(): Promise<void> {
  // scrypt (N = 2^17, 128 MiB) runs on the thread pool for a good part of a second on a busy machine:
  // wait until no button of the section is busy any more before looking.
  for (let i = 0; i < 400; i++) {
    await flushPromises();
    await new Promise((resolve) => setTimeout(resolve, 25));
    if (i >= 4 && !wrapper?.find('.n-button--loading').exists()) return;
  }
}

const input = (w: VueWrapper, label: string) => w.find(`input[aria-label="${label}"]`);
const button = (w: VueWrapper, name: string) => {
  const found = w.findAll('button').find((b) => b.text().trim() === name);
  if (!found) throw new Error(`No button "${name}" in: ${w.text()}`);
  return found;
};

describe('Settings › Secret storage without a keychain', () => {
  it(
    'offers the vault, creates it, and after a restart unlocks it only with the right passphrase',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'gc-settings-vault-'));
      dirs.push(dir);
      const first = await consoleOn(dir);
      wrapper = mountInApp(SecretStorageSection);
      await settle();
      expect(wrapper.text()).toMatch(/forgotten when the console quits/);
      const choose = button(wrapper, 'Use an encrypted vault');
      expect(choose.attributes('disabled')).toBeDefined();

      await input(wrapper, 'Vault passphrase').setValue('a long vault phrase');
      await input(wrapper, 'Repeat the passphrase').setValue('a long vault phrasX');
      expect(wrapper.text()).toContain('The two passphrases differ.');
      expect(button(wrapper, 'Use an encrypted vault').attributes('disabled')).toBeDefined();
      await input(wrapper, 'Repeat the passphrase').setValue('a long vault phrase');
      await button(wrapper, 'Use an encrypted vault').trigger('submit');
      await settle();
      expect(first.backend.status()).toMatchObject({ backend: 'file-vault', unlocked: true });
      expect(wrapper.text()).toMatch(/The vault is in use/);
      expect(first.appInfo).toHaveBeenCalled();
      // Unlocked: no passphrase field any more, the passphrase is not kept in the form.
      expect(input(wrapper, 'Vault passphrase').exists()).toBe(false);
      expect(button(wrapper, 'Lock the vault').exists()).toBe(true);
      wrapper.unmount();

      // "Restart": a new backend on the same folder, still no keychain.
      const second = await consoleOn(dir);
      wrapper = mountInApp(SecretStorageSection);
      await settle();
      expect(wrapper.text()).toMatch(/vault, which is locked/);
      await input(wrapper, 'Vault passphrase').setValue('not the right one');
      await button(wrapper, 'Unlock the vault').trigger('submit');
      await settle();
      expect(wrapper.find('[data-testid="vault-message"]').text()).toBe(
        'That passphrase does not open the credential vault.',
      );
      expect(second.backend.status().unlocked).toBe(false);
      expect((input(wrapper, 'Vault passphrase').element as HTMLInputElement).value).toBe('');
      await input(wrapper, 'Vault passphrase').setValue('a long vault phrase');
      await button(wrapper, 'Unlock the vault').trigger('submit');
      await settle();
      expect(second.backend.status().unlocked).toBe(true);
      expect(wrapper.find('[data-testid="vault-message"]').text()).toMatch(/unlocked: saved profiles work/);
    },
    SCRYPT_TESTS_MS,
  );
});

describe('issue 25 §5: Settings when the chosen vault file was deleted', () => {
  /** A vault chosen in a first session, whose file is then deleted before the next start. */
  async function vaultDeletedIn(dir: string) {
    const first = await consoleOn(dir);
    await first.backend.create('a long vault phrase');
    rmSync(join(dir, VAULT_FILE));
    return consoleOn(dir);
  }

  it(
    'says so and offers a new vault or session memory; choosing session memory is remembered by main',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'gc-settings-vault-'));
      dirs.push(dir);
      const restarted = await vaultDeletedIn(dir);
      wrapper = mountInApp(SecretStorageSection);
      await settle();
      expect(wrapper.find('[data-testid="vault-detail"]').text()).toMatch(/vault you chose is missing/);
      expect(wrapper.find('[role="alert"]').exists()).toBe(true);
      expect(button(wrapper, 'Create a new vault').attributes('disabled')).toBeDefined();
      expect(input(wrapper, 'Unlock the vault').exists()).toBe(false);
      await button(wrapper, 'Keep secrets in session memory').trigger('click');
      await settle();
      expect(restarted.backend.status()).toMatchObject({ backend: 'session-memory', vaultMissing: false });
      expect(wrapper.find('[data-testid="vault-message"]').text()).toMatch(/session memory from now on/);
      expect(restarted.appInfo).toHaveBeenCalled();
    },
    SCRYPT_TESTS_MS,
  );

  it(
    'creates a new vault from the same screen',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'gc-settings-vault-'));
      dirs.push(dir);
      const restarted = await vaultDeletedIn(dir);
      wrapper = mountInApp(SecretStorageSection);
      await settle();
      await input(wrapper, 'Vault passphrase').setValue('a brand new phrase');
      await input(wrapper, 'Repeat the passphrase').setValue('a brand new phrase');
      await button(wrapper, 'Create a new vault').trigger('submit');
      await settle();
      expect(restarted.backend.status()).toMatchObject({ backend: 'file-vault', unlocked: true, vaultMissing: false });
      expect(button(wrapper, 'Lock the vault').exists()).toBe(true);
    },
    SCRYPT_TESTS_MS,
  );
});
