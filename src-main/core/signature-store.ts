import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { ConsoleFailure, type FailureMessage } from '@shared/result';
import { mainText } from '@shared/console-text';
import type { CredentialStore } from '../credentials/credential-store';
import { appendFile, mkdir, readFile, truncate } from 'node:fs/promises';
import { dirname } from 'node:path';
import { backUp, writeFileAtomic } from '../common/atomic-file';

const KEY_ACCOUNT = 'signature-store/key';

const recordSchema = z.object({
  profileId: z.string(),
  transactionId: z.string(),
  signature: z.string(),
  merchantTransactionId: z.string().nullable(),
  amount: z.number().nullable(),
  currency: z.string().nullable(),
  /** The order's paymentMethod list (absent in records kept before it was). */
  paymentMethods: z.array(z.string()).nullable().optional(),
  /** Real actionTokens of the order's actionResponse (Variant B): the renderer only ever sees them masked. */
  actionTokens: z.array(z.string()).optional(),
  /** The action urls the gateway returned for the transaction: its action step is sent to these only. */
  actionUrls: z.array(z.string()).optional(),
  createdAt: z.string(),
  /**
   * The final paymentStatus main learned for the transaction (status or follow-up answer, notification)
   * and when: money-moving follow-ups are refused on it (finals never change).
   */
  final: z
    .object({ status: z.string(), learnedAt: z.string(), source: z.enum(['status', 'follow-up', 'notification']) })
    .optional(),
  /** The customer data of the order as sent, in clear: only main reads it (masked views, audited reveals). */
  customer: z.record(z.string(), z.string()).optional(),
});
export type TransactionRecord = z.infer<typeof recordSchema>;

/** What the gateway service needs from the stored signatures, whichever file holds them. */
export interface TransactionSignatures {
  /** Said at start-up (a notice), by text id. */
  readonly problems: FailureMessage[];
  get(profileId: string, transactionId: string): TransactionRecord | undefined;
  /** The transaction's record on whichever profile created it (transactionIDs are the gateway's, unique). */
  findTransaction(transactionId: string): TransactionRecord | undefined;
  /** The profile's transaction created with this merchantTransactionId, if any (the newest). */
  findByMerchantTransactionId(profileId: string, merchantTransactionId: string): TransactionRecord | undefined;
  put(record: TransactionRecord): Promise<void>;
  forgetProfile(profileId: string): Promise<void>;
}

/** The whole-file format before the journal: one envelope around the JSON array of records. */
const legacyEnvelopeSchema = z.object({ version: z.literal(1), iv: z.string(), tag: z.string(), data: z.string() });
const LEGACY_START = '{"version":1';
/** One journal line: its own AES-256-GCM envelope around one change. */
const lineEnvelopeSchema = z.object({ v: z.literal(2), iv: z.string(), tag: z.string(), data: z.string() });
const changeSchema = z.union([z.object({ put: recordSchema }).strict(), z.object({ forget: z.string() }).strict()]);
type Change = z.infer<typeof changeSchema>;

/** The journal is rewritten from the records once it holds this many more lines than records. */
const COMPACT_SLACK = 256;
const NEWLINE = 0x0a;

/**
 * transactionSignatures (and a Variant B order's actionTokens), per profile and transaction, so follow-up
 * calls work after a restart. They never leave main. At rest the file is an append-only journal, one line
 * per change, each line AES-256-GCM encrypted on its own with a key held in the credential store (OS
 * keychain): a create costs one short append instead of rewriting every signature, and the file alone
 * reveals nothing. A kill -9 mid-append leaves at most a torn last line, which is dropped on load; the
 * journal is compacted (rewritten atomically from the records) once stale lines dominate.
 */
