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
import type { Exchange } from '@shared/exchange';
import { answerReport, currentReport, notificationReport } from '@shared/transaction-state';
import { isFinalPaymentStatus } from '@shared/gateway/codes';
import type { DeliveryRecord } from '@shared/contract/notifications';
import type {
  CheckResult,
  ManualEvidence,
  ManualTransaction,
  RunCounts,
  RunResult,
  ScenarioResult,
  StepNotification,
  StepResult,
  StepStatus,
} from '@shared/contract/qa';
import { ConsoleFailure } from '@shared/result';
import { CaptureError, readPath, resolveCaptures, type CaptureScope } from './captures';
import { checkExpectations, type StepActual } from './expectations';
import { setPath, templateOrder } from './order-templates';
import {
  MAX_POLL_QUERIES_PER_RUN,
  isSandboxTarget,
  pollCapMessage,
  pollWaitMs,
  refuseUnconfirmedProductionPolling,
} from './poll-limits';
import { withRunTag } from './run-tag';
import { bareRecord, ownValue } from './safe-keys';
import type { Scenario, ScenarioStep } from './scenario-format';
import type { GatewayCallOutput, GatewayCalls } from '../gateway/gateway-calls';

/** The Sandbox's controls (the embedded simulator), or null when the core runs without one. */
export interface QaSandbox {
  advanceClock(seconds: number): Promise<unknown>;
  complete(transactionId: string, status: string): Promise<unknown>;
  armNextCall(status: number): void;
  armDelivery(transactionId: string, control: string, times: number): void;
}

export interface QaProfile {
  id: string;
  name: string;
  environment: string;
  terminalId: string;
  variant: 'A' | 'B';
  lookupOnly?: boolean;
}

export interface ManualRequest {
  runId: string;
  scenarioKey: string;
  stepIndex: number;
  prompt: string;
  /** The transaction the tester judges (the latest one the scenario's earlier steps touched). */
  transaction: ManualTransaction | null;
}

export interface RunnerDeps {
  gateway: GatewayCalls;
  sandbox: QaSandbox | null;
  /** Every notification the console's receiver records (the runner subscribes for the run). */
  subscribeNotifications(listener: (record: DeliveryRecord) => void): () => void;
  consoleVersion: string;
  /** Answers a manual step; without it manual steps are skipped ("needs a tester"). */
  askManual?: (request: ManualRequest) => Promise<{ passed: boolean; note: string; evidence?: ManualEvidence[] }>;
  /** Live progress: called when a scenario starts and after every step. */
  onProgress?: (runId: string, scenario: ScenarioResult, waitingManual: ManualRequest | null) => void;
  /** Test hook: a shorter sleep. */
  sleep?: (ms: number) => Promise<void>;
}

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

/** What the steps of one run share: its stop signal and its count of polling queries to real gateways. */
interface RunContext {
  signal: AbortSignal | undefined;
  pollQueries: number;
  /** The step (index) of the current scenario that the stop interrupted while it waited, if any. */
  interruptedStep: number | null;
}

export const STOPPED_STEP = 'Skipped: the run was stopped before this step.';
const STOPPED_BY_USER = 'Stopped by the user';

