/**
 * The one scenario runner, used by the Scenarios screen (through the qa handlers) and by the CLI's
 * `run` command alike. It drives the gateway through the core's GatewayService — so every exchange is
 * recorded, redacted and pushed like a hand-made call — and the Sandbox through its controls.
 *
 * Rules it keeps: money-moving calls (create, reference, MB WAY, action) are sent once, never retried by
 * the runner; only `pollUntil` repeats, and it repeats status queries. Sandbox-only steps are skipped
 * with a reason on any other profile. A step whose capture has no value fails with that reason.
 * A run can be stopped (an AbortSignal): a call already sent is let finish — its outcome is recorded,
 * never left unknown — and nothing further is sent; the result so far is the partial report. Polling a
 * test or production gateway is held to poll-limits.ts.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { DeliveryRecord } from '@shared/contract/notifications';
import type { CheckResult, RunCounts, RunResult, ScenarioResult, StepResult, StepStatus } from '@shared/contract/qa';
import { ConsoleFailure } from '@shared/result';
import { CaptureError, resolveCaptures, type CaptureScope } from './captures';
import { checkExpectations, type StepActual } from './expectations';
import { refuseUnconfirmedProductionPolling } from './poll-limits';
import { withRunTag } from './run-tag';
import { bareRecord } from './safe-keys';
import type { Scenario, ScenarioStep } from './scenario-format';
import type { CallOutput, QaProfile, RunContext, RunnerDeps } from './steps/step-context';
import { executeStep } from './steps/step-registry';

export type { QaProfile, QaSandbox, ManualRequest, RunnerDeps } from './steps/step-context';
export { transactionOf } from './steps/manual-step';

export interface RunRequest {
  scenarios: Scenario[];
  /** Profile per variant; a scenario whose variant has none is skipped with that reason. */
  profiles: Partial<Record<'A' | 'B', QaProfile>>;
  tester?: string | null;
  title?: string;
  runId?: string;
  /** Stops the run: the step under way ends (a call already sent finishes first), later ones do not run. */
  signal?: AbortSignal;
  /** The user's confirmation naming the production profile a scenario polls (see poll-limits.ts). */
  productionConfirmation?: { profileName: string } | undefined;
}

export const STOPPED_STEP = 'Skipped: the run was stopped before this step.';

export const countResults = (scenarios: readonly ScenarioResult[]): RunCounts => ({
  total: scenarios.length,
  passed: scenarios.filter((scenario) => scenario.status === 'passed').length,
  failed: scenarios.filter((scenario) => scenario.status === 'failed').length,
  skipped: scenarios.filter((scenario) => scenario.status === 'skipped').length,
});

/**
 * A manual step skipped for want of a tester: its verdict — often the point of the scenario — was never
 * given, so the scenario cannot pass. (A Sandbox-only control skipped on a test profile is only set-up.)
 */
const unverified = (step: StepResult): boolean => step.status === 'skipped' && step.kind === 'manual';

/** A scenario passes when no step failed, at least one ran, and no manual verdict is missing. */
const scenarioStatus = (steps: readonly StepResult[]): StepStatus =>
  steps.some((step) => step.status === 'failed')
    ? 'failed'
    : steps.some((step) => step.status === 'passed') && !steps.some(unverified)
      ? 'passed'
      : 'skipped';

export class ScenarioRunner {
  constructor(private readonly deps: RunnerDeps) {}

