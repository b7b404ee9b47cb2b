/**
 * What a step executor is given and what it needs from the console: the ports the runner is built with
 * (gateway, Sandbox, notifications, the tester) and the state of the step, scenario and run under way.
 */
import type { GatewayCallOutput, GatewayCalls } from '../../gateway/gateway-calls';
import type { DeliveryRecord } from '@shared/contract/notifications';
import type { ManualEvidence, ManualTransaction, RunResult, ScenarioResult, StepResult } from '@shared/contract/qa';
import type { CaptureScope } from '../captures';
import type { StepActual } from '../expectations';
import type { ScenarioStep, StepInput, StepKind } from '../scenario-format';

/** What the runner needs from the gateway side: the one port QA and the demo share (GatewayService). */
export type { GatewayCalls } from '../../gateway/gateway-calls';
export type CallOutput = GatewayCallOutput;

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

/** What the steps of one run share: its stop signal and its count of polling queries to real gateways. */
export interface RunContext {
  signal: AbortSignal | undefined;
  pollQueries: number;
  /** The step (index) of the current scenario that the stop interrupted while it waited, if any. */
  interruptedStep: number | null;
}

/** Everything one step runs with. */
export interface StepContext {
  deps: RunnerDeps;
  run: RunResult;
  scenario: ScenarioResult;
  step: ScenarioStep;
  profile: QaProfile;
  scope: CaptureScope;
  /** Notifications received since the run started. */
  received: readonly DeliveryRecord[];
  /** The step's result under way: executors add the exchanges, notifications and notes they produce. */
  result: StepResult;
  context: RunContext;
  /** A wait that ends early when the run is stopped. */
  sleep(ms: number): Promise<void>;
  /** Keeps a gateway call's exchange on the step and reads what the checks compare. */
  record(output: CallOutput): StepActual;
}

/** Runs one kind of step with its arguments (captures already resolved) and says what happened. */
export type StepExecutor<K extends StepKind> = (
  args: Extract<StepInput, { kind: K }>['args'],
  step: StepContext,
) => Promise<StepActual>;

export const STOPPED_BY_USER = 'Stopped by the user';

/** Resolves true as soon as the signal stops the run (a stopped run does not sit out a 10-minute wait). */
export function abortedDuring<T>(
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
export const overrideOf = (overrideFinal: boolean | undefined) => (overrideFinal ? { overrideFinal: true } : {});

export const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};
