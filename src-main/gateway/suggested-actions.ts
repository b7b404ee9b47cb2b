import { mainText, type MainText, type MainTextId } from '@shared/console-text';

/** The spec's error table (Errors section): what the merchant should do for each HTTP status. */
export const HTTP_STATUS_ADVICE: Record<number, { statusMsg: string; action: MainTextId }> = {
  400: { statusMsg: 'Bad Request', action: 'adviceHttp400' },
  401: { statusMsg: 'Unauthorized', action: 'adviceHttp401' },
  403: { statusMsg: 'Forbidden', action: 'adviceHttp403' },
  405: { statusMsg: 'Method Not Allowed', action: 'adviceHttp405' },
  429: { statusMsg: 'Too Many Requests', action: 'adviceHttp429' },
  500: { statusMsg: 'Internal Server Error', action: 'adviceHttp500' },
  503: { statusMsg: 'Service Unavailable', action: 'adviceHttp503' },
};

/** Statuses seen on the real gateway but not in the spec's table (docs/gateway-behaviour.md). */
const OBSERVED_ADVICE: Record<number, MainTextId> = {
  404: 'adviceHttp404',
  409: 'adviceHttp409',
};

export function adviceForHttpStatus(status: number): MainText {
  return mainText(
    HTTP_STATUS_ADVICE[status]?.action ??
      OBSERVED_ADVICE[status] ??
      (status >= 500 ? 'adviceHttp5xx' : 'adviceHttpOther'),
  );
}

/**
 * What to do when a money-moving call may have been processed without the console knowing (no answer,
 * a 5xx, an answer cut off): sending it again could pay twice, so the advice is always to find out first.
 * For a create there is no transactionID yet, so the order is found by what the merchant chose.
 */
export const outcomeUnknownAdvice = (operation: string): MainText =>
  mainText(operation === 'createOrder' ? 'adviceOutcomeUnknownCreate' : 'adviceOutcomeUnknown');
