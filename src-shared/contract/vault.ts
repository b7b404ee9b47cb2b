import { z } from 'zod';
import { method } from './define';
import { mainTextSchema } from '../console-text';

/** Where real profiles' secrets are kept, and whether the file vault can be chosen or must be unlocked. */
export const vaultStatusSchema = z.object({
  backend: z.enum(['os-keychain', 'session-memory', 'file-vault']),
  /** The OS keychain answered at start-up. */
  keychainAvailable: z.boolean(),
  /** A vault file exists in the user-data folder. */
  vaultExists: z.boolean(),
  /** The vault is in use and unlocked (secrets readable). */
  unlocked: z.boolean(),
  /** One sentence for the user: where secrets are now and what that means after a restart. */
  detail: z.string(),
  /** `detail` by text id, for the renderer to say it in the user's language. */
  text: mainTextSchema.optional(),
  /**
   * The file vault is the chosen store but its file is gone: real profiles' secrets are refused
   * (`vault-missing`) until the user creates a new vault or chooses session memory (`vault.useSessionMemory`).
   */
  vaultMissing: z.boolean(),
});
export type VaultStatus = z.infer<typeof vaultStatusSchema>;

/** Checked again in main; never returned, logged or stored (only the key derived from it, in memory). */
const passphraseSchema = z.string().min(8, 'The vault passphrase needs at least 8 characters').max(1024);
const noInput = z.undefined().or(z.object({}).strict());

export const vaultMethods = {
  'vault.status': method(
    'Where real profiles’ secrets are kept (keychain, session memory, file vault) and whether the vault is unlocked.',
    noInput,
    vaultStatusSchema,
  ),
  'vault.create': method(
    'Choose the encrypted file vault: creates it with this passphrase and moves the secrets kept so far into it.',
    z.object({ passphrase: passphraseSchema }).strict(),
    vaultStatusSchema,
  ),
  'vault.unlock': method(
    'Unlock the file vault after a start (a weakly keyed one is re-keyed); fails with `wrong-passphrase`, `vault-unreadable` (a damaged or tampered file, checked before any key is derived) or `vault-missing`.',
    z.object({ passphrase: passphraseSchema }).strict(),
    vaultStatusSchema,
  ),
  'vault.useSessionMemory': method(
    'When the chosen vault’s file is missing: keep real profiles’ secrets in session memory from now on (forgotten at quit).',
    noInput,
    vaultStatusSchema,
  ),
  'vault.lock': method(
    'Lock the file vault now (its key is forgotten until the next unlock).',
    noInput,
    vaultStatusSchema,
  ),
};