  /** A wait that ends early when the run is stopped (no timer left holding the process). */
  private sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
    if (this.deps.sleep) return this.deps.sleep(ms);
    return delay(ms, undefined, signal ? { signal } : {}).catch(() => undefined);
  }

  /** Runs every scenario (every row of a data table) in order; `result` is filled in as it goes. */
  async run(
    request: RunRequest,
    result: RunResult = newRunResult(request, this.deps.consoleVersion),
  ): Promise<RunResult> {
    refuseUnconfirmedProductionPolling(request.scenarios, request.profiles, request.productionConfirmation);
    const received: DeliveryRecord[] = [];
    const unsubscribe = this.deps.subscribeNotifications((record) => received.push(record));
    const context: RunContext = { signal: request.signal, pollQueries: 0, interruptedStep: null };
    try {
      runs: for (const scenario of request.scenarios) {
        const rows = scenario.data ?? [null];
        for (let row = 0; row < rows.length; row++) {
          if (request.signal?.aborted) {
            result.stopped = true;
            break runs;
          }
          const rowIndex = scenario.data ? row : null;
          const tag = { runId: result.id, scenario: rowIndex === null ? scenario.file : `${scenario.file}#${row + 1}` };
          const stopped = await withRunTag(tag, () =>
            this.runOne(result, scenario, rowIndex, rows[row] ?? {}, request, received, context),
          );
          if (stopped) result.stopped = true;
          result.counts = countResults(result.scenarios);
        }
      }
    } finally {
      unsubscribe();
      result.finishedAt = new Date().toISOString();
      result.counts = countResults(result.scenarios);
    }
    return result;
  }

  private async runOne(
    run: RunResult,
    scenario: Scenario,
    row: number | null,
    rowValues: Record<string, unknown>,
    request: RunRequest,
    received: DeliveryRecord[],
    context: RunContext,
  ): Promise<boolean> {
    const key = row === null ? scenario.file : `${scenario.file}#${row + 1}`;
    const profile = request.profiles[scenario.variant];
    const started = Date.now();
    const result: ScenarioResult = {
      key,
      file: scenario.file,
      folder: scenario.folder,
      name: row === null ? scenario.name : `${scenario.name} [${describeRow(rowValues)}]`,
      row,
      profileId: profile?.id ?? null,
      status: 'running',
      message: null,
      steps: [],
      startedAt: new Date(started).toISOString(),
      durationMs: 0,
    };
    run.scenarios.push(result);
    this.deps.onProgress?.(run.id, result, null);
    if (!profile) {
      result.status = 'skipped';
      result.message = `Skipped: the scenario needs a Variant ${scenario.variant} profile and the run has none.`;
      result.durationMs = Date.now() - started;
      this.deps.onProgress?.(run.id, result, null);
      return false;
    }
    // Step ids become keys here: a scope without a prototype keeps any id plain data.
    const scope: CaptureScope = Object.assign(bareRecord(), {
      row: rowValues,
      run: { id: run.id, unique: `${run.id.slice(0, 8)}-${run.scenarios.length}` },
    });
    let stopReason: string | null = null;
    let stoppedBefore: number | null = null;
    context.interruptedStep = null;
    for (const step of scenario.steps) {
      if (stoppedBefore === null && context.signal?.aborted) stoppedBefore = step.index;
      const stepResult =
        stoppedBefore !== null
          ? skipped(step, STOPPED_STEP)
          : stopReason === null
            ? await this.runStep(run, result, step, profile, scope, received, context)
            : skipped(step, `Skipped: an earlier step failed (${stopReason}).`);
      result.steps.push(stepResult);
      // A failed step leaves later steps without what they need (a transaction, a status): stop there.
      if (stepResult.status === 'failed' && stopReason === null) stopReason = `step ${step.index + 1}`;
      this.deps.onProgress?.(run.id, result, null);
    }
    result.status = scenarioStatus(result.steps);
    const failed = result.steps.find((step) => step.status === 'failed');
    const stoppedAt = context.interruptedStep ?? stoppedBefore;
    const stopped = stoppedAt !== null;
    // A scenario stopped part-way did not pass: it is reported skipped, saying where it stopped.
    if (stopped && !failed) result.status = 'skipped';
    const skippedStep = result.steps.find(unverified);
    result.message = failed
      ? `Step ${failed.index + 1} "${failed.name}" failed: ${failed.message ?? 'see its checks'}`
      : stopped
        ? `Stopped by the user at step ${stoppedAt + 1}; the steps after it did not run.`
        : skippedStep
          ? `Not passed: step ${skippedStep.index + 1} "${skippedStep.name}" was skipped (${skippedStep.message ?? 'no reason given'}).`
          : null;
    result.durationMs = Date.now() - started;
    this.deps.onProgress?.(run.id, result, null);
    return stopped;
  }

  private async runStep(
    run: RunResult,
    scenario: ScenarioResult,
    step: ScenarioStep,
    profile: QaProfile,
    scope: CaptureScope,
    received: DeliveryRecord[],
    context: RunContext,
  ): Promise<StepResult> {
    const started = Date.now();
    const base: StepResult = {
      index: step.index,
      name: step.name,
      kind: step.input.kind,
      line: step.line,
      status: 'running',
      message: null,
      checks: [],
      exchanges: [],
      notifications: [],
      note: null,
      startedAt: new Date(started).toISOString(),
      durationMs: 0,
    };
    const finish = (status: StepStatus, message: string | null, checks: CheckResult[] = []): StepResult => ({
      ...base,
      status,
      message,
      checks,
      durationMs: Date.now() - started,
    });
    const isSandbox = profile.environment === 'sandbox' && this.deps.sandbox !== null;
    const needsSandbox = step.input.kind === 'sandbox' || (step.input.kind === 'create' && !step.input.args.validate);
    if (needsSandbox && !isSandbox && (step.input.kind === 'sandbox' || profile.environment === 'production'))
      return finish(
        'skipped',
        `Skipped: Sandbox-only step, and "${profile.name}" is a ${profile.environment} profile${this.deps.sandbox ? '' : ' (no Sandbox is running)'}.`,
      );
    let args: unknown;
    let expect: ScenarioStep['expect'];
    try {
      args = resolveCaptures(step.input.args, scope);
      expect = resolveCaptures(step.expect, scope);
    } catch (error) {
      if (error instanceof CaptureError) return finish('failed', error.message);
      throw error;
    }
    let actual: StepActual;
    try {
      actual = await this.perform(run, scenario, step, args, profile, scope, received, base, context);
    } catch (error) {
      if (error instanceof ConsoleFailure) {
        actual = { refused: error.code, message: error.message };
      } else {
        return finish('failed', `The step could not run: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (actual.stopped) context.interruptedStep = step.index;
    if (actual.skip) return finish('skipped', actual.skip);
    if (actual.manual)
      return finish(
        actual.manual.passed ? 'passed' : 'failed',
        actual.manual.passed ? null : 'The tester marked this step failed.',
        [],
      );
    const checks = checkExpectations(step.input.kind, expect, actual);
    const failedChecks = checks.filter((check) => !check.passed);
    if (step.id) scope[step.id] = actual.capture ?? {};
    if (failedChecks.length)
      return finish(
        'failed',
        actual.message && actual.refused !== undefined && expect.refused === undefined
          ? actual.message
          : failedChecks
              .map((check) => `${check.what}: expected ${show(check.expected)}, got ${show(check.actual)}`)
              .join('; '),
        checks,
      );
    return finish('passed', actual.message ?? null, checks);
  }

  private async perform(
    run: RunResult,
    scenario: ScenarioResult,
    step: ScenarioStep,
    resolved: unknown,
    profile: QaProfile,
    scope: CaptureScope,
    received: DeliveryRecord[],
    result: StepResult,
    context: RunContext,
  ): Promise<StepActual> {
    const input = { kind: step.input.kind, args: resolved } as ScenarioStep['input'];
    return executeStep(input, {
      deps: this.deps,
      run,
      scenario,
      step,
      profile,
      scope,
      received,
      result,
      context,
      sleep: (ms) => this.sleep(ms, context.signal),
      record: (output) => {
        result.exchanges.push(output.exchange);
        return fromCall(output);
      },
    });
  }
}

function fromCall(output: CallOutput): StepActual {
  const { exchange } = output;
  return {
    httpStatus: exchange.response?.status,
    classification: exchange.classification,
    returnStatus: exchange.returnStatus?.statusCode,
    paymentStatus: exchange.paymentStatus ?? undefined,
    attempts: exchange.timings.attempts,
    body: output.response,
    message: exchange.classification === 'ok' ? undefined : `${exchange.summary}`,
    capture: {
      transactionID: exchange.transactionID ?? undefined,
      merchantTransactionId: exchange.merchantTransactionId ?? undefined,
      httpStatus: exchange.response?.status,
      classification: exchange.classification,
      paymentStatus: exchange.paymentStatus ?? undefined,
      returnStatus: exchange.returnStatus?.statusCode,
      response: output.response,
    },
  };
}

const skipped = (step: ScenarioStep, message: string): StepResult => ({
  index: step.index,
  name: step.name,
  kind: step.input.kind,
  line: step.line,
  status: 'skipped',
  message,
  checks: [],
  exchanges: [],
  notifications: [],
  note: null,
  startedAt: new Date().toISOString(),
  durationMs: 0,
});

const describeRow = (row: Record<string, unknown>): string =>
  Object.entries(row)
    .map(([key, value]) => `${key}=${String(value)}`)
    .join(', ');

const show = (value: unknown): string => (value === undefined ? 'nothing' : JSON.stringify(value));

export function newRunResult(request: RunRequest, consoleVersion: string): RunResult {
  return {
    id: request.runId ?? randomUUID(),
    title: request.title ?? 'Scenario run',
    startedAt: new Date().toISOString(),
    finishedAt: null,
    consoleVersion,
    tester: request.tester ?? null,
    profiles: Object.values(request.profiles)
      .filter((profile): profile is QaProfile => profile !== undefined)
      .map(({ id, name, environment, terminalId, variant, lookupOnly }) => ({
        id,
        name,
        environment,
        terminalId,
        variant,
        ...(lookupOnly ? { lookupOnly } : {}),
      })),
    scenarios: [],
    counts: { total: 0, passed: 0, failed: 0, skipped: 0 },
  };
}
