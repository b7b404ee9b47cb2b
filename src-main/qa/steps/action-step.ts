import { readPath } from '../captures';
import { ownValue } from '../safe-keys';
import { overrideOf, type StepExecutor } from './step-context';

/** Performs an action (3-D Secure, …) at the url given or the one an earlier step's answer named; sent once. */
export const actionStep: StepExecutor<'action'> = async (args, { deps, profile, scope, record }) => {
  const { transactionID, from, url, params, paymentStatus, overrideFinal } = args;
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
    list = [...list.filter((param) => param.name !== 'paymentStatus'), { name: 'paymentStatus', value: paymentStatus }];
  return record(
    await deps.gateway.performAction({
      profileId: profile.id,
      transactionId: transactionID,
      url: target!,
      params: list,
      ...overrideOf(overrideFinal),
    }),
  );
};
