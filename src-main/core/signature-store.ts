import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { ConsoleFailure } from '@shared/result';
import type { CredentialStore } from '../credentials/credential-store';
import { backUp, readTextIfExists, writeFileAtomic } from './atomic-file';

const KEY_ACCOUNT = 'signature-store/key';
/** Oldest records are dropped beyond this, so the file stays small. */
const MAX_RECORDS = 20_000;

const recordSchema = z.object({
  profileId: z.string(),
  transactionId: z.string(),
  signature: z.string(),
  merchantTransactionId: z.string().nullable(),
  amount: z.number().nullable(),
  currency: z.string().nullable(),
  createdAt: z.string(),
});
export type TransactionRecord = z.infer<typeof recordSchema>;

/** What the gateway service needs from the stored signatures, whichever file holds them. */
export interface TransactionSignatures {
  readonly problems: string[];
  get(profileId: string, transactionId: string): TransactionRecord | undefined;
  put(record: TransactionRecord): Promise<void>;
  forgetProfile(profileId: string): Promise<void>;
}

const envelopeSchema = z.object({ version: z.literal(1), iv: z.string(), tag: z.string(), data: z.string() });

/**
 * transactionSignatures, per profile and transaction, so follow-up calls work after a restart.
 * They never leave main. At rest the whole file is AES-256-GCM encrypted with a key held in the
 * credential store (OS keychain): the file alone reveals nothing.
 */
export class SignatureStore implements TransactionSignatures {
  private readonly records = new Map<string, TransactionRecord>();
  readonly problems: string[] = [];

  private constructor(
    private readonly path: string,
    private readonly key: Buffer,
  ) {}

  static async open(path: string, credentials: CredentialStore, keyAccount = KEY_ACCOUNT): Promise<SignatureStore> {
    let keyText = await credentials.get(keyAccount);
    if (!keyText) {
      keyText = randomBytes(32).toString('base64');
      await credentials.set(keyAccount, keyText);
    }
    const store = new SignatureStore(path, Buffer.from(keyText, 'base64'));
    await store.load();
    return store;
  }

  private static id(profileId: string, transactionId: string): string {
    return `${profileId}\n${transactionId}`;
  }

  private async load(): Promise<void> {
    const text = await readTextIfExists(this.path);
    if (text === null) return;
    try {
      const envelope = envelopeSchema.parse(JSON.parse(text));
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(envelope.iv, 'base64'));
      decipher.setAuthTag(Buffer.from(envelope.tag, 'base64'));
      const plain = Buffer.concat([decipher.update(Buffer.from(envelope.data, 'base64')), decipher.final()]);
      for (const record of z.array(recordSchema).parse(JSON.parse(plain.toString('utf8')))) {
        this.records.set(SignatureStore.id(record.profileId, record.transactionId), record);
      }
    } catch {
      // Typically the keychain lost the key (e.g. a session-only store after a restart).
      const backup = await backUp(this.path, 'unreadable');
      this.problems.push(
        `Stored transaction signatures could not be decrypted (kept as ${backup}); follow-up calls for earlier transactions need a new order.`,
      );
    }
  }

  get(profileId: string, transactionId: string): TransactionRecord | undefined {
    return this.records.get(SignatureStore.id(profileId, transactionId));
  }

  async put(record: TransactionRecord): Promise<void> {
    this.records.set(SignatureStore.id(record.profileId, record.transactionId), record);
    while (this.records.size > MAX_RECORDS) this.records.delete(this.records.keys().next().value as string);
    await this.save();
  }

  async forgetProfile(profileId: string): Promise<void> {
    for (const [id, record] of this.records) if (record.profileId === profileId) this.records.delete(id);
    await this.save();
  }

  private async save(): Promise<void> {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(JSON.stringify([...this.records.values()]), 'utf8'), cipher.final()]);
    const envelope = {
      version: 1,
      iv: iv.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
      data: data.toString('base64'),
    };
    await writeFileAtomic(this.path, JSON.stringify(envelope));
  }
}

/**
 * The Sandbox profiles' signatures live in a file of their own whose key is kept with the Sandbox
 * credentials (user-data folder), so the Sandbox works across restarts on machines without a keychain;
 * every other profile's stay in the file keyed from the keychain (or the vault).
 */
export class SplitSignatureStore implements TransactionSignatures {
  constructor(
    private readonly sandbox: TransactionSignatures,
    private others: TransactionSignatures,
    private readonly isSandbox: (profileId: string) => boolean,
  ) {}

  /** Real profiles' store, opened again once its key is readable (the vault was unlocked). */
  replaceOthers(others: TransactionSignatures): void {
    this.others = others;
  }

  get problems(): string[] {
    return [...this.sandbox.problems, ...this.others.problems];
  }

  private storeOf(profileId: string): TransactionSignatures {
    return this.isSandbox(profileId) ? this.sandbox : this.others;
  }

  get(profileId: string, transactionId: string): TransactionRecord | undefined {
    return this.storeOf(profileId).get(profileId, transactionId);
  }

  put(record: TransactionRecord): Promise<void> {
    return this.storeOf(record.profileId).put(record);
  }

  forgetProfile(profileId: string): Promise<void> {
    return this.storeOf(profileId).forgetProfile(profileId);
  }
}

/** Stands in for real profiles' signatures while the vault holding their key is locked. */
export class LockedSignatures implements TransactionSignatures {
  readonly problems: string[] = [];

  constructor(private readonly reason: string) {}

  get(): TransactionRecord | undefined {
    return undefined;
  }

  async put(): Promise<void> {
    throw new ConsoleFailure('vault-locked', this.reason);
  }

  async forgetProfile(): Promise<void> {
    throw new ConsoleFailure('vault-locked', this.reason);
  }
}
