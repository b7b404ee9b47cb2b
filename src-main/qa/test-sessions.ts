import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { mainText } from '@shared/console-text';
import type { DeliveryRecord } from '@shared/contract/notifications';
import {
  sessionEntrySchema,
  testSessionSchema,
  type SessionEntry,
  type TestSession,
} from '@shared/contract/test-sessions';
import type { Exchange } from '@shared/exchange';
import { SHOP_WORLD_ID, worldOfProfileId } from '@shared/sandbox-worlds';
import { exchangeOfShopCall } from '@shared/shop/shop-exchange';
import type { ShopTrafficEntry } from '@shared/shop/traffic';
import { ConsoleFailure } from '@shared/result';
import { JsonDocument, recordListCodec, type StoredProblem } from '../common/json-document';
import { AppendOnlyLog } from '../common/append-only-log';

export const TEST_SESSIONS_FILE = 'qa-sessions.json';
/** Each session's calls and notifications: `<folder>/<session id>.jsonl`. */
export const TEST_SESSION_ENTRIES_DIR = 'qa-sessions';
const MAX_FILE_BYTES = 16 * 1024 * 1024;

type Stored = { records: TestSession[]; quarantined: unknown[] };
type SessionProfile = Pick<TestSession, 'profileId' | 'profileName' | 'environment' | 'terminalId' | 'variant'>;

/**
 * Manual test sessions and their verdicts, kept by main in the user-data folder. While a session runs,
 * main tags every exchange and notification it hands out to it (`recordExchange`, `recordNotification`),
 * so the session's evidence does not depend on a window being open. At most one session runs.
 */
export class TestSessions {
  private readonly document: JsonDocument<Stored>;
  private readonly logs = new Map<string, AppendOnlyLog<typeof sessionEntrySchema>>();
  /** The running session's id, known without a disk read so a call is tagged the moment it is recorded. */
  private activeId: string | null = null;

  constructor(
    private readonly userDataDir: string,
    private readonly onChange: (sessionId: string | null) => void = () => undefined,
    private readonly now: () => Date = () => new Date(),
  ) {
    const path = join(userDataDir, TEST_SESSIONS_FILE);
    this.document = new JsonDocument(path, {
      ...recordListCodec({
        schema: testSessionSchema,
        describe: (raw, index) => {
          const name = (raw as { name?: unknown } | null)?.name;
          return typeof name === 'string' ? `Test session "${name}"` : `Test session #${index + 1}`;
        },
        path,
      }),
      maxBytes: MAX_FILE_BYTES,
    });
  }

  /** Reads the file and remembers which session is running (call once before recording). */
  async load(): Promise<StoredProblem[]> {
    const { records } = await this.document.read();
    this.activeId = records.find((session) => session.endedAt === null)?.id ?? null;
    return [...this.document.problems];
  }

  async list(): Promise<{ sessions: TestSession[]; problems: StoredProblem[] }> {
    const { records } = await this.document.read();
    const sessions = [...records].sort((a, b) => b.startedAt.localeCompare(a.startedAt));
    return { sessions, problems: [...this.document.problems] };
  }

  async entries(sessionId: string): Promise<{ entries: SessionEntry[]; problems: string[] }> {
    await this.known(sessionId);
    return this.log(sessionId).read();
  }

  async start(input: {
    /** Given when a Sandbox world was made for the session first; must not name an existing session. */
    id?: string;
    name: string;
    tester: string;
    objective: string;
    profile: SessionProfile;
  }): Promise<TestSession> {
    const at = this.now().toISOString();
    if (input.id !== undefined && (await this.document.read()).records.some((record) => record.id === input.id))
      throw new ConsoleFailure('conflict', mainText('testSessionExists', { id: input.id }), { id: input.id });
    const session: TestSession = {
      id: input.id ?? randomUUID(),
      name: input.name,
      tester: input.tester,
      objective: input.objective,
      ...input.profile,
      startedAt: at,
      endedAt: null,
      verdicts: {},
    };
    await this.change((records) => [...records.map((record) => ended(record, at)), session]);
    this.activeId = session.id;
    this.onChange(session.id);
    return session;
  }

  async end(): Promise<void> {
    const at = this.now().toISOString();
    await this.change((records) => records.map((record) => ended(record, at)));
    const was = this.activeId;
    this.activeId = null;
    this.onChange(was);
  }

  async resume(id: string): Promise<void> {
    await this.known(id);
    const at = this.now().toISOString();
    await this.change((records) =>
      records.map((record) => (record.id === id ? { ...record, endedAt: null } : ended(record, at))),
    );
    this.activeId = id;
    this.onChange(id);
  }

  async remove(id: string): Promise<void> {
    await this.known(id);
    await this.change((records) => records.filter((record) => record.id !== id));
    if (this.activeId === id) this.activeId = null;
    this.logs.delete(id);
    await rm(this.entriesPath(id), { force: true });
    this.onChange(id);
  }

  async setVerdict(sessionId: string, key: string, passed: boolean, note: string): Promise<void> {
    await this.known(sessionId);
    const verdict = { passed, note, at: this.now().toISOString() };
    // The contract refuses a key naming object machinery; a computed key is an own property either way.
    await this.change((records) =>
      records.map((record) =>
        record.id === sessionId ? { ...record, verdicts: { ...record.verdicts, [key]: verdict } } : record,
      ),
    );
    this.onChange(sessionId);
  }

  recordExchange(exchange: Exchange): Promise<void> {
    return this.record({
      at: exchange.timings.startedAt,
      transactionId: exchange.transactionID,
      kind: 'exchange',
      exchange,
      notification: null,
    });
  }