/** Resolves true as soon as the signal stops the run (a stopped run does not sit out a 10-minute wait). */
function abortedDuring<T>(
  work: Promise<T>,
  signal: AbortSignal | undefined,
): Promise<{ aborted: true } | { value: T }> {
  if (!signal) return work.then((value) => ({ value }));
  if (signal.aborted) return Promise.resolve({ aborted: true });
  let onAbort = (): void => undefined;
  const aborted = new Promise<{ aborted: true }>((resolve) => {
    onAbort = () => resolve({ aborted: true });
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([work.then((value) => ({ value })), aborted]).finally(() =>
    signal.removeEventListener('abort', onAbort),
  );
}

/** The step's QA override, passed on only when the scenario asked for it (main refuses it on production). */
const overrideOf = (overrideFinal: boolean | undefined) => (overrideFinal ? { overrideFinal: true } : {});

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
    const gateway = this.deps.gateway;
    const profileId = profile.id;
    const record = (output: GatewayCallOutput): StepActual => {
      result.exchanges.push(output.exchange);
      return fromCall(output);
    };
    const input = { kind: step.input.kind, args: resolved } as ScenarioStep['input'];
    switch (input.kind) {
      case 'create': {
        const { template, body, overrides, validate } = input.args;
        const order: Record<string, unknown> =
          template === 'none'
            ? structuredClone(body ?? {})
            : {
                ...templateOrder(
                  profile.variant,
                  profile.terminalId,
                  `QA-${String(scope.run && (scope.run as { unique: string }).unique)}`,
                ),
                ...structuredClone(body ?? {}),
              };
        for (const [path, value] of Object.entries(overrides ?? {})) setPath(order, path, value);
        return record(await gateway.createOrder({ profileId, order, ...(validate ? {} : { skipValidation: true }) }));
      }
      case 'reference': {
        const { transactionID, overrideFinal } = input.args;
        return record(
          await gateway.generateReference({ profileId, transactionId: transactionID, ...overrideOf(overrideFinal) }),
        );
      }
      case 'mbway': {
        const { transactionID, phone, overrideFinal } = input.args;
        return record(
          await gateway.mbwayPurchase({ profileId, transactionId: transactionID, phone, ...overrideOf(overrideFinal) }),
        );
      }
      case 'status':
        return record(await gateway.status({ profileId, transactionId: input.args.transactionID }));
      case 'pollUntil': {
        const { transactionID, status, final, timeoutSeconds, intervalSeconds } = input.args;
        const wanted = status === undefined ? null : Array.isArray(status) ? status : [status];
        const deadline = Date.now() + timeoutSeconds * 1000;
        const sleep = (ms: number) => this.sleep(ms, context.signal);
        const limited = !isSandboxTarget(profile);
        let sent = 0;
        for (;;) {
          if (limited && context.pollQueries >= MAX_POLL_QUERIES_PER_RUN)
            return { refused: 'poll-limit', message: pollCapMessage(context.pollQueries) };
          if (limited) context.pollQueries += 1;
          sent += 1;
          const actual = record(await gateway.status({ profileId, transactionId: transactionID }));
          const current = actual.paymentStatus ?? null;
          const reached =
            current !== null &&
            ((wanted?.includes(current) ?? false) || (final === true && isFinalPaymentStatus(current)));
          // A final status other than the one wanted will never change: stop instead of waiting out the timeout.
          if (reached || (current !== null && isFinalPaymentStatus(current)) || Date.now() >= deadline)
            return { ...actual, timedOut: !reached && !(current !== null && isFinalPaymentStatus(current)) };
          const wait = pollWaitMs(profile, intervalSeconds, result.exchanges[result.exchanges.length - 1]);
          if ('aborted' in (await abortedDuring(sleep(wait), context.signal)))
            return { skip: `${STOPPED_BY_USER} while polling (${sent} status queries sent).`, stopped: true };
        }
      }
      case 'action': {
        const { transactionID, from, url, params, paymentStatus, overrideFinal } = input.args;
        let target = url;
        let list = params ?? [];
        if (from !== undefined) {
          const action = readPath(ownValue(scope, from), 'response.actionResponse') as
            | { url?: string; data?: { url?: string; params?: Array<{ name: string; value?: string; data?: string }> } }
            | undefined;
          target ??= action?.data?.url ?? action?.url;
          list = (action?.data?.params ?? []).map((param) => ({
            name: param.name,
            value: param.value ?? param.data ?? '',
          }));
          if (!target) return { message: `Step "${from}" has no actionResponse url.`, refused: 'no-action' };
        }
        if (paymentStatus)
          list = [
            ...list.filter((param) => param.name !== 'paymentStatus'),
            { name: 'paymentStatus', value: paymentStatus },
          ];
        return record(
          await gateway.performAction({
            profileId,
            transactionId: transactionID,
            url: target!,
            params: list,
            ...overrideOf(overrideFinal),
          }),
        );
      }
      case 'waitNotification': {
        const { transactionID, status, atLeast, timeoutSeconds } = input.args;
        const sleep = (ms: number) => this.sleep(ms, context.signal);
        const deadline = Date.now() + timeoutSeconds * 1000;
        for (;;) {
          const matching = received.filter(
            (item) =>
              item.verdict === 'accepted' &&
              item.notification?.transactionId === transactionID &&
              (status === undefined || item.notification.paymentStatus === status),
          );
          if (matching.length >= atLeast || Date.now() >= deadline) {
            result.notifications.push(...matching.map(toStepNotification));
            const last = matching[matching.length - 1];
            const payload = last?.plaintext ? safeJson(last.plaintext) : null;
            return {
              timedOut: matching.length < atLeast,
              count: matching.length,
              paymentStatus: last?.notification?.paymentStatus ?? undefined,
              returnStatus: last?.notification?.returnStatus?.statusCode ?? undefined,
              body: payload,
              capture: { notification: payload, count: matching.length },
              message:
                matching.length < atLeast
                  ? `${matching.length} notification(s)${status ? ` with ${status}` : ''} for ${transactionID} within ${timeoutSeconds} s; ${atLeast} expected`
                  : undefined,
            };
          }
          if ('aborted' in (await abortedDuring(sleep(100), context.signal)))
            return { skip: `${STOPPED_BY_USER} while waiting for a notification.`, stopped: true };
        }
      }
      case 'sandbox': {
        const sandbox = this.deps.sandbox!;
        const { complete, advanceClock, nextCall, delivery } = input.args;
        if (complete) await sandbox.complete(complete.transactionID, complete.status);
        if (advanceClock !== undefined) await sandbox.advanceClock(advanceClock);
        if (nextCall) sandbox.armNextCall(nextCall.status);
        if (delivery) sandbox.armDelivery(delivery.transactionID, delivery.do, delivery.times);
        return {};
      }
      case 'manual': {
        if (!this.deps.askManual)
          return { skip: 'Skipped: a manual step needs a tester (run it from the Scenarios screen).' };
        const request: ManualRequest = {
          runId: run.id,
          scenarioKey: scenario.key,
          stepIndex: step.index,
          prompt: input.args.prompt,
          transaction: transactionOf(scenario.steps),
        };
        // Kept on the run (not only pushed as an event): a screen reloaded meanwhile can still answer it.
        run.waitingManual = {
          scenarioKey: request.scenarioKey,
          stepIndex: request.stepIndex,
          prompt: request.prompt,
          transaction: request.transaction,
        };
        this.deps.onProgress?.(run.id, scenario, request);
        const answered = await abortedDuring(this.deps.askManual(request), context.signal).finally(() => {
          run.waitingManual = null;
        });
        if ('aborted' in answered)
          return { skip: `${STOPPED_BY_USER} while this step waited for the tester.`, stopped: true };
        result.note = answered.value.note || null;
        if (answered.value.evidence?.length) result.evidence = answered.value.evidence;
        return { manual: answered.value };
      }
    }
  }
}

