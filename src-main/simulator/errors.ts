import { HTTP_STATUS_MESSAGES } from '@shared/gateway';

export interface ReturnStatus {
  statusCode: string;
  statusMsg: string;
  statusDescription: string;
}

export const SUCCESS: ReturnStatus = { statusCode: '000', statusMsg: 'Success', statusDescription: 'Success' };

/** An answer other than 200: the HTTP status, the returnStatus and any extra headers (Allow, Retry-After). */
export class SimError extends Error {
  constructor(
    readonly httpStatus: keyof typeof HTTP_STATUS_MESSAGES,
    readonly returnStatus: ReturnStatus,
    readonly headers: Record<string, string> = {},
  ) {
    super(returnStatus.statusDescription);
  }
}

/**
 * statusCode per HTTP status. The spec names none besides 000 and 999; these follow gateway-behaviour.md
 * where it has one (E0101 with 400, T9999 with 503) and use the HTTP status as text otherwise.
 */
const CODE_FOR_HTTP: Partial<Record<keyof typeof HTTP_STATUS_MESSAGES, string>> = { 400: 'E0101', 503: 'T9999' };

export const httpError = (
  httpStatus: keyof typeof HTTP_STATUS_MESSAGES,
  description: string,
  options: { statusCode?: string; headers?: Record<string, string> } = {},
): SimError =>
  new SimError(
    httpStatus,
    {
      statusCode: options.statusCode ?? CODE_FOR_HTTP[httpStatus] ?? String(httpStatus),
      statusMsg: HTTP_STATUS_MESSAGES[httpStatus],
      statusDescription: description,
    },
    options.headers,
  );

/** A field that fails validation: 400, E0501, description starting with the dotted field path. */
export const fieldError = (path: string, message: string, statusCode = 'E0501'): SimError =>
  httpError(400, `${path || '(body)'}: ${message}`, { statusCode });
