import { setPath, templateOrder } from '../order-templates';
import type { StepExecutor } from './step-context';

/** Creates an order from a template (or a body alone) with the step's overrides; sent once, never retried. */
export const createStep: StepExecutor<'create'> = async (args, { deps, profile, scope, record }) => {
  const { template, body, overrides, validate } = args;
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
  return record(
    await deps.gateway.createOrder({ profileId: profile.id, order, ...(validate ? {} : { skipValidation: true }) }),
  );
};
