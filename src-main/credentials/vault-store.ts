/**
 * An encrypted file vault for machines without an OS keychain, chosen explicitly by the user and
 * unlocked with a passphrase after each start. The key is derived with scrypt (node:crypto) from the
 * passphrase and a random salt; the secrets are one AES-256-GCM encrypted JSON object, rewritten
 * whole through a temporary file and a rename (a crash leaves the old or the new vault, never half).
 * The passphrase itself is never stored; the derived key lives in memory while the vault is unlocked.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import type { KeychainStatus } from '@shared/contract/app';
import { ConsoleFailure } from '@shared/result';
import type { CredentialStore } from './credential-store';
import { checkKdfParameters, deriveVaultKey, isWeakerThanCurrent, VAULT_KDF, type ScryptParameters } from './vault-kdf';
import { englishOf, mainText } from '@shared/console-text';

const MIN_PASSPHRASE = 8;
/** Far more than any vault holds (each secret is a few hundred bytes). */
const MAX_VAULT_BYTES = 4 * 1024 * 1024;

const LOCKED: KeychainStatus = {
  backend: 'file-vault',
  available: false,
  detail: englishOf(mainText('vaultLocked')),
  text: mainText('vaultLocked'),
};
const UNLOCKED: KeychainStatus = {
  backend: 'file-vault',
  available: true,
  detail: englishOf(mainText('vaultUnlocked')),
  text: mainText('vaultUnlocked'),
};

/** Base64 of exactly `bytes` bytes (or, with `max`, from `bytes` to `max`). */
const base64Of = (bytes: number, max = bytes) =>
  z
    .string()
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'is not base64')
    .refine(
      (text) => {
        const length = Buffer.from(text, 'base64').length;
        return length >= bytes && length <= max;
      },
      `must hold ${bytes === max ? bytes : `${bytes} to ${max}`} bytes`,
    );

/** The file as written by save(); the KDF numbers are checked apart, against their bounds (vault-kdf.ts). */
const vaultFileSchema = z.object({
  version: z.literal(1),
  kdf: z.object({ name: z.literal('scrypt'), N: z.unknown(), r: z.unknown(), p: z.unknown(), salt: base64Of(16, 64) }),
  iv: base64Of(12),
  tag: base64Of(16),
  data: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'is not base64'),
});
type VaultFile = z.infer<typeof vaultFileSchema>;
const secretsSchema = z.record(z.string(), z.string());

export const checkPassphrase = (passphrase: string): void => {
  if (passphrase.length < MIN_PASSPHRASE)
    throw new ConsoleFailure('invalid-input', mainText('vaultPassphraseShort', { min: MIN_PASSPHRASE }));
};

export class VaultStore implements CredentialStore {
  private secrets: Map<string, string> | null = null;
  private key: Buffer | null = null;
  private salt: Buffer | null = null;
  private kdf: ScryptParameters = VAULT_KDF;

  private constructor(readonly path: string) {}

  static exists(path: string): boolean {
    return existsSync(path);
  }

  /** The vault on disk, locked until `unlock`. */
  static locked(path: string): VaultStore {
    return new VaultStore(path);
  }

  /** A new vault holding `initial` (e.g. the secrets of the session so far), unlocked. */
  static async create(path: string, passphrase: string, initial: Map<string, string>): Promise<VaultStore> {
    checkPassphrase(passphrase);
    if (existsSync(path)) throw new ConsoleFailure('conflict', mainText('vaultExists'));
    const vault = new VaultStore(path);
    vault.salt = randomBytes(16);
    vault.key = await deriveVaultKey(passphrase, vault.salt, VAULT_KDF);
    vault.secrets = new Map(initial);
    vault.save();
    return vault;
  }

  get status(): KeychainStatus {
    return this.secrets ? UNLOCKED : LOCKED;
  }

  get unlocked(): boolean {
    return this.secrets !== null;
  }

