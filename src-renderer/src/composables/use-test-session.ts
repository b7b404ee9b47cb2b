/**
 * Manual test sessions: "Start test session" tags every order, follow-up, lookup and notification that
 * happens until "End session" to it, and the tester marks each transaction pass or fail with a note.
 * Main keeps the sessions and does the tagging (in the user-data folder), so a session survives a
 * restart, a new browser origin and calls made with no window open; this page shows main's record and
 * follows it through `qa.testSessionsChanged`.
 */
import { ref, shallowRef } from 'vue';
import type { ReportFormat } from '@shared/contract/qa';
import type { ConsoleError } from '@shared/result';
import { useConsoleApi } from '../api';
import { consoleErrorText } from '../i18n/console-error';
import { t } from '../i18n';
import type { SessionEntry, TestSession } from '../services/sessions-db';

const sessions = shallowRef<TestSession[]>([]);
const active = shallowRef<TestSession | null>(null);
const entries = shallowRef<SessionEntry[]>([]);
const error = ref<string | null>(null);
/** What main could not read in its files (kept aside there), in the user's language. */
const problems = ref<string[]>([]);
let started = false;

/** The host takes request bodies up to 1 MiB: a long session's entries go over several calls. */
const CHUNK_BYTES = 512 * 1024;

const failed = (cause: ConsoleError | unknown): void => {
  error.value =
    typeof cause === 'object' && cause !== null && 'code' in cause
      ? consoleErrorText(cause as ConsoleError)
      : String(cause);
};

async function refresh(): Promise<void> {
  const api = useConsoleApi();
  const listed = await api['qa.testSessions']();
  if (!listed.ok) return failed(listed.error);
  sessions.value = listed.value.sessions;
  problems.value = listed.value.problems.map((problem) => consoleErrorText(problem));
  active.value = sessions.value.find((session) => session.endedAt === null) ?? null;
  if (!active.value) {
    entries.value = [];
    return;
  }
  const recorded = await api['qa.testSessionEntries']({ sessionId: active.value.id });
  if (!recorded.ok) return failed(recorded.error);
  entries.value = recorded.value.entries;
}

let following: Promise<void> | null = null;
let changedAgain = false;
/**
 * Main says a session changed for every call it tags: during a bulk refresh that is hundreds a second.
 * One reading of main's record runs at a time, and changes that arrive meanwhile are covered by one
 * more reading after it, not by one each.
 */
function followChange(): void {
  if (following) {
    changedAgain = true;
    return;
  }
  following = refresh()
    .catch(failed)
    .finally(() => {
      following = null;
      if (changedAgain) {
        changedAgain = false;
        followChange();
      }
    });
}

/**
 * Sessions an older console kept in this browser go to main, once: a session's rows are deleted here
 * only after main has all its entries, so an interrupted move is simply done again on the next start.
 */
async function moveLegacySessions(): Promise<void> {
  // Only a browser an older console used holds any: the reader is fetched after the first paint.
  const { legacySessions, useSessionsDb } = await import('../services/sessions-db');
  const db = useSessionsDb();
  const legacy = await legacySessions(db);
  if (legacy.invalid > 0)
    problems.value = [...problems.value, t('qa.session.legacyUnreadable', { count: legacy.invalid })];
  for (const { session, entries: all } of legacy.sessions) {
    const chunks: SessionEntry[][] = [[]];
    let bytes = 0;
    for (const entry of all) {
      const size = JSON.stringify(entry).length;
      if (bytes + size > CHUNK_BYTES && chunks[chunks.length - 1]!.length > 0) {
        chunks.push([]);
        bytes = 0;
      }
      chunks[chunks.length - 1]!.push(entry);
      bytes += size;
    }
    for (const chunk of chunks) {
      const moved = await useConsoleApi()['qa.importTestSessions']({ sessions: [{ session, entries: chunk }] });
      if (!moved.ok) return failed(moved.error);
    }
    await db.transaction('rw', db.sessions, db.entries, async () => {
      await db.entries.where('sessionId').equals(session.id).delete();
      await db.sessions.delete(session.id);
    });
  }
}

/** Runs a change in main, then shows main's record. */
async function change(call: () => Promise<{ ok: true } | { ok: false; error: ConsoleError }>): Promise<void> {
  const result = await call();
  if (!result.ok) failed(result.error);
  else error.value = null;
  await refresh();
}

export function useTestSession() {
  /** Called once at start-up: follows main's sessions (and hands over any this browser still holds). */
  function start(): void {
    if (started) return;
    started = true;
    const api = useConsoleApi();
    api.on('qa.testSessionsChanged', followChange);
    void moveLegacySessions().catch(failed).then(refresh).catch(failed);
  }

  async function begin(input: {
    name: string;
    tester: string;
    objective: string;
    profile: { id: string };
    /** Given when the session has a Sandbox world of its own (made under this id first). */
    id?: string;
  }): Promise<void> {
    const { name, tester, objective } = input;
    await change(() =>
      useConsoleApi()['qa.startTestSession']({
        name,
        tester,
        objective,
        profileId: input.profile.id,
        ...(input.id ? { id: input.id } : {}),
      }),
    );
  }

  const end = () => change(() => useConsoleApi()['qa.endTestSession']());

  /** Makes an ended session the running one again (the one running now, if any, is ended first). */
  const resume = (id: string) => change(() => useConsoleApi()['qa.resumeTestSession']({ id }));

  async function remove(id: string): Promise<void> {
    await change(() => useConsoleApi()['qa.deleteTestSession']({ id }));
    // The session's own Sandbox world (if it had one) goes with it; none is a no-op in main.
    await useConsoleApi()['qa.closeSessionWorld']({ sessionId: id });
  }

  const setVerdict = (sessionId: string, key: string, passed: boolean, note: string) =>
    change(() => useConsoleApi()['qa.setTestVerdict']({ sessionId, key, passed, note }));

  /** The session's report, through the exports' redaction (signatures, card data) like any export. */
  async function report(sessionId: string, format: ReportFormat, consoleVersion: string) {
    const session = sessions.value.find((item) => item.id === sessionId);
    if (!session) return null;
    const recorded = await useConsoleApi()['qa.testSessionEntries']({ sessionId });
    if (!recorded.ok) {
      failed(recorded.error);
      return null;
    }
    // The report builders (HTML, diagrams, redaction) are fetched with the first report, not at start-up.
    const { sessionReport } = await import('../services/session-report');
    return sessionReport(session, recorded.value.entries, format, consoleVersion);
  }

  return { sessions, active, entries, error, problems, start, begin, end, resume, remove, setVerdict, report, refresh };
}
