/**
 * Issue 25 §5 blocker, as a new user meets it on a machine without a keychain: the vault Settings
 * recommends was chosen, the console restarted, and it must open in Chromium with the vault locked and
 * offer unlocking right there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { VAULT_FILE } from '../../src-main/core/credential-backend';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sessionOnlyStore } from '../../src-main/credentials/memory-store';
import { openConsole, type ConsoleSession } from '../support/browser-mode';

const PASSPHRASE = 'a long vault phrase';

describe('issue 25 §5 blocker: a locked vault at start (browser mode, Chromium)', () => {
  const userDataDir = mkdtempSync(join(tmpdir(), 'gc-e2e-vault-'));
  let session: ConsoleSession | null = null;
  afterAll(async () => {
    await session?.close();
    rmSync(userDataDir, { recursive: true, force: true });
  });

  it('the UI is served with the vault locked, and Settings unlocks it', async () => {
    const first = await openConsole({ credentials: sessionOnlyStore('no D-Bus session'), userDataDir, open: false });
    expect(await first.core.dispatch('vault.create', { passphrase: PASSPHRASE })).toMatchObject({ ok: true });
    await first.close();

    session = await openConsole({ credentials: sessionOnlyStore('no D-Bus session'), userDataDir });
    const { page } = session;
    const keychain = page.getByTestId('keychain-status');
    await keychain.waitFor();
    expect(await keychain.textContent()).toContain('Secrets: vault locked');

    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('button', { name: 'Unlock the vault' }).waitFor();
    await page.getByLabel('Vault passphrase').fill(PASSPHRASE);
    await page.getByRole('button', { name: 'Unlock the vault' }).click();
    await page.getByText('The vault is unlocked: saved profiles work.').waitFor({ timeout: 15_000 });
    await page.getByText('Secrets: vault unlocked').waitFor();
    expect(session.pageErrors).toEqual([]);
  });

  it('a deleted vault file is said in the top bar and in Settings, which offers a new vault or session memory', async () => {
    await session?.close();
    session = null;
    rmSync(join(userDataDir, VAULT_FILE));

    session = await openConsole({ credentials: sessionOnlyStore('no D-Bus session'), userDataDir });
    const { page } = session;
    await page.getByText('Secrets: vault file missing').waitFor();
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByText('The encrypted vault you chose is missing').waitFor();
    expect(await page.getByRole('button', { name: 'Create a new vault' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Keep secrets in session memory' }).click();
    await page.getByText('Secrets are kept in session memory from now on').waitFor();
    await page.getByText('Keychain: session only').waitFor();
    expect(session.pageErrors).toEqual([]);
  });
});
