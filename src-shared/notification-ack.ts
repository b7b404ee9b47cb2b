/**
 * Merchant-notification acknowledgements, both sides (docs/gateway-behaviour.md): a receiver answers HTTP 200
 * with `{statusCode:"200", statusMsg:"Success", notificationID}`; a sender accepts statusCode `"200"`,
 * `200` or `"000"` (sources disagree) with statusMsg `"Success"` and the echoed id on HTTP 200, and treats
 * everything else as a failure to retry. Pure TS: used by the receiver, the simulator and replay.
 */

export interface NotificationAck {
  statusCode: '200';
  statusMsg: 'Success';
  notificationID: string;
}

/** The body a receiver sends once the notification is safely recorded. */
export const buildNotificationAck = (notificationID: string): NotificationAck => ({
  statusCode: '200',
  statusMsg: 'Success',
  notificationID,
});

export const ackFailureCodes = [
  'no-response',
  'http-status',
  'body-not-json',
  'status-code',
  'status-msg',
  'notification-id',
] as const;
export type AckFailureCode = (typeof ackFailureCodes)[number];

export type AckVerdict =
  { ok: true; statusCode: '200' | '000' | 200; reason: string } | { ok: false; code: AckFailureCode; reason: string };

/** What the sender saw: an HTTP answer, or no answer at all (refused, reset, timed out). */
export type AckResponse = { status: number; body: string } | { error: string };

const ACCEPTED_STATUS_CODES: ReadonlyArray<unknown> = ['200', 200, '000'];

const show = (value: unknown): string => (value === undefined ? 'nothing' : JSON.stringify(value).slice(0, 80));

const failure = (code: AckFailureCode, reason: string): AckVerdict => ({ ok: false, code, reason });

/** Judges a receiver's answer to the notification `notificationID`, as a sender must before it stops retrying. */
export function judgeNotificationAck(notificationID: string, response: AckResponse): AckVerdict {
  if ('error' in response) return failure('no-response', `No acknowledgement: ${response.error}.`);
  if (response.status !== 200) {
    return failure('http-status', `The receiver answered HTTP ${response.status}; only HTTP 200 acknowledges.`);
  }
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    body = undefined;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return failure(
      'body-not-json',
      `HTTP 200 but the body is not a JSON acknowledgement object (got ${show(response.body.slice(0, 60))}).`,
    );
  }
  const ack = body as Record<string, unknown>;
  if (!ACCEPTED_STATUS_CODES.includes(ack.statusCode)) {
    return failure('status-code', `statusCode is ${show(ack.statusCode)}; expected "200", 200 or "000".`);
  }
  if (ack.statusMsg !== 'Success') {
    return failure('status-msg', `statusMsg is ${show(ack.statusMsg)}; expected "Success".`);
  }
  if (ack.notificationID !== notificationID) {
    return failure(
      'notification-id',
      `notificationID is ${show(ack.notificationID)}; expected the echo ${show(notificationID)}.`,
    );
  }
  const statusCode = ack.statusCode as '200' | '000' | 200;
  const note = statusCode === '200' ? '' : ` (statusCode ${show(statusCode)} is accepted; "200" is preferred)`;
  return { ok: true, statusCode, reason: `Acknowledged${note}.` };
}
