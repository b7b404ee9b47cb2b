import type { StepExecutor } from './step-context';

/** Works the Sandbox's controls; the runner skips this step on any profile that is not the Sandbox. */
export const sandboxStep: StepExecutor<'sandbox'> = async (
  { complete, advanceClock, nextCall, delivery },
  { deps },
) => {
  const sandbox = deps.sandbox!;
  if (complete) await sandbox.complete(complete.transactionID, complete.status);
  if (advanceClock !== undefined) await sandbox.advanceClock(advanceClock);
  if (nextCall) sandbox.armNextCall(nextCall.status);
  if (delivery) sandbox.armDelivery(delivery.transactionID, delivery.do, delivery.times);
  return {};
};
