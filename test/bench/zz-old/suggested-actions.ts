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

export const OUTCOME_UNKNOWN_ADVICE =
  'The request may have reached the gateway: query the status (or look the order up by its merchantTransactionId) before sending it again.';
