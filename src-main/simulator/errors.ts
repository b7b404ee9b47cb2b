import { HTTP_STATUS_MESSAGES } from '@shared/gateway';
import { englishOf, type MainText } from '@shared/console-text';

export interface ReturnStatus {
  statusCode: string;
  statusMsg: string;
  statusDescription: string;
}

export const SUCCESS: ReturnStatus = { statusCode: '000', statusMsg: 'Success', statusDescription: 'Success' };

/**
 * The spec's statuses plus the two the simulator answers as a server in its own right (not as the
 * gateway): a body over the limit, and a control request that is not JSON.
 */
const STATUS_MESSAGES = {
  ...HTTP_STATUS_MESSAGES,
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
} as const;
export type SimHttpStatus = keyof typeof STATUS_MESSAGES;

/** An answer other than 200: the HTTP status, the returnStatus and any extra headers (Allow, Retry-After). */
export class SimError extends Error {
  constructor(
    readonly httpStatus: SimHttpStatus,
    readonly returnStatus: ReturnStatus,
    readonly headers: Record<string, string> = {},
    /** The description by text id, for the console to word (the HTTP answer carries the English). */
    readonly text?: MainText,
  ) {
    super(returnStatus.statusDescription);
  }
}

/**
 * statusCode per HTTP status. The spec names none besides 000 and 999; these follow docs/gateway-behaviour.md
 * where it has one (E0101 with 400, T9999 with 503) and use the HTTP status as text otherwise.
 */
const CODE_FOR_HTTP: Partial<Record<SimHttpStatus, string>> = { 400: 'E0101', 503: 'T9999' };

export const httpError = (
  httpStatus: SimHttpStatus,
  description: string | MainText,
  options: { statusCode?: string; headers?: Record<string, string> } = {},
): SimError =>
  new SimError(
    httpStatus,
    {
      statusCode: options.statusCode ?? CODE_FOR_HTTP[httpStatus] ?? String(httpStatus),
      statusMsg: STATUS_MESSAGES[httpStatus],
      statusDescription: typeof description === 'string' ? description : englishOf(description),
    },
    options.headers,
    typeof description === 'string' ? undefined : description,
  );

/** A field that fails validation: 400, E0501, description starting with the dotted field path. */
export const fieldError = (path: string, message: string, statusCode = 'E0501'): SimError =>
  httpError(400, `${path || '(body)'}: ${message}`, { statusCode });
