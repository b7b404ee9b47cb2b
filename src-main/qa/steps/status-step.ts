import type { StepExecutor } from './step-context';

/** One status query. */
export const statusStep: StepExecutor<'status'> = async ({ transactionID }, { deps, profile, record }) =>
  record(await deps.gateway.status({ profileId: profile.id, transactionId: transactionID }));
