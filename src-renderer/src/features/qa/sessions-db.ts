/**
 * Manual test sessions in their own IndexedDB database (separate from History, so its schema evolves on
 * its own). Rows are validated on read (design rule 6): a row that does not parse is skipped and counted,
 * never silently turned into something else.
 */
import { Dexie, type Table } from 'dexie';
import { z } from 'zod';
import { exchangeSchema } from '@shared/exchange';

export const SESSIONS_DB_NAME = 'gateway-console-qa-sessions';

export const verdictSchema = z.object({
  passed: z.boolean(),
  note: z.string(),
  at: z.string(),
});
export type Verdict = z.infer<typeof verdictSchema>;

export const testSessionSchema = z.object({
  id: z.string(),
  name: z.string(),
  tester: z.string(),
  profileId: z.string(),
  profileName: z.string(),
  environment: z.string(),
  terminalId: z.string(),
  variant: z.string(),
  objective: z.string(),
  startedAt: z.string(),
  /** Null while the session is running (at most one is). */
  endedAt: z.string().nullable(),
  /** Verdict per transaction id (or per entry id for calls without a transaction). */
  verdicts: z.record(z.string(), verdictSchema),
});
export type TestSession = z.infer<typeof testSessionSchema>;

/** One thing that happened during a session: a gateway call (order, follow-up, lookup) or a notification. */
export const sessionEntrySchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  at: z.string(),
  transactionId: z.string().nullable(),
  kind: z.enum(['exchange', 'notification']),
  exchange: exchangeSchema.nullable(),
  notification: z
    .object({
      seq: z.number().int(),
      notificationId: z.string(),
      transactionId: z.string().nullable(),
      paymentStatus: z.string().nullable(),
      duplicate: z.boolean(),
      receivedAt: z.string(),
    })
    .nullable(),
});
export type SessionEntry = z.infer<typeof sessionEntrySchema>;

export class SessionsDb extends Dexie {
  sessions!: Table<TestSession, string>;
  entries!: Table<SessionEntry, string>;

  constructor(name: string = SESSIONS_DB_NAME) {
    super(name);
    this.version(1).stores({ sessions: 'id, startedAt, endedAt', entries: 'id, sessionId, [sessionId+at]' });
  }
}

let shared: SessionsDb | null = null;
export const useSessionsDb = (): SessionsDb => (shared ??= new SessionsDb());

const valid = <T>(schema: z.ZodType<T>, rows: unknown[]): T[] =>
  rows.flatMap((row) => {
    const parsed = schema.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });

export async function listSessions(db: SessionsDb): Promise<TestSession[]> {
  return valid(testSessionSchema, await db.sessions.orderBy('startedAt').reverse().toArray());
}

export async function sessionEntries(db: SessionsDb, sessionId: string): Promise<SessionEntry[]> {
  return valid(
    sessionEntrySchema,
    await db.entries.where('[sessionId+at]').between([sessionId, Dexie.minKey], [sessionId, Dexie.maxKey]).toArray(),
  );
}
