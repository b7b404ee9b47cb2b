/**
 * An encrypted file vault for machines without an OS keychain, chosen explicitly by the user and
 * unlocked with a passphrase after each start. The key is derived with scrypt (node:crypto) from the
 * passphrase and a random salt; the secrets are one AES-256-GCM encrypted JSON object, rewritten
 * whole through a temporary file and a rename (a crash leaves the old or the new vault, never half).
 * The passphrase itself is never stored; the derived key lives in memory while the vault is unlocked.
 */
import {
  createCipheriv,
  createDecipheriv,
  randomBytes,
  scrypt as scryptCallback,
  type ScryptOptions,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { KeychainStatus } from '@shared/contract/app';
import { ConsoleFailure } from '@shared/result';
import type { CredentialStore } from './credential-store';

/** 2^15 × 8 × 128 B = 32 MiB of memory per derivation: slow to guess, ~0.1 s to unlock. */
const KDF = { N: 2 ** 15, r: 8, p: 1 } as const;
const MIN_PASSPHRASE = 8;

const LOCKED: KeychainStatus = {
  backend: 'file-vault',
  available: false,
  detail: 'Secrets are in the encrypted file vault, which is locked: unlock it in Settings to use saved profiles.',
};
const UNLOCKED: KeychainStatus = {
  backend: 'file-vault',
  available: true,
  detail: 'Secrets are kept in an encrypted file vault (scrypt + AES-256-GCM), unlocked with your passphrase.',
};

interface VaultFile {
  version: 1;
  kdf: { name: 'scrypt'; N: number; r: number; p: number; salt: string };
  iv: string;
  tag: string;
  data: string;
}

const deriveKey = (passphrase: string, salt: Buffer, kdf: { N: number; r: number; p: number }): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const options: ScryptOptions = { N: kdf.N, r: kdf.r, p: kdf.p, maxmem: 256 * kdf.N * kdf.r };
    scryptCallback(passphrase.normalize('NFC'), salt, 32, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });

export const checkPassphrase = (passphrase: string): void => {
  if (passphrase.length < MIN_PASSPHRASE)
    throw new ConsoleFailure(
      'invalid-input',
      `The vault passphrase needs at least ${MIN_PASSPHRASE} characters; a longer phrase is safer.`,
    );
};

export class VaultStore implements CredentialStore {
  private secrets: Map<string, string> | null = null;
  private key: Buffer | null = null;
  private salt: Buffer | null = null;
  private kdf: { N: number; r: number; p: number } = KDF;

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
    if (existsSync(path))
      throw new ConsoleFailure('conflict', 'A credential vault already exists; unlock it with its passphrase.');
    const vault = new VaultStore(path);
    vault.salt = randomBytes(16);
    vault.key = await deriveKey(passphrase, vault.salt, KDF);
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

  /** Derives the key and decrypts; a wrong passphrase fails the GCM tag check and says so. */
  async unlock(passphrase: string): Promise<void> {
    let file: VaultFile;
    try {
      file = JSON.parse(readFileSync(this.path, 'utf8')) as VaultFile;
      if (file.version !== 1 || file.kdf?.name !== 'scrypt') throw new Error('unknown format');
    } catch (error) {
      throw new ConsoleFailure(
        'vault-unreadable',
        `The credential vault ${this.path} cannot be read: ${(error as Error).message}`,
      );
    }
    const salt = Buffer.from(file.kdf.salt, 'base64');
    const key = await deriveKey(passphrase, salt, file.kdf);
    let plain: Buffer;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(file.iv, 'base64'));
      decipher.setAuthTag(Buffer.from(file.tag, 'base64'));
      plain = Buffer.concat([decipher.update(Buffer.from(file.data, 'base64')), decipher.final()]);
    } catch {
      throw new ConsoleFailure('wrong-passphrase', 'That passphrase does not open the credential vault.');
    }
    const values = JSON.parse(plain.toString('utf8')) as Record<string, string>;
    this.secrets = new Map(Object.entries(values));
    this.key = key;
    this.salt = salt;
    this.kdf = { N: file.kdf.N, r: file.kdf.r, p: file.kdf.p };
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
    if (!this.secrets) throw new ConsoleFailure('vault-locked', LOCKED.detail);
    return this.secrets;
  }

  private save(): void {
    if (!this.secrets || !this.key || !this.salt) throw new ConsoleFailure('vault-locked', LOCKED.detail);
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