  /**
   * Checks the file, then derives the key and decrypts; a wrong passphrase fails the GCM tag check and
   * says so. A vault written with weaker parameters than new vaults get is re-keyed (new salt, new key,
   * same secrets) before this returns.
   */
  async unlock(passphrase: string): Promise<void> {
    const file = this.readFile();
    const kdf = checkKdfParameters(file.kdf, this.path);
    const salt = Buffer.from(file.kdf.salt, 'base64');
    const key = await deriveVaultKey(passphrase, salt, kdf);
    let plain: Buffer;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(file.iv, 'base64'));
      decipher.setAuthTag(Buffer.from(file.tag, 'base64'));
      plain = Buffer.concat([decipher.update(Buffer.from(file.data, 'base64')), decipher.final()]);
    } catch {
      throw new ConsoleFailure('wrong-passphrase', mainText('vaultWrongPassphrase'));
    }
    let values: Record<string, string>;
    try {
      values = secretsSchema.parse(JSON.parse(plain.toString('utf8')));
    } catch {
      throw this.unreadable('its decrypted content is not a list of secrets');
    }
    this.secrets = new Map(Object.entries(values));
    this.key = key;
    this.salt = salt;
    this.kdf = kdf;
    if (isWeakerThanCurrent(kdf)) await this.rekey(passphrase);
  }

  /**
   * Rewrites the vault under a new salt and a key derived with VAULT_KDF. The vault is open either way:
   * if the new file cannot be written, the old key stays in use and the next unlock tries again.
   */
  private async rekey(passphrase: string): Promise<void> {
    const previous = { key: this.key, salt: this.salt, kdf: this.kdf };
    this.salt = randomBytes(16);
    this.kdf = VAULT_KDF;
    this.key = await deriveVaultKey(passphrase, this.salt, VAULT_KDF);
    try {
      this.save();
    } catch {
      this.key.fill(0);
      this.key = previous.key;
      this.salt = previous.salt;
      this.kdf = previous.kdf;
      return;
    }
    previous.key?.fill(0);
  }

  private readFile(): VaultFile {
    let text: string;
    try {
      // A vault holds a few profiles' secrets: a file far larger is not one, and is not read into memory.
      const size = statSync(this.path).size;
      if (size > MAX_VAULT_BYTES)
        throw this.unreadable(`it is ${size} bytes, more than a vault ever holds (${MAX_VAULT_BYTES})`);
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if (error instanceof ConsoleFailure) throw error;
      throw this.unreadable((error as NodeJS.ErrnoException).code ?? (error as Error).message);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw this.unreadable('it is not JSON');
    }
    const parsed = vaultFileSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw this.unreadable(`${issue?.path.join('.') || 'the file'} ${issue?.message ?? 'is not a vault'}`);
    }
    return parsed.data;
  }

  private unreadable(why: string): ConsoleFailure {
    return new ConsoleFailure('vault-unreadable', mainText('vaultUnreadable', { path: this.path, reason: why }));
  }

  /** Forgets the key and the secrets in memory; the file stays. */
  lock(): void {
    this.secrets = null;
    this.key?.fill(0);
    this.key = null;
  }

  async get(account: string): Promise<string | null> {
    return this.open().get(account) ?? null;
  }

  async set(account: string, secret: string): Promise<void> {
    this.open().set(account, secret);
    this.save();
  }

  async delete(account: string): Promise<boolean> {
    const had = this.open().delete(account);
    if (had) this.save();
    return had;
  }

  async list(): Promise<string[]> {
    return [...this.open().keys()];
  }

  private open(): Map<string, string> {
    if (!this.secrets) throw new ConsoleFailure('vault-locked', mainText('vaultLocked'));
    return this.secrets;
  }

  private save(): void {
    if (!this.secrets || !this.key || !this.salt) throw new ConsoleFailure('vault-locked', mainText('vaultLocked'));
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([
      cipher.update(JSON.stringify(Object.fromEntries(this.secrets)), 'utf8'),
      cipher.final(),
    ]);
    const file: VaultFile = {
      version: 1,
      kdf: { name: 'scrypt', ...this.kdf, salt: this.salt.toString('base64') },
      iv: iv.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
      data: data.toString('base64'),
    };
    mkdirSync(dirname(this.path), { recursive: true });
    const temporary = `${this.path}.${randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(temporary, JSON.stringify(file), { mode: 0o600 });
    renameSync(temporary, this.path);
  }
}
