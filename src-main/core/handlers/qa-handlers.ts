import { randomUUID } from 'node:crypto';
import type { ManualEvidence, RunResult, ScenarioSummary } from '@shared/contract/qa';
import { buildReport } from '@shared/qa/reports';
import { ConsoleFailure } from '@shared/result';
import { builtinScenarios } from '../../qa/builtin';
import { qaProfileOf, runnerDepsFor } from '../qa-bindings';
import { redactReport } from '../../qa/redact-report';
import type { Scenario } from '../../qa/scenario-format';
import { loadScenarioInSlices, ScenarioLoadError, type ScenarioProblem } from '../../qa/scenario-loader';
import { scenarioFileName, type ScenarioFolder } from '../../qa/scenario-folder';
import { keepEvidence } from '../../qa/manual-evidence';
import { refuseUnconfirmedProductionPolling } from '../../qa/poll-limits';
import { newRunResult, ScenarioRunner, type QaProfile } from '../../qa/scenario-runner';
import type { ConsoleCore } from '../console-core-api';
import type { Handlers } from '../dispatcher';
import { logger } from '../../common/logger';
import { ProductionGuard } from '../profiles/production-guard';
import { APP_VERSION } from '../version';
import { SimError } from '../../simulator/errors';
import { AMOUNT_SCENARIOS, MBWAY_SCENARIOS } from '../../simulator/scenarios';
import { checkReadiness, type WebhookCheck } from '../../qa/readiness';
import { replayNotifications } from '../../notifications/replay';
import { authorizeLatestOf, type ReplayGateDeps } from '../replay-gate';
import { mainText } from '@shared/console-text';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { worldIdFor, worldKindOf, worldOfProfileId, worldProfileId } from '@shared/sandbox-worlds';
import { safeEvidenceName } from '../../qa/manual-evidence';
import { SANDBOX_PROFILES } from '../sandbox';

/** The request sender's defaults (request-sender.ts), reported by the readiness check when none are set. */
const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
const DEFAULT_TOTAL_TIMEOUT_MS = 30_000;

type QaMethod =
  | 'qa.scenarios'
  | 'qa.addScenario'
  | 'qa.scenarioFolder'
  | 'qa.setScenarioFolder'
  | 'qa.run'
  | 'qa.cancelRun'
  | 'qa.result'
  | 'qa.deleteRun'
  | 'qa.openSessionWorld'
  | 'qa.closeSessionWorld'
  | 'qa.latestRun'
  | 'qa.answerManual'
  | 'qa.report'
  | 'qa.readiness'
  | 'qa.sandboxControl'
  | 'qa.createUnvalidated'
  | 'qa.testValues';

export interface QaHandlerDeps {
  core: Pick<ConsoleCore, 'gateway' | 'simulator' | 'worlds' | 'events' | 'profiles' | 'credentials'>;
  webhookSecretOf(profileId: string): Promise<string | null>;
  /** The receiver's journal: the readiness check re-delivers a notification really received from it. */
  journal: ReplayGateDeps['journal'];
  timeouts: { connectTimeoutMs?: number | undefined; totalTimeoutMs?: number | undefined } | undefined;
  /** Where added and imported scenario files are kept across restarts. */
  scenarioFolder: ScenarioFolder;
  /** Where files attached to manual verdicts are kept (qa-evidence/ in the user-data folder). */
  evidenceDir: string;
}

const summary = (scenario: Scenario): ScenarioSummary => ({
  file: scenario.file,
  folder: scenario.folder,
  name: scenario.name,
  description: scenario.description,
  variant: scenario.variant,
  tags: scenario.tags,
  steps: scenario.steps.length,
  rows: scenario.data?.length ?? null,
  usesSandbox: scenario.usesSandbox,
});

/** A name in the built-in library's folder (`builtin/…`, however it is spelled: `./Builtin//x.yaml`). */
const isBuiltinName = (name: string): boolean =>
  name
    .split(/[\\/]/)
    .filter((segment) => segment !== '' && segment !== '.')[0]
    ?.toLowerCase() === 'builtin';

/** Finished runs kept for reports and re-runs; older ones are dropped first. */
const KEPT_RUNS = 50;

/**
 * `qa.*`: the Scenarios screen's side of the one runner (src-main/qa). Runs go on in the background and
 * report each step as a `qa.progress` push event; a manual step waits here for `qa.answerManual`.
 */
