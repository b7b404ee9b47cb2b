/**
 * State of the Scenarios screen: the library, the selection, the current run as its `qa.progress`
 * events arrive, and the manual step it waits on. Module-level so a run keeps going (and showing) when
 * the tester visits another screen and comes back.
 */
import { computed, ref, shallowRef } from 'vue';
import type { EventPayload } from '@shared/contract';
import type {
  ReportFormat,
  RunCounts,
  RunResult,
  ScenarioResult,
  ScenarioSummary,
  WaitingManual,
} from '@shared/contract/qa';
import type { ConsoleError } from '@shared/result';
import { useConsoleApi } from '../api';
import { t } from '../i18n';
import { consoleErrorText } from '../i18n/console-error';
import { forgetWorldRecords } from './forget-world-records';

interface ScenarioProblemView {
  file: string;
  line: number;
  column: number;
  field: string;
  message: string;
}

const library = shallowRef<ScenarioSummary[]>([]);
const selected = ref<Set<string>>(new Set());
const runId = ref<string | null>(null);
const results = ref<ScenarioResult[]>([]);
const counts = ref<RunCounts | null>(null);
const running = ref(false);
const waitingManual = ref<WaitingManual | null>(null);
const error = ref<string | null>(null);
/** Stop was asked and the run has not ended yet. */
const stopping = ref(false);
/** The last run was stopped by the user: its results are partial. */
const stopped = ref(false);
let subscribed = false;

/** The production confirmation errors of `qa.run` in the user's language (main decides; this words it). */
function runFailure(failure: ConsoleError): string {
  const name = String((failure.details as { profileName?: unknown } | undefined)?.profileName ?? '');
  if (failure.code === 'confirmation-required') return t('qa.failure.confirmationRequired', { name });
  if (failure.code === 'confirmation-mismatch') return t('qa.failure.confirmationMismatch', { name });
  return consoleErrorText(failure);
}

/** A scenario-folder refusal from main (`details.reason`) in the user's language. */
export function folderFailure(failure: ConsoleError): string {
  const details = (failure.details ?? {}) as { reason?: unknown; path?: unknown };
  const reasons = ['not-absolute', 'not-a-folder', 'bad-name', 'name-taken'];
  if (failure.code === 'invalid-input' && typeof details.reason === 'string' && reasons.includes(details.reason))
    return t(`qa.folder.refused.${details.reason}`, { path: String(details.path ?? '') });
  return consoleErrorText(failure);
}

type ProgressEvent = EventPayload<'qa.progress'>;
type FinishedEvent = EventPayload<'qa.finished'>;
/**
 * Events of a run that may arrive before `qa.run` has answered with its id (a short run can even finish
 * first): kept here, then replayed once the id is known.
 */
const early: Array<{ progress?: ProgressEvent; finished?: FinishedEvent }> = [];

function applyProgress(event: ProgressEvent): void {
  const index = results.value.findIndex((item) => item.key === event.scenarioKey);
  if (index >= 0) results.value.splice(index, 1, event.scenario);
  else results.value.push(event.scenario);
  waitingManual.value = event.waitingManual ? { scenarioKey: event.scenarioKey, ...event.waitingManual } : null;
}

function applyFinished(event: FinishedEvent): void {
  running.value = false;
  stopping.value = false;
  counts.value = event.counts;
  waitingManual.value = null;
  // The finished run as main recorded it: events may have been missed while the page reconnected.
  const api = useConsoleApi();
  void api['qa.result']({ runId: event.runId }).then((result) => {
    if (!result.ok || result.value.id !== runId.value) return;
    results.value = result.value.scenarios;
    stopped.value = result.value.stopped === true;
  });
}

/** Shows a run as main holds it (after a reload the events so far are gone; main's record is not). */
function show(run: RunResult): void {
  runId.value = run.id;
  results.value = run.scenarios;
  running.value = run.finishedAt === null;
  counts.value = run.finishedAt === null ? null : run.counts;
  stopped.value = run.stopped === true;
  waitingManual.value = run.waitingManual ?? null;
}

function subscribe(): void {
  if (subscribed) return;
  subscribed = true;
  const api = useConsoleApi();
  api.on('qa.progress', (event) => {
    if (event.runId === runId.value) applyProgress(event);
    else if (starting) early.push({ progress: event });
  });
  // A file changed in the scenario folder (an editor, a git pull, another window): list it again.
  api.on('qa.libraryChanged', () => {
    void api['qa.scenarios']().then((result) => {
      if (result.ok) library.value = result.value.scenarios;
    });
  });
  api.on('qa.finished', (event) => {
    if (event.runId === runId.value) applyFinished(event);
    else if (starting) early.push({ finished: event });
  });
}

let starting = false;

