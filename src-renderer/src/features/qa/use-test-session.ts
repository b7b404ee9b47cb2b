/**
 * Manual test sessions: "Start test session" tags every order, follow-up, lookup and notification that
 * happens until "End session" to it (from the core's push events, whichever screen the tester works on),
 * and the tester marks each transaction pass or fail with a note. Persisted in IndexedDB: a session still
 * running when the console closed is running again when it opens (and can be ended, resumed, deleted).
 */
import { ref, shallowRef } from 'vue';
import type { Exchange } from '@shared/exchange';
import type { DeliveryRecord } from '@shared/contract/notifications';
import type { ReportFormat } from '@shared/contract/qa';
import { buildReport } from '@shared/qa/reports';
import { useConsoleApi } from '../../api';
import { redactBody } from '../../db/redact-export';
import { sessionAsRun } from './session-report';
import { listSessions, sessionEntries, useSessionsDb, type SessionEntry, type TestSession } from './sessions-db';

const sessions = shallowRef<TestSession[]>([]);
const active = shallowRef<TestSession | null>(null);
const entries = shallowRef<SessionEntry[]>([]);
const error = ref<string | null>(null);
let started = false;

async function refresh(): Promise<void> {
  const db = useSessionsDb();
  sessions.value = await listSessions(db);
  active.value = sessions.value.find((session) => session.endedAt === null) ?? null;
  entries.value = active.value ? await sessionEntries(db, active.value.id) : [];
}

async function record(entry: Omit<SessionEntry, 'id' | 'sessionId'>): Promise<void> {
  const session = active.value;
  if (!session) return;
  const row: SessionEntry = { id: crypto.randomUUID(), sessionId: session.id, ...entry };
  await useSessionsDb().entries.put(row);
  if (active.value?.id === session.id) entries.value = [...entries.value, row];
}

const onExchange = (exchange: Exchange) =>
  void record({
    at: exchange.timings.startedAt,
    transactionId: exchange.transactionID,
    kind: 'exchange',
    exchange,
    notification: null,
  });

const onNotification = (delivery: DeliveryRecord) => {
  const parsed = delivery.notification;
  if (!parsed) return;
  void record({
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
};

export function useTestSession() {
  /** Called once at start-up: listens for calls and notifications and restores a running session. */
  function start(): void {
    if (started) return;
    started = true;
    const api = useConsoleApi();
    api.on('exchanges.recorded', onExchange);
    api.on('notifications.received', onNotification);
    void refresh().catch((cause: unknown) => (error.value = String(cause)));
  }

  async function begin(input: {
    name: string;
    tester: string;
    objective: string;
    profile: { id: string; name: string; environment: string; terminalId: string; variant: string };
    /** Given when the session has a Sandbox world of its own (made under this id first). */
    id?: string;
  }): Promise<void> {
    if (active.value) await end();
    const session: TestSession = {
      id: input.id ?? crypto.randomUUID(),
      name: input.name,
      tester: input.tester,
      objective: input.objective,
      profileId: input.profile.id,
      profileName: input.profile.name,
      environment: input.profile.environment,
      terminalId: input.profile.terminalId,
      variant: input.profile.variant,
      startedAt: new Date().toISOString(),
      endedAt: null,
      verdicts: {},
    };
    await useSessionsDb().sessions.put(session);
    await refresh();
  }

  async function end(): Promise<void> {
    if (!active.value) return;
    await useSessionsDb().sessions.update(active.value.id, { endedAt: new Date().toISOString() });
    await refresh();
  }

  /** Makes an ended session the running one again (the one running now, if any, is ended first). */
  async function resume(id: string): Promise<void> {
    const db = useSessionsDb();
    if (active.value && active.value.id !== id)
      await db.sessions.update(active.value.id, { endedAt: new Date().toISOString() });
    await db.sessions.update(id, { endedAt: null });
    await refresh();
  }

  async function remove(id: string): Promise<void> {
    const db = useSessionsDb();
    await db.transaction('rw', db.sessions, db.entries, async () => {
      await db.entries.where('sessionId').equals(id).delete();
      await db.sessions.delete(id);
    });
    // The session's own Sandbox world (if it had one) goes with it; none is a no-op in main.
    await useConsoleApi()['qa.closeSessionWorld']({ sessionId: id });
    await refresh();
  }

  async function setVerdict(sessionId: string, key: string, passed: boolean, note: string): Promise<void> {
    const db = useSessionsDb();
    const session = await db.sessions.get(sessionId);
    if (!session) return;
    await db.sessions.update(sessionId, {
      verdicts: { ...session.verdicts, [key]: { passed, note, at: new Date().toISOString() } },
    });
    await refresh();
  }

  /** The session's report, through the exports' redaction (signatures, card data) like any export. */
  async function report(sessionId: string, format: ReportFormat, consoleVersion: string) {
    const db = useSessionsDb();
    const session = (await listSessions(db)).find((item) => item.id === sessionId);
    if (!session) return null;
    return buildReport(sessionAsRun(session, await sessionEntries(db, sessionId), consoleVersion), format, redactBody);
  }

  return { sessions, active, entries, error, start, begin, end, resume, remove, setVerdict, report, refresh };
}