export function createQaHandlers({
  core,
  webhookSecretOf,
  journal,
  timeouts,
  scenarioFolder,
  evidenceDir,
}: QaHandlerDeps): Pick<Handlers, QaMethod> {
  /**
   * The readiness check's webhook item: the newest notification received for the profile, re-delivered
   * as received to the profile's configured webhook URL under the replay rules. A URL given with the
   * request is only accepted when it is that one.
   */
  const readinessWebhookCheck = async (profileId: string, asked: string | null): Promise<WebhookCheck> => {
    const profile = core.profiles.stored(profileId);
    const configured = profile.webhookUrl ?? null;
    if (asked !== null && asked !== configured)
      return {
        ok: false,
        reason: `The readiness check re-delivers only to the webhook URL configured on "${profile.name}" (${configured ?? 'none set'}), not to ${asked}. Set the shop’s notification URL in the profile. Nothing was sent.`,
      };
    try {
      const replay = await authorizeLatestOf({ journal, profiles: core.profiles, webhookSecretOf }, profileId);
      const { sends } = await replayNotifications({ url: replay.url, items: replay.items, mode: 'once', copies: 2 });
      const [send] = sends;
      const [item] = replay.items;
      if (!send || !item) return { ok: false, reason: 'Nothing was re-delivered.' };
      return { ok: true, url: replay.url, seq: item.seq, send };
    } catch (error) {
      if (error instanceof ConsoleFailure) return { ok: false, reason: error.message };
      throw error;
    }
  };
  const runs = new Map<string, RunResult>();
  /** Scenario runs (not readiness checks) in start order: the newest is what a reloaded screen shows. */
  const scenarioRuns: string[] = [];
  /** Runs under way, by id: `qa.cancelRun` stops one through its controller. */
  const stoppers = new Map<string, AbortController>();
  const waiting = new Map<string, (answer: { passed: boolean; note: string; evidence?: ManualEvidence[] }) => void>();
  /** The built-ins first; a folder file can never stand in for one (its name is refused on save). */
  const library = async (): Promise<{ scenarios: Scenario[]; problems: ScenarioProblem[] }> => {
    const folder = await scenarioFolder.load();
    const builtins = builtinScenarios();
    const taken = new Set(builtins.map((scenario) => scenario.file));
    return {
      scenarios: [...builtins, ...folder.scenarios.filter((scenario) => !taken.has(scenario.file))],
      problems: folder.problems,
    };
  };
  const profileFor = (id: string | undefined, fallback: string): QaProfile | undefined => {
    const chosen = id ?? fallback;
    if (!core.profiles.find(chosen)) {
      if (id !== undefined) throw new ConsoleFailure('not-found', mainText('profileNotFound', { id }));
      return undefined;
    }
    return qaProfileOf(core, chosen);
  };
  /** A run's world goes with the run (its evidence); a session's world is not the run's to discard. */
  const discardRunWorld = async (run: Pick<RunResult, 'worldId'>): Promise<boolean> => {
    const worldId = run.worldId ?? null;
    if (!worldId || !core.worlds || worldKindOf(worldId) !== 'run') return false;
    return core.worlds.close(worldId);
  };
  /**
   * A run on the user's Sandbox gets a fresh world of its own: its calls, clock moves and faults happen
   * there, so the user's pending orders and clock are as they were. A run on a world's profiles (a QA
   * session's) stays in that world; a run on a test gateway has no world.
   */
  const runWorld = async (runId: string, profiles: Partial<Record<'A' | 'B', QaProfile>>): Promise<string | null> => {
    const onUserSandbox = (profile: QaProfile | undefined) =>
      profile !== undefined && SANDBOX_PROFILES.some((sandbox) => sandbox.id === profile.id);
    if (core.worlds && (onUserSandbox(profiles.A) || onUserSandbox(profiles.B))) {
      const opened = await core.worlds.open(worldIdFor('run', runId)!, { label: `Run ${runId.slice(0, 8)}` });
      for (const variant of ['A', 'B'] as const)
        if (onUserSandbox(profiles[variant])) profiles[variant] = qaProfileOf(core, opened.profiles[variant]);
      return opened.worldId;
    }
    for (const profile of [profiles.A, profiles.B]) {
      const worldId = profile ? worldOfProfileId(profile.id) : null;
      if (worldId) return worldId;
    }
    return null;
  };
  const mustRun = (runId: string): RunResult => {
    const run = runs.get(runId);
    if (!run) throw new ConsoleFailure('not-found', mainText('qaRunNotFound', { runId }));
    return run;
  };
  return {
    'qa.scenarios': async () => {
      const { scenarios, problems } = await library();
      return { scenarios: scenarios.map(summary), problems };
    },
    'qa.scenarioFolder': () => scenarioFolder.dir(),
    'qa.setScenarioFolder': async ({ path }) => {
      const chosen = await scenarioFolder.setDir(path);
      core.events.emit('qa.libraryChanged', {});
      return chosen;
    },
    'qa.addScenario': async ({ file, text, replace }) => {
      const name = scenarioFileName(/[\\/]/.test(file) ? file : `added/${file}`);
      // The built-ins are the console's own regression suite: a pasted file never takes their place.
      if (isBuiltinName(name))
        return {
          added: null,
          problems: [
            {
              kind: 'name-taken',
              file: name,
              line: 1,
              column: 1,
              field: '',
              message: `"${name}" is in the built-in library's folder; built-in scenarios cannot be replaced: save yours under another name (e.g. "${name.split('/').pop() ?? 'my-scenario.yaml'}")`,
            },
          ],
        };
      try {
        const scenario = await loadScenarioInSlices(name, text);
        // Only a file that loads is kept: a broken paste never replaces a working file.
        await scenarioFolder.save(name, text, replace === true);
        return { added: summary(scenario), problems: [] };
      } catch (error) {
        if (error instanceof ScenarioLoadError) return { added: null, problems: error.problems };
        throw error;
      }
    },
    'qa.run': async (input) => {
      const byFile = new Map((await library()).scenarios.map((scenario) => [scenario.file, scenario]));
      const scenarios = input.files.map((file) => {
        const scenario = byFile.get(file);
        if (!scenario) throw new ConsoleFailure('not-found', mainText('qaScenarioNotFound', { file }));
        return scenario;
      });
      const profiles: Partial<Record<'A' | 'B', QaProfile>> = {};
      const a = profileFor(input.profileA, 'sandbox-a');
      const b = profileFor(input.profileB, 'sandbox-b');
      if (a) profiles.A = a;
      if (b) profiles.B = b;
      // Refused here, before the run exists: an unconfirmed run that would poll production sends nothing.
      refuseUnconfirmedProductionPolling(scenarios, profiles, input.productionConfirmation);
      const runId = randomUUID();
      const worldId = await runWorld(runId, profiles);
      const stopper = new AbortController();
      const request = {
        scenarios,
        profiles,
        tester: input.tester ?? null,
        runId,
        title: 'Scenario run',
        signal: stopper.signal,
        productionConfirmation: input.productionConfirmation,
      };
      const run = { ...newRunResult(request, ''), worldId };
      const runner = new ScenarioRunner(
        runnerDepsFor(core, {
          worldId,
          onProgress: (runId, scenario, manual) =>
            core.events.emit('qa.progress', {
              runId,
              scenarioKey: scenario.key,
              scenario,
              waitingManual: manual
                ? { stepIndex: manual.stepIndex, prompt: manual.prompt, transaction: manual.transaction }
                : null,
            }),
          askManual: (manual) =>
            new Promise((resolve) => waiting.set(`${manual.runId}|${manual.scenarioKey}|${manual.stepIndex}`, resolve)),
        }),
      );
      run.consoleVersion = runnerDepsFor(core).consoleVersion;
      runs.set(run.id, run);
      scenarioRuns.push(run.id);
      stoppers.set(run.id, stopper);
      for (const old of [...runs.keys()].slice(0, Math.max(0, runs.size - KEPT_RUNS))) {
        const dropped = runs.get(old)!;
        runs.delete(old);
        void discardRunWorld(dropped).catch((error: unknown) => logger.warn('discarding a run world failed', error));
      }
      scenarioRuns.splice(0, Math.max(0, scenarioRuns.length - KEPT_RUNS));
      void runner
        .run(request, run)
        .catch((error: unknown) => logger.error('scenario run failed', error))
        .finally(() => {
          stoppers.delete(run.id);
          core.events.emit('qa.finished', { runId: run.id, counts: run.counts });
        });
      return { runId: run.id };
    },
    'qa.result': ({ runId }) => mustRun(runId),
    'qa.deleteRun': async ({ runId }) => {
      const run = runs.get(runId);
      if (run && stoppers.has(runId)) throw new ConsoleFailure('conflict', mainText('qaRunStillRunning'));
      runs.delete(runId);
      const at = scenarioRuns.indexOf(runId);
      if (at >= 0) scenarioRuns.splice(at, 1);
      // The evidence folder is named from the run id the same way it was written (never a path given as is).
      await rm(join(evidenceDir, safeEvidenceName(runId)), { recursive: true, force: true });
      // A run from before a restart is no longer held here, but its world (named after it) still is.
      const worldId = run?.worldId ?? worldIdFor('run', runId);
      const worldDiscarded = worldId ? await discardRunWorld({ worldId }) : false;
      const profiles =
        worldDiscarded && worldId ? (['A', 'B'] as const).map((variant) => worldProfileId(worldId, variant)) : [];
      return { deleted: run !== undefined, worldDiscarded, profiles };
    },
    'qa.openSessionWorld': async ({ sessionId, name }) => {
      if (!core.worlds) throw new ConsoleFailure('simulator-not-running', mainText('sandboxControlsNeedSimulator'));
      const worldId = worldIdFor('session', sessionId);
      if (!worldId) throw new ConsoleFailure('invalid-input', mainText('worldIdInvalid', { id: sessionId }));
      const shown = name?.trim().slice(0, 60);
      return core.worlds.open(worldId, {
        label: shown
          ? `Session ${shown} (${worldId.slice('session-'.length)})`
          : `Session ${worldId.slice('session-'.length)}`,
      });
    },
    'qa.closeSessionWorld': async ({ sessionId }) => {
      if (!core.worlds) return { discarded: false };
      const worldId = worldIdFor('session', sessionId);
      return { discarded: worldId ? await core.worlds.close(worldId) : false };
    },
    'qa.latestRun': () => {
      while (scenarioRuns.length && !runs.has(scenarioRuns[scenarioRuns.length - 1]!)) scenarioRuns.pop();
      const id = scenarioRuns[scenarioRuns.length - 1];
      return id === undefined ? null : mustRun(id);
    },
    'qa.cancelRun': ({ runId }) => {
      mustRun(runId);
      const stopper = stoppers.get(runId);
      if (!stopper) return { stopping: false };
      stopper.abort();
      // The run no longer waits for a manual verdict: a late answer finds nothing to answer.
      for (const key of [...waiting.keys()]) if (key.startsWith(`${runId}|`)) waiting.delete(key);
      return { stopping: true };
    },
    'qa.answerManual': async ({ runId, scenarioKey, stepIndex, passed, note, evidence }) => {
      const key = `${runId}|${scenarioKey}|${stepIndex}`;
      if (!waiting.has(key)) return { accepted: false };
      const kept = evidence?.length
        ? await keepEvidence(evidenceDir, runId, { scenarioKey, stepIndex }, evidence)
        : undefined;
      const resolve = waiting.get(key);
      if (!resolve) return { accepted: false };
      waiting.delete(key);
      resolve({ passed, note, ...(kept ? { evidence: kept } : {}) });
      return { accepted: true };
    },
    'qa.report': ({ runId, format }) => buildReport(mustRun(runId), format, redactReport),
    'qa.readiness': async ({ profileId, webhookUrl }) => {
      const stored = core.profiles.stored(profileId);
      const connection = await core.profiles.connection(profileId);
      const others = (await core.profiles.list()).filter((other) => other.id !== profileId);
      const run = await checkReadiness({
        profile: { ...qaProfileOf(core, profileId), baseUrl: stored.baseUrl },
        otherProfiles: others.map(({ id, name, environment, baseUrl }) => ({ id, name, environment, baseUrl })),
        secrets: {
          bearerToken: connection.bearerToken,
          clientId: connection.clientId,
          webhookSecret: await webhookSecretOf(profileId),
        },
        guard: new ProductionGuard(core.credentials),
        status: (transactionId) => core.gateway.status({ profileId, transactionId }),
        webhookCheck: () => readinessWebhookCheck(profileId, webhookUrl),
        timeouts: {
          connectTimeoutMs: timeouts?.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
          totalTimeoutMs: timeouts?.totalTimeoutMs ?? DEFAULT_TOTAL_TIMEOUT_MS,
        },
        consoleVersion: APP_VERSION,
      });
      runs.set(run.id, run);
      return run;
    },
    'qa.sandboxControl': (input) => {
      const simulator = core.simulator;
      if (!simulator) throw new ConsoleFailure('simulator-not-running', mainText('sandboxControlsNeedSimulator'));
      try {
        const worldId = input.worldId;
        if (worldId !== undefined && !core.worlds)
          throw new ConsoleFailure('not-found', mainText('worldNotFound', { id: worldId }));
        const { faults } = worldId === undefined ? simulator : core.worlds!.controls(worldId);
        const armed =
          input.action === 'nextCall'
            ? faults.armNextCall(input.status)
            : faults.armDelivery(input.transactionId, input.control, input.times ?? 1);
        return { nextCalls: armed.nextCalls, deliveries: armed.deliveries.length };
      } catch (error) {
        if (error instanceof SimError)
          throw new ConsoleFailure(
            error.httpStatus === 404 ? 'not-found' : 'invalid-input',
            error.text ?? error.message,
          );
        throw error;
      }
    },
    'qa.testValues': () => ({
      phones: MBWAY_SCENARIOS.map((scenario) => ({
        value: scenario.phone,
        outcome: scenario.outcome,
        statusCode: scenario.returnStatus?.statusCode ?? null,
      })),
      amounts: AMOUNT_SCENARIOS.map((scenario) => ({
        value: scenario.amount,
        when: scenario.when,
        httpStatus: scenario.httpStatus ?? null,
        statusCode: scenario.statusCode ?? null,
      })),
    }),
    'qa.createUnvalidated': ({ profileId, order }) =>
      core.gateway.createOrder({ profileId, order, skipValidation: true }),
  };
}
