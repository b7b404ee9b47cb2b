/** The spec's error table (Errors section): what the merchant should do for each HTTP status. */
export const HTTP_STATUS_ADVICE: Record<number, { statusMsg: string; action: string }> = {
  400: { statusMsg: 'Bad Request', action: 'Correct the request syntax.' },
  401: {
    statusMsg: 'Unauthorized',
    action: 'Check the credentials in the back office and create a new token if needed.',
  },
  403: {
    statusMsg: 'Forbidden',
    action: 'Check the client id; if the problem continues, ask support for a reset.',
  },
  405: { statusMsg: 'Method Not Allowed', action: 'Use the correct method.' },
  429: { statusMsg: 'Too Many Requests', action: 'Reduce the call rate.' },
  500: { statusMsg: 'Internal Server Error', action: 'Retry; contact support if it persists.' },
  503: { statusMsg: 'Service Unavailable', action: 'Wait and retry later.' },
};

/** Statuses seen on the real gateway but not in the spec's table (gateway-behaviour.md). */
const OBSERVED_ADVICE: Record<number, string> = {
  404: 'The gateway does not know this transaction: check the transaction id and the profile.',
  409: 'The transaction is not in a state that allows this call: query its status first.',
};

export function adviceForHttpStatus(status: number): string {
  return (
    HTTP_STATUS_ADVICE[status]?.action ??
    OBSERVED_ADVICE[status] ??
    (status >= 500 ? 'Retry later; contact support if it persists.' : 'Check the request against the spec.')
  );
}

/**
 * What to do when a money-moving call may have been processed without the console knowing (no answer,
 * a 5xx, an answer cut off): sending it again could pay twice, so the advice is always to find out first.
 */
export const OUTCOME_UNKNOWN_ADVICE =
  'Query the status before doing anything; do not resend: the gateway may already have processed the request.';

/** For a create: there is no transactionID yet, so the order is found by what the merchant chose. */
export const OUTCOME_UNKNOWN_CREATE_ADVICE =
  'Do not resend: the order may exist. Find it by its merchantTransactionId in History or by its notification, and query the status before doing anything.';

export const outcomeUnknownAdvice = (operation: string): string =>
  operation === 'createOrder' ? OUTCOME_UNKNOWN_CREATE_ADVICE : OUTCOME_UNKNOWN_ADVICE;