export class SignatureStore implements TransactionSignatures {
  private readonly records = new Map<string, TransactionRecord>();
  /** profileId + merchantTransactionId → transactionId, so a reused merchantTransactionId is found at once. */
  private readonly byMerchantId = new Map<string, string>();
  readonly problems: FailureMessage[] = [];
  /** Lines in the journal on disk: compaction is due when they outnumber the records by far. */
  private lines = 0;
  /** Appends and rewrites run one at a time, in call order. */
  private writing: Promise<void> = Promise.resolve();

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
    return SignatureStore.openWithKey(path, Buffer.from(keyText, 'base64'));
  }

  /** The same store with a key its caller holds (32 bytes), e.g. one derived from a profile's own secrets. */
  static async openWithKey(path: string, key: Buffer): Promise<SignatureStore> {
    if (key.length !== 32) throw new Error('A signature store key must be 32 bytes.');
    const store = new SignatureStore(path, key);
    await store.load();
    return store;
  }

  private static id(profileId: string, transactionId: string): string {
    return `${profileId}\n${transactionId}`;
  }

  private async load(): Promise<void> {
    const bytes = await readIfExists(this.path);
    if (bytes === null || bytes.length === 0) return;
    if (!bytes.includes(NEWLINE) && bytes.subarray(0, LEGACY_START.length).toString('utf8') === LEGACY_START) {
      // A file written before the journal: one envelope, no newline. Read it, then rewrite it as a journal.
      if (this.loadLegacy(bytes.toString('utf8'))) await this.compact();
      else await this.setAsideUnreadable(1);
      return;
    }
    const lastNewline = bytes.lastIndexOf(NEWLINE);
    const complete = bytes
      .subarray(0, lastNewline + 1)
      .toString('utf8')
      .split('\n');
    complete.pop();
    let unreadable = 0;
    for (const line of complete) {
      if (!line) continue;
      const change = this.openLine(line);
      if (change) {
        this.apply(change);
        this.lines += 1;
      } else unreadable += 1;
    }
    const tail = bytes.subarray(lastNewline + 1);
    if (unreadable) return this.setAsideUnreadable(unreadable);
    // A torn last line (kill -9 mid-append): the change it held never completed, so it was never
    // acknowledged. Cut it off, so the next append starts on a line of its own.
    if (tail.length) await truncate(this.path, lastNewline + 1);
    if (this.compactionDue()) await this.compact();
  }

  private loadLegacy(text: string): boolean {
    try {
      const envelope = legacyEnvelopeSchema.parse(JSON.parse(text));
      const plain = this.decrypt(envelope.iv, envelope.tag, envelope.data);
      for (const record of z.array(recordSchema).parse(JSON.parse(plain))) this.apply({ put: record });
      return true;
    } catch {
      return false;
    }
  }

  /** Unreadable lines (typically: the keychain lost the key) are kept in a backup, never silently dropped. */
  private async setAsideUnreadable(unreadable: number): Promise<void> {
    const backup = await backUp(this.path, 'unreadable');
    this.problems.push(
      this.records.size === 0
        ? mainText('signaturesUnreadableAll', { backup })
        : mainText('signaturesUnreadableSome', { count: unreadable, backup }),
    );
    await this.compact();
  }

  get(profileId: string, transactionId: string): TransactionRecord | undefined {
    return this.records.get(SignatureStore.id(profileId, transactionId));
  }

  findTransaction(transactionId: string): TransactionRecord | undefined {
    for (const record of this.records.values()) if (record.transactionId === transactionId) return record;
    return undefined;
  }

  findByMerchantTransactionId(profileId: string, merchantTransactionId: string): TransactionRecord | undefined {
    const transactionId = this.byMerchantId.get(SignatureStore.id(profileId, merchantTransactionId));
    return transactionId === undefined ? undefined : this.get(profileId, transactionId);
  }

  async put(record: TransactionRecord): Promise<void> {
    this.apply({ put: record });
    await this.append({ put: record });
  }

  async forgetProfile(profileId: string): Promise<void> {
    const before = this.records.size;
    this.apply({ forget: profileId });
    if (this.records.size !== before) await this.append({ forget: profileId });
  }

  /** One change to the records, the same whether it comes from a call or from replaying the journal. */
  private apply(change: Change): void {
    if ('put' in change) {
      const { put: record } = change;
      // Every record is kept, however many: a dropped signature would make its transaction's follow-up
      // calls (capture, refund, cancel) impossible. A record is a few hundred bytes on one journal line.
      this.records.set(SignatureStore.id(record.profileId, record.transactionId), record);
      if (record.merchantTransactionId !== null)
        this.byMerchantId.set(SignatureStore.id(record.profileId, record.merchantTransactionId), record.transactionId);
    } else {
      for (const [id, record] of this.records) if (record.profileId === change.forget) this.drop(id);
    }
  }

  private drop(id: string): void {
    const record = this.records.get(id);
    this.records.delete(id);
    if (record?.merchantTransactionId == null) return;
    const key = SignatureStore.id(record.profileId, record.merchantTransactionId);
    if (this.byMerchantId.get(key) === record.transactionId) this.byMerchantId.delete(key);
  }

  private append(change: Change): Promise<void> {
    const line = `${this.sealLine(change)}\n`;
    return this.serially(async () => {
      await mkdir(dirname(this.path), { recursive: true });
      await appendFile(this.path, line, { mode: 0o600 });
      this.lines += 1;
      if (this.compactionDue()) await this.rewrite();
    });
  }

  private compactionDue(): boolean {
    return this.lines > 2 * this.records.size + COMPACT_SLACK;
  }

  private compact(): Promise<void> {
    return this.serially(() => this.rewrite());
  }

  /** The journal rewritten from the records, atomically: one line per record. */
  private async rewrite(): Promise<void> {
    const lines = [...this.records.values()].map((record) => `${this.sealLine({ put: record })}\n`);
    await writeFileAtomic(this.path, lines.join(''));
    this.lines = lines.length;
  }

  private serially(work: () => Promise<void>): Promise<void> {
    const next = this.writing.then(work, work);
    this.writing = next.catch(() => undefined);
    return next;
  }

  private sealLine(change: Change): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(JSON.stringify(change), 'utf8'), cipher.final()]);
    return JSON.stringify({
      v: 2,
      iv: iv.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
      data: data.toString('base64'),
    });
  }

  /** The change a line holds, or null when it does not decrypt or is not a valid change. */
  private openLine(line: string): Change | null {
    try {
      const envelope = lineEnvelopeSchema.parse(JSON.parse(line));
      const parsed = changeSchema.safeParse(JSON.parse(this.decrypt(envelope.iv, envelope.tag, envelope.data)));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  private decrypt(iv: string, tag: string, data: string): string {
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
  }
}

async function readIfExists(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
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

  get problems(): FailureMessage[] {
    return [...this.sandbox.problems, ...this.others.problems];
  }

  private storeOf(profileId: string): TransactionSignatures {
    return this.isSandbox(profileId) ? this.sandbox : this.others;
  }

  get(profileId: string, transactionId: string): TransactionRecord | undefined {
    return this.storeOf(profileId).get(profileId, transactionId);
  }

  findTransaction(transactionId: string): TransactionRecord | undefined {
    return this.sandbox.findTransaction(transactionId) ?? this.others.findTransaction(transactionId);
  }

  findByMerchantTransactionId(profileId: string, merchantTransactionId: string): TransactionRecord | undefined {
    return this.storeOf(profileId).findByMerchantTransactionId(profileId, merchantTransactionId);
  }

  put(record: TransactionRecord): Promise<void> {
    return this.storeOf(record.profileId).put(record);
  }

  forgetProfile(profileId: string): Promise<void> {
    return this.storeOf(profileId).forgetProfile(profileId);
  }
}

/** Stands in for real profiles' signatures while the vault holding their key is locked (or missing). */
export class LockedSignatures implements TransactionSignatures {
  readonly problems: string[] = [];

  constructor(
    private readonly reason: FailureMessage,
    private readonly code: 'vault-locked' | 'vault-missing' = 'vault-locked',
  ) {}

  get(): TransactionRecord | undefined {
    return undefined;
  }

  findTransaction(): TransactionRecord | undefined {
    return undefined;
  }

  findByMerchantTransactionId(): TransactionRecord | undefined {
    return undefined;
  }

  async put(): Promise<void> {
    throw new ConsoleFailure(this.code, this.reason);
  }

  async forgetProfile(): Promise<void> {
    throw new ConsoleFailure(this.code, this.reason);
  }
}