function fromCall(output: GatewayCallOutput): StepActual {
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

/**
 * The latest transaction the scenario's finished steps touched, in the state every screen shows for it:
 * its answers and the notifications the steps saw, through the shared derivation (transaction-state.ts).
 */
export function transactionOf(steps: readonly StepResult[]): ManualTransaction | null {
  const exchanges = steps.flatMap((step) => step.exchanges).filter((exchange) => exchange.transactionID);
  const latest = exchanges[exchanges.length - 1];
  if (!latest) return null;
  const same = exchanges.filter((exchange) => exchange.transactionID === latest.transactionID);
  const notified = steps
    .flatMap((step) => step.notifications)
    .filter((notification) => notification.transactionId === latest.transactionID)
    .map((notification) =>
      notificationReport({
        id: `delivery-${notification.seq}`,
        paymentStatus: notification.paymentStatus,
        receivedAt: Date.parse(notification.receivedAt) || 0,
        payload: null,
      }),
    );
  const reports = [...same.map((exchange) => answerReport(exchange)), ...notified].filter((r) => r !== null);
  const status = currentReport(reports)?.status ?? null;
  const merchant = same.find((exchange) => exchange.merchantTransactionId)?.merchantTransactionId ?? null;
  const amount = same.map(amountOf).find((value) => value !== null) ?? null;
  return { transactionID: latest.transactionID, merchantTransactionId: merchant, amount, paymentStatus: status };
}

/** `transaction.amount` of a create-order request body, as "10.50 EUR" (the body is redacted text: data only). */
function amountOf(exchange: Exchange): string | null {
  const body = exchange.request.body ? safeJson(exchange.request.body) : null;
  const transaction = readPath(body, 'transaction');
  const amount = readPath(transaction, 'amount');
  const value: unknown = readPath(amount, 'value') ?? amount;
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  const currency: unknown = readPath(amount, 'currency');
  return typeof currency === 'string' ? `${String(value)} ${currency}` : String(value);
}

const toStepNotification = (record: DeliveryRecord): StepNotification => ({
  seq: record.seq,
  notificationId: record.notification?.notificationId ?? '',
  transactionId: record.notification?.transactionId ?? null,
  paymentStatus: record.notification?.paymentStatus ?? null,
  duplicate: record.duplicate,
  receivedAt: record.receivedAt,
});

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

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
