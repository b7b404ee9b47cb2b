import { transactionIdProblem } from '@shared/contract/transaction-id';
import { GatewayRequestError } from './errors';

/** Refuses, before anything is sent, a transactionID that is not one (it becomes a path segment). */
export function checkTransactionId(transactionId: string, refusal: string): void {
  const problem = transactionIdProblem(transactionId);
  if (problem)
    throw new GatewayRequestError('invalid-request', `${refusal}: the transaction id ${problem}.`, [
      { path: 'transactionId', message: problem },
    ]);
}
