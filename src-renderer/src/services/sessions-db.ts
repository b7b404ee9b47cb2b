/**
 * Manual test sessions as older consoles kept them, in their own IndexedDB database. Main keeps sessions
 * now (qa.*TestSession*); this database is read once to move what it holds to main. Rows are validated
 * on read (architecture rule 6): a row that does not parse is counted and left in place, never turned into
 * something else.
 */
import { Dexie, type Table } from 'dexie';
import type { z } from 'zod';
import {
  sessionEntrySchema,
  testSessionSchema,
  type SessionEntry,
  type TestSession,
} from '@shared/contract/test-sessions';

export {
  sessionEntrySchema,
  testSessionSchema,
  verdictSchema,
  type SessionEntry,
  type TestSession,
  type Verdict,
} from '@shared/contract/test-sessions';

export const SESSIONS_DB_NAME = 'gateway-console-qa-sessions';

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

const valid = <T>(schema: z.ZodType<T>, rows: unknown[]): { rows: T[]; invalid: number } => {
  const parsed = rows.map((row) => schema.safeParse(row));
  return {
    rows: parsed.flatMap((result) => (result.success ? [result.data] : [])),
    invalid: parsed.filter((result) => !result.success).length,
  };
};

/** Every readable session with its readable entries; `invalid` counts rows that could not be read. */
export async function legacySessions(
  db: SessionsDb,
): Promise<{ sessions: Array<{ session: TestSession; entries: SessionEntry[] }>; invalid: number }> {
  const sessions = valid(testSessionSchema, await db.sessions.toArray());
  let invalid = sessions.invalid;
  const result = [];
  for (const session of sessions.rows) {
    const entries = valid(
      sessionEntrySchema,
      await db.entries
        .where('[sessionId+at]')
        .between([session.id, Dexie.minKey], [session.id, Dexie.maxKey])
        .toArray(),
    );
    invalid += entries.invalid;
    result.push({ session, entries: entries.rows });
  }
  return { sessions: result, invalid };
}
