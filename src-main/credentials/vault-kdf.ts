/**
 * The vault's key derivation: scrypt (node:crypto; Node 20 has no Argon2id) with parameters that are
 * written into the vault file. The file is outside text: its parameters are checked against fixed bounds
 * before anything is derived, so a tampered or corrupted file cannot make an unlock take gigabytes of
 * memory or minutes of CPU, nor reach scrypt with values it rejects as an "internal" error.
 */
import { scrypt as scryptCallback, type ScryptOptions } from 'node:crypto';
import { ConsoleFailure } from '@shared/result';
import { mainText } from '@shared/console-text';

export interface ScryptParameters {
  N: number;
  r: number;
  p: number;
}

/** New vaults, and older ones re-keyed at unlock: 2^17 × 8 × 128 B = 128 MiB per derivation (OWASP's scrypt floor). */
export const VAULT_KDF: Readonly<ScryptParameters> = { N: 2 ** 17, r: 8, p: 1 };

/**
 * What an existing vault file may ask for. The lower ends admit vaults written by earlier versions
 * (N = 2^15), which are re-keyed at their next unlock; the upper ends keep one unlock under 256 MiB
 * and a few seconds on a slow laptop.
 */
export const KDF_BOUNDS = {
  minLogN: 14,
  maxLogN: 18,
  r: { min: 1, max: 16 },
  p: { min: 1, max: 4 },
  maxMemoryBytes: 256 * 1024 * 1024,
  /** N·r·p, proportional to the time one derivation takes: at most 4× what new vaults use. */
  maxWork: 4 * VAULT_KDF.N * VAULT_KDF.r * VAULT_KDF.p,
} as const;

/** The memory scrypt needs for these parameters (128·N·r bytes, plus its small fixed part). */
const memoryOf = (kdf: ScryptParameters): number => 128 * kdf.N * kdf.r;

const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

/** Throws `vault-unreadable` naming the first parameter out of bounds; never derives anything. */
export function checkKdfParameters(kdf: { N?: unknown; r?: unknown; p?: unknown }, path: string): ScryptParameters {
  const refuse = (what: string): never => {
    throw new ConsoleFailure('vault-unreadable', mainText('vaultKdfRefused', { path, reason: what }), {
      reason: 'kdf-parameters',
      parameter: what.split(' ')[0] ?? what,
    });
  };
  const { N, r, p } = kdf;
  if (!isWhole(N) || N < 2 ** KDF_BOUNDS.minLogN || N > 2 ** KDF_BOUNDS.maxLogN || (N & (N - 1)) !== 0)
    refuse(`N must be a power of two from 2^${KDF_BOUNDS.minLogN} to 2^${KDF_BOUNDS.maxLogN}`);
  if (!isWhole(r) || r < KDF_BOUNDS.r.min || r > KDF_BOUNDS.r.max)
    refuse(`r must be a whole number from ${KDF_BOUNDS.r.min} to ${KDF_BOUNDS.r.max}`);
  if (!isWhole(p) || p < KDF_BOUNDS.p.min || p > KDF_BOUNDS.p.max)
    refuse(`p must be a whole number from ${KDF_BOUNDS.p.min} to ${KDF_BOUNDS.p.max}`);
  const checked = { N: N as number, r: r as number, p: p as number };
  if (memoryOf(checked) > KDF_BOUNDS.maxMemoryBytes)
    refuse(`N×r needs more than ${KDF_BOUNDS.maxMemoryBytes / 1024 / 1024} MiB`);
  if (checked.N * checked.r * checked.p > KDF_BOUNDS.maxWork) refuse('N×r×p is more work than an unlock may take');
  return checked;
}

/** True when a vault written with `kdf` should be re-keyed with VAULT_KDF (it is cheaper to guess). */
export const isWeakerThanCurrent = (kdf: ScryptParameters): boolean =>
  kdf.N * kdf.r * kdf.p < VAULT_KDF.N * VAULT_KDF.r * VAULT_KDF.p || memoryOf(kdf) < memoryOf(VAULT_KDF);

/** Derives the 32-byte AES key; `kdf` must have passed checkKdfParameters (or be VAULT_KDF). */
export const deriveVaultKey = (passphrase: string, salt: Buffer, kdf: ScryptParameters): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    // scrypt refuses to use more than `maxmem` (32 MiB by default): allow what the parameters need, with room.
    const options: ScryptOptions = { N: kdf.N, r: kdf.r, p: kdf.p, maxmem: 2 * memoryOf(kdf) };
    scryptCallback(passphrase.normalize('NFC'), salt, 32, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