function adopt(id: string): void {
  runId.value = id;
  for (const item of early.splice(0)) {
    if (item.progress?.runId === id) applyProgress(item.progress);
    if (item.finished?.runId === id) applyFinished(item.finished);
  }
}

export function useScenarios() {
  subscribe();
  const api = useConsoleApi();
  const folders = computed(() => {
    const map = new Map<string, ScenarioSummary[]>();
    for (const scenario of library.value) map.set(scenario.folder, [...(map.get(scenario.folder) ?? []), scenario]);
    return [...map.entries()].map(([folder, scenarios]) => ({ folder, scenarios }));
  });
  const failedFiles = computed(() => [
    ...new Set(results.value.filter((item) => item.status === 'failed').map((item) => item.file)),
  ]);

  async function load(): Promise<void> {
    const result = await api['qa.scenarios']();
    if (result.ok) library.value = result.value.scenarios;
    else error.value = consoleErrorText(result.error);
    await resume();
  }

  /** A reloaded screen picks up main's newest run: its results so far, still running, the prompt it waits on. */
  async function resume(): Promise<void> {
    if (runId.value !== null || starting) return;
    const latest = await api['qa.latestRun']();
    if (latest.ok && latest.value && runId.value === null && !starting) show(latest.value);
  }

  async function run(
    files: string[],
    options: {
      profileA?: string;
      profileB?: string;
      tester?: string;
      productionConfirmation?: { profileName: string };
    },
  ) {
    if (!files.length || running.value) return;
    error.value = null;
    stopped.value = false;
    stopping.value = false;
    results.value = [];
    counts.value = null;
    running.value = true;
    starting = true;
    const result = await api['qa.run']({ files, ...options }).finally(() => {
      starting = false;
    });
    if (!result.ok) {
      running.value = false;
      error.value = runFailure(result.error);
      return;
    }
    adopt(result.value.runId);
  }

  /** Asks main to stop the run; the screen shows "stopping" until qa.finished arrives. */
  async function stop(): Promise<void> {
    if (!runId.value || !running.value) return;
    stopping.value = true;
    const result = await api['qa.cancelRun']({ runId: runId.value });
    if (!result.ok) {
      stopping.value = false;
      error.value = consoleErrorText(result.error);
    }
  }

  async function answerManual(
    passed: boolean,
    note: string,
    evidence: Array<{ name: string; base64: string }> = [],
  ): Promise<void> {
    const waiting = waitingManual.value;
    if (!waiting || !runId.value) return;
    const { scenarioKey, stepIndex } = waiting;
    const answered = await api['qa.answerManual']({
      runId: runId.value,
      scenarioKey,
      stepIndex,
      passed,
      note,
      ...(evidence.length ? { evidence } : {}),
    });
    // The next prompt (the next data row's) may have arrived while this answer travelled: keep it.
    const current = waitingManual.value;
    if (current?.scenarioKey === scenarioKey && current.stepIndex === stepIndex) waitingManual.value = null;
    if (!answered.ok) error.value = consoleErrorText(answered.error);
  }

  async function addScenario(
    file: string,
    text: string,
    replace = false,
  ): Promise<{ name: string | null; problems: ScenarioProblemView[] }> {
    const result = await api['qa.addScenario']({ file, text, replace });
    if (!result.ok)
      return { name: null, problems: [{ file, line: 1, column: 1, field: '', message: folderFailure(result.error) }] };
    if (result.value.added) await load();
    return { name: result.value.added?.name ?? null, problems: result.value.problems };
  }

  async function report(format: ReportFormat) {
    if (!runId.value) return null;
    const result = await api['qa.report']({ runId: runId.value, format });
    if (!result.ok) {
      error.value = consoleErrorText(result.error);
      return null;
    }
    return result.value;
  }

  /** Deletes the shown run in main with its evidence files and its Sandbox world; the screen forgets it. */
  async function deleteRun(): Promise<void> {
    if (!runId.value || running.value) return;
    const result = await api['qa.deleteRun']({ runId: runId.value });
    if (!result.ok) {
      error.value = consoleErrorText(result.error);
      return;
    }
    // The run's world is gone, and with it what History kept of its calls (never the user's own Sandbox rows).
    if (result.value.profiles.length) await forgetWorldRecords(result.value.profiles);
    runId.value = null;
    results.value = [];
    counts.value = null;
    stopped.value = false;
  }

  function toggle(file: string, on: boolean): void {
    const next = new Set(selected.value);
    if (on) next.add(file);
    else next.delete(file);
    selected.value = next;
  }

  return {
    library,
    folders,
    selected,
    results,
    counts,
    running,
    stopping,
    stopped,
    waitingManual,
    error,
    failedFiles,
    load,
    run,
    stop,
    answerManual,
    addScenario,
    report,
    toggle,
    deleteRun,
  };
}
