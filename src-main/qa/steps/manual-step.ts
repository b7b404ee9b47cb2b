import type { Exchange } from '@shared/exchange';
import type { ManualTransaction, StepResult } from '@shared/contract/qa';
import { answerReport, currentReport, notificationReport } from '@shared/transaction-state';
import { readPath } from '../captures';
import { abortedDuring, safeJson, STOPPED_BY_USER, type ManualRequest, type StepExecutor } from './step-context';

/** Asks the tester to judge a step by hand, showing the transaction the scenario has touched so far. */
export const manualStep: StepExecutor<'manual'> = async (
  { prompt },
  { deps, run, scenario, step, result, context },
) => {
  if (!deps.askManual) return { skip: 'Skipped: a manual step needs a tester (run it from the Scenarios screen).' };
  const request: ManualRequest = {
    runId: run.id,
    scenarioKey: scenario.key,
    stepIndex: step.index,
    prompt,
    transaction: transactionOf(scenario.steps),
  };
  // Kept on the run (not only pushed as an event): a screen reloaded meanwhile can still answer it.
  run.waitingManual = {
    scenarioKey: request.scenarioKey,
    stepIndex: request.stepIndex,
    prompt: request.prompt,
    transaction: request.transaction,
  };
  deps.onProgress?.(run.id, scenario, request);
  const answered = await abortedDuring(deps.askManual(request), context.signal).finally(() => {
    run.waitingManual = null;
  });
  if ('aborted' in answered)
    return { skip: `${STOPPED_BY_USER} while this step waited for the tester.`, stopped: true };
  result.note = answered.value.note || null;
  if (answered.value.evidence?.length) result.evidence = answered.value.evidence;
  return { manual: answered.value };
};

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
