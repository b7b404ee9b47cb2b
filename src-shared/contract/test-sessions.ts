/**
 * `qa.*TestSession*`: manual test sessions and their verdicts, kept by main in the user-data folder
 * (qa-sessions.json, one qa-sessions/<id>.jsonl per session). While a session runs, main itself tags
 * every exchange and notification to it, so calls made with no window open are part of it too.
 */
import { z } from 'zod';
import { exchangeSchema } from '../exchange';
import { shopTrafficEntrySchema } from '../shop/traffic';
import { stepNotificationSchema } from './qa';
import { FORBIDDEN_KEYS } from '../forbidden-keys';
import { consoleErrorSchema } from '../result-schema';
import { rule } from '../rule-text';
import { event, method } from './define';

/** Session ids are UUIDs: main names a file after each, so nothing else may pass for one. */
export const testSessionIdSchema = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);

export const verdictSchema = z.object({
  passed: z.boolean(),
  note: z.string().max(20_000),
  at: z.string(),
});
export type Verdict = z.infer<typeof verdictSchema>;

export const testSessionSchema = z.object({
  id: testSessionIdSchema,
  name: z.string().max(200),
  tester: z.string().max(200),
  profileId: z.string(),
  profileName: z.string(),
  environment: z.string(),
  terminalId: z.string(),
  variant: z.string(),
  objective: z.string().max(20_000),
  startedAt: z.string(),
  /** Null while the session is running (at most one is). */
  endedAt: z.string().nullable(),
  /** Verdict per transaction id (or per entry id for calls without a transaction). */
  verdicts: z.record(z.string().max(300), verdictSchema),
});
export type TestSession = z.infer<typeof testSessionSchema>;

/** One thing that happened during a session: a gateway call (order, follow-up, lookup) or a notification. */
export const sessionEntrySchema = z.object({
  id: z.string().max(100),
  sessionId: testSessionIdSchema,
  at: z.string(),
  transactionId: z.string().nullable(),
  kind: z.enum(['exchange', 'notification']),
  exchange: exchangeSchema.nullable(),
  // The same short view of a notification a scenario step records.
  notification: stepNotificationSchema.nullable(),
  /**
   * For a session that owns the shop world: the shop's call or notification whole, as main recorded it
   * (the exchange / notification fields above are its view), so findings and certification judge it.
   */
  shop: shopTrafficEntrySchema.optional(),
});
export type SessionEntry = z.infer<typeof sessionEntrySchema>;

const noInput = z.undefined().or(z.object({}).strict());
const sessionsAnswer = z.object({ sessions: z.array(testSessionSchema), problems: z.array(consoleErrorSchema) });

export const testSessionsMethods = {
  'qa.testSessions': method(
    'Every test session, newest first; `problems` names records main set aside (kept in the file).',
    noInput,
    sessionsAnswer,
  ),
  'qa.testSessionEntries': method(
    "A session's calls and notifications, oldest first; `problems` names unreadable lines (kept in the file).",
    z.object({ sessionId: testSessionIdSchema }).strict(),
    z.object({ entries: z.array(sessionEntrySchema), problems: z.array(z.string()) }),
  ),
  'qa.startTestSession': method(
    'Start a session on a profile (a running one is ended first); main records its calls from now on.',
    z
      .object({
        name: z.string().trim().min(1).max(200),
        tester: z.string().trim().max(200),
        objective: z.string().trim().max(20_000),
        profileId: z.string().min(1).max(100),
        /** The id a Sandbox world was made under for this session (qa.openSessionWorld); new otherwise. */
        id: z.uuid().optional(),
      })
      .strict(),
    testSessionSchema,
  ),
  'qa.endTestSession': method('End the running session, if any.', noInput, sessionsAnswer),
  'qa.resumeTestSession': method(
    'Make an ended session the running one again (the one running now is ended first).',
    z.object({ id: testSessionIdSchema }).strict(),
    sessionsAnswer,
  ),
  'qa.deleteTestSession': method(
    'Delete a session with its recorded calls.',
    z.object({ id: testSessionIdSchema }).strict(),
    sessionsAnswer,
  ),
  'qa.setTestVerdict': method(
    'Mark one transaction (or call) of a session passed or failed, with a note.',
    z
      .object({
        sessionId: testSessionIdSchema,
        key: z
          .string()
          .min(1)
          .max(300)
          .superRefine((key, context) => {
            if (FORBIDDEN_KEYS.has(key))
              context.addIssue({ code: 'custom', message: rule('forbiddenObjectKey', { key, path: 'key' }) });
          }),
        passed: z.boolean(),
        note: z.string().max(20_000),
      })
      .strict(),
    sessionsAnswer,
  ),
  'qa.importTestSessions': method(
    "Move a browser's older IndexedDB sessions (with their entries) to main; a session main already has is kept as main has it.",
    z
      .object({
        sessions: z
          .array(z.object({ session: testSessionSchema, entries: z.array(sessionEntrySchema).max(100_000) }).strict())
          .max(1_000),
      })
      .strict(),
    z.object({ imported: z.number().int(), skipped: z.number().int() }),
  ),
};

export const testSessionsEvents = {
  'qa.testSessionsChanged': event(
    'A test session started, ended, changed or recorded a call or notification.',
    z.object({ sessionId: testSessionIdSchema.nullable() }),
  ),
};
