import { readFile } from 'node:fs/promises';
import type { VaultStatus } from '@shared/contract/vault';
import type { ConsoleCore } from '../core/console-core';
import { isSandboxProfile } from '../core/sandbox';
import type { CliIo } from './cli-io';

export const VAULT_PASSPHRASE_ENV = 'GATEWAY_VAULT_PASSPHRASE';

/**
 * The file vault's passphrase for a headless run, from `--vault-passphrase-file F` (`-` for stdin) or the
 * GATEWAY_VAULT_PASSPHRASE environment variable. There is deliberately no option taking the passphrase
 * itself: an argument is visible to every user in `ps` and kept in shell history. Only the line ending a
 * file or pipe adds is removed (a passphrase may begin or end with spaces).
 */
export async function vaultPassphraseFrom(
  file: string | undefined,
  io: CliIo,
): Promise<{ passphrase: string | null } | { problem: string }> {
  if (file === undefined) return { passphrase: process.env[VAULT_PASSPHRASE_ENV] || null };
  let text: string;
  try {
    text = file === '-' ? (await io.readStdin()).toString('utf8') : await readFile(file, 'utf8');
  } catch (error) {
    return {
      problem: `cannot read --vault-passphrase-file ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)}).`,
    };
  }
  const passphrase = text.replace(/\r?\n$/, '');
  return passphrase ? { passphrase } : { problem: `--vault-passphrase-file ${file} is empty.` };
}

/**
 * Unlocks the file vault before a saved real profile is used, the way Settings does in the app: with the
 * passphrase given (file, stdin or GATEWAY_VAULT_PASSPHRASE), else by asking at the terminal when there is
 * one. A run on the Sandbox, or on a machine whose secrets are not in the vault, needs no passphrase and
 * ignores one. A vault whose file is missing is never unlocked or replaced from the CLI: that choice is
 * the user's, in Settings.
 */
export async function unlockVaultFor(
  core: ConsoleCore,
  profileId: string,
  passphrase: string | null,
  io?: Pick<CliIo, 'stdinIsTty' | 'promptHidden'>,
): Promise<void> {
  if (isSandboxProfile(profileId)) return;
  const answer = await core.dispatch('vault.status', undefined);
  const status = answer.ok ? (answer.value as VaultStatus) : null;
  if (status?.vaultMissing) throw new Error(`${status.detail} Nothing was sent.`);
  if (!status || status.backend !== 'file-vault' || status.unlocked) return;
  const given = passphrase ?? (io?.stdinIsTty && io.promptHidden ? await io.promptHidden('Vault passphrase: ') : null);
  if (given === null)
    throw new Error(
      `This profile's secrets are in the encrypted file vault, which is locked: give --vault-passphrase-file F (- reads stdin), set ${VAULT_PASSPHRASE_ENV}, or run it in a terminal to be asked.`,
    );
  const unlocked = await core.dispatch('vault.unlock', { passphrase: given });
  if (!unlocked.ok) throw new Error(`The file vault was not unlocked: ${unlocked.error.message}`);
}
