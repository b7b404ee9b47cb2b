/**
 * Which executor runs which step kind. A new kind is one schema in scenario-format.ts, one executor file
 * and one line here; the type below fails the build while a kind has no executor.
 */
import type { StepInput, StepKind } from '../scenario-format';
import { actionStep } from './action-step';
import { createStep } from './create-step';
import { manualStep } from './manual-step';
import { mbwayStep } from './mbway-step';
import { pollUntilStep } from './poll-until-step';
import { referenceStep } from './reference-step';
import { sandboxStep } from './sandbox-step';
import type { StepContext, StepExecutor } from './step-context';
import { statusStep } from './status-step';
import { waitNotificationStep } from './wait-notification-step';
import type { StepActual } from '../expectations';

const EXECUTORS: { [K in StepKind]: StepExecutor<K> } = {
  create: createStep,
  reference: referenceStep,
  mbway: mbwayStep,
  status: statusStep,
  pollUntil: pollUntilStep,
  action: actionStep,
  waitNotification: waitNotificationStep,
  sandbox: sandboxStep,
  manual: manualStep,
};

/** Kind → executor; a Map, so a kind read from a scenario file is never looked up on a prototype. */
const REGISTRY: ReadonlyMap<StepKind, StepExecutor<StepKind>> = new Map(
  Object.entries(EXECUTORS) as unknown as Array<[StepKind, StepExecutor<StepKind>]>,
);

/** Runs a step by its kind's executor. */
export function executeStep(input: StepInput, step: StepContext): Promise<StepActual> {
  const executor = REGISTRY.get(input.kind);
  if (!executor) throw new Error(`No executor for step kind "${input.kind}".`);
  return executor(input.args as never, step);
}