  recordNotification(delivery: DeliveryRecord): Promise<void> {
    const parsed = delivery.notification;
    if (!parsed) return Promise.resolve();
    return this.record({
      at: delivery.receivedAt,
      transactionId: parsed.transactionId,
      kind: 'notification',
      exchange: null,
      notification: {
        seq: delivery.seq,
        notificationId: parsed.notificationId,
        transactionId: parsed.transactionId,
        paymentStatus: parsed.paymentStatus,
        duplicate: delivery.duplicate,
        receivedAt: delivery.receivedAt,
      },
    });
  }

  /**
   * The shop under test's call or notification (kept at `recordSeq` in main's record), when the running
   * session owns the shop world (it was started on one of the shop world's profiles): the shop's traffic
   * is that session's evidence.
   */
  recordShop(recordSeq: number, entry: ShopTrafficEntry): Promise<void> {
    const sessionId = this.activeId;
    // The record also holds what the recording proxy forwarded: not the shop world's, not its evidence.
    if (!sessionId || entry.worldId !== SHOP_WORLD_ID) return Promise.resolve();
    const base =
      entry.kind === 'call'
        ? {
            at: entry.receivedAt,
            transactionId: entry.transactionID,
            kind: 'exchange' as const,
            exchange: exchangeOfShopCall(recordSeq, entry),
            notification: null,
          }
        : {
            at: entry.sentAt,
            transactionId: entry.transactionID,
            kind: 'notification' as const,
            exchange: null,
            notification: {
              seq: recordSeq,
              notificationId: entry.notificationID,
              transactionId: entry.transactionID,
              paymentStatus: entry.paymentStatus,
              duplicate: entry.copy || entry.attempt > 1,
              receivedAt: entry.sentAt,
            },
          };
    // Only sessions that own the shop world take its traffic; the check reads the kept session (no disk read).
    return this.document.read().then((stored) => {
      const session = stored.records.find((record) => record.id === sessionId);
      if (!session || worldOfProfileId(session.profileId) !== SHOP_WORLD_ID) return;
      // Numbered by the record, as the Traffic view numbers it: unique even across the world's restarts.
      return this.record({ ...base, shop: { ...entry, seq: recordSeq } });
    });
  }

  /** The shop traffic a session kept as evidence, oldest first (empty for a session that does not own the shop world). */
  async shopEvidence(sessionId: string): Promise<{ session: TestSession; entries: ShopTrafficEntry[] }> {
    await this.known(sessionId);
    const { records } = await this.document.read();
    const session = records.find((record) => record.id === sessionId)!;
    const { entries } = await this.log(sessionId).read();
    return { session, entries: entries.flatMap((entry) => (entry.shop ? [entry.shop] : [])) };
  }

  /**
   * Sessions from a browser's older store. A session main already has keeps its record as main has it;
   * entries are merged by id, so a page may send a long session's entries over several calls and a
   * repeated call adds nothing.
   */
  async importFromBrowser(
    sessions: Array<{ session: TestSession; entries: SessionEntry[] }>,
  ): Promise<{ imported: number; skipped: number }> {
    const { records } = await this.document.read();
    const known = new Set(records.map((record) => record.id));
    // Entries first: a session that is listed always has its evidence with it.
    for (const { session, entries } of sessions) {
      const log = this.log(session.id);
      const have = new Set((await log.read()).entries.map((entry) => entry.id));
      for (const entry of entries)
        if (entry.sessionId === session.id && !have.has(entry.id)) {
          await log.append(entry);
          have.add(entry.id);
        }
    }
    // Only one session may run: an imported running one is ended unless main has none running.
    let running = this.activeId;
    const at = this.now().toISOString();
    const added: TestSession[] = [];
    for (const { session } of sessions) {
      if (known.has(session.id) || added.some((other) => other.id === session.id)) continue;
      if (session.endedAt === null && running === null) running = session.id;
      added.push(session.endedAt === null && running !== session.id ? ended(session, at) : session);
    }
    if (added.length) await this.change((current) => [...current, ...added]);
    this.activeId = running;
    if (added.length) this.onChange(this.activeId);
    return { imported: added.length, skipped: sessions.length - added.length };
  }

  private record(entry: Omit<SessionEntry, 'id' | 'sessionId'>): Promise<void> {
    const sessionId = this.activeId;
    if (!sessionId) return Promise.resolve();
    // Enqueued now (not after an await), so a page that reads the entries after this event sees it.
    return this.log(sessionId)
      .append({ id: randomUUID(), sessionId, ...entry })
      .then(() => this.onChange(sessionId));
  }

  private async known(id: string): Promise<void> {
    const { records } = await this.document.read();
    if (!records.some((record) => record.id === id))
      throw new ConsoleFailure('not-found', mainText('testSessionNotFound', { id }), { id });
  }

  private change(update: (records: TestSession[]) => TestSession[]): Promise<void> {
    return this.document.update((current) => ({
      value: { ...current, records: update(current.records) },
      result: undefined,
    }));
  }

  private entriesPath(id: string): string {
    // Ids are UUIDs (the contract and the file schema say so): the name cannot leave the folder.
    return join(this.userDataDir, TEST_SESSION_ENTRIES_DIR, `${id}.jsonl`);
  }

  private log(id: string): AppendOnlyLog<typeof sessionEntrySchema> {
    let log = this.logs.get(id);
    if (!log) {
      log = new AppendOnlyLog(this.entriesPath(id), sessionEntrySchema, 'test-session entry');
      this.logs.set(id, log);
    }
    return log;
  }
}

const ended = (session: TestSession, at: string): TestSession =>
  session.endedAt === null ? { ...session, endedAt: at } : session;
