/**
 * The words of shop testing (findings, certification items), by stable id with `{name}` parameters: the
 * English table is the catalogue (main, the CLI and the reports read it), the renderer translates
 * `text.id` through `shopText.<id>` (European Portuguese in src-renderer/src/i18n/messages/shop-text.pt-PT.ts,
 * type-checked to name every id). Parameter values are outside text (paths, header names, a shop's
 * values): they are interpolated as data, never compiled.
 * The wording avoids `@`, `|`, `{`/`}` other than parameters (vue-i18n message syntax).
 */
export const SHOP_TEXTS = {
  // Findings: what the shop did, then how to fix it.
  missingHeader: '{operation} was sent without the {header} header.',
  missingHeaderFix: 'Send {header} on every call ({expected}).',
  wrongAuthScheme: '{operation} was authorised with "{used}" instead of "{expected}".',
  wrongAuthSchemeFix:
    'Create order and status use "Authorization: Bearer <token>"; the follow-ups on a transaction use "Authorization: Digest <transactionSignature>" of that transaction.',
  unknownOperation: '{method} {path} is not an operation of the interface.',
  unknownOperationFix: 'Call only the documented paths below the base URL (…/api/v2/payments…), with their method.',
  bodyRule: 'The {operation} body breaks a rule: {field} {rule}.',
  bodyRuleFix: 'Correct {field} in the request body before sending ({count} problem(s) in this call).',
  merchantTransactionIdReused: 'merchantTransactionId "{merchantTransactionId}" was used for {count} different orders.',
  merchantTransactionIdReusedFix:
    'Give every order its own merchantTransactionId (for example your order number plus an attempt counter).',
  foreignSignature: '{operation} on {transactionID} was signed with the transactionSignature of {other}.',
  foreignSignatureFix:
    'Store each transactionSignature with its transactionID and send that one in "Authorization: Digest …".',
  invalidSignature:
    '{operation} on {transactionID} carried a Digest value that is no transactionSignature this gateway issued.',
  invalidSignatureFix:
    'Send the transactionSignature of the create answer, unchanged, as "Authorization: Digest <transactionSignature>".',
  statusPolledTooFast:
    'The status of {transactionID} was queried {count} times less than {minMs} ms apart (shortest gap {gapMs} ms).',
  statusPolledTooFastFix:
    'Wait at least {minMs} ms between status queries of a transaction, and longer when Retry-After says so.',
  outcomeNeverChecked:
    '{operation} on {transactionID} got no clear answer ({answer}) and its status was never queried afterwards.',
  outcomeNeverCheckedFix:
    'After a 5xx, a timeout or a 999, query the status of the transaction before deciding anything.',
  createResent:
    'Create order for merchantTransactionId "{merchantTransactionId}" was sent again after an unclear answer ({answer}): a duplicate-payment risk.',
  createResentFix:
    'Never resend a create whose outcome is unknown; reconcile it with the status query or the notification, then create a new order only if the first one does not exist.',
  followUpOnFinal: '{operation} was sent on {transactionID} after it was already {paymentStatus} (a final status).',
  followUpOnFinalFix:
    'Check paymentStatus before a follow-up: Success, Declined, Error, Timeout and Expired never change.',
  ackWrongShape: 'The acknowledgement of notification {notificationID} was not valid ({problem}): {answer}.',
  ackWrongShapeFix:
    'Answer HTTP 200 with a JSON object: statusCode "200", statusMsg "Success" and notificationID echoing the id received.',
  ackMissing: 'Notification {notificationID} got no answer from the webhook ({problem}).',
  ackMissingFix: 'Keep the webhook reachable and answer every notification within 5 seconds.',
  ackLate: 'Notification {notificationID} was not acknowledged within {limitMs} ms (took {durationMs} ms or more).',
  ackLateFix: 'Acknowledge first (store the notification, answer 200), then do the slow work.',
  ackInconsistent: 'Notification {notificationID} was answered differently on different deliveries ({answers}).',
  ackInconsistentFix:
    'A repeated notificationID is a duplicate: acknowledge it again the same way, and apply it only once.',
  webhookNotHttps: 'The webhook {url} is not HTTPS.',
  webhookNotHttpsFix:
    'Use an https:// webhook address in production (plain http is only acceptable on this machine for tests).',
  // Certification checklist items.
  certHandlesDeclined: 'Handles a Declined payment',
  certHandlesTimeout: 'Handles a Timeout',
  certHandlesExpiredReference: 'Handles an expired Multibanco reference',
  certNoResendAfterUnknown: 'Does not resend a create after an outcome-unknown answer (5xx, timeout)',
  certDuplicateNotifications: 'Acknowledges duplicate notifications correctly',
  certOutOfOrderNotifications: 'Acknowledges out-of-order notifications correctly',
  certAckShape: 'Acknowledgement shape and time',
  certPollingDiscipline: 'Polling discipline',
  certRequestHeaders: 'Headers and authentication',
  certRequestBodies: 'Request bodies and identifiers',
  certPass: 'pass',
  certFail: 'fail',
  certNotExercised: 'not exercised',
} as const;

export type ShopTextId = keyof typeof SHOP_TEXTS;
export type ShopTextParams = Record<string, string | number>;
export interface ShopText {
  id: ShopTextId;
  params: ShopTextParams;
}

export const shopText = (id: ShopTextId, params: ShopTextParams = {}): ShopText => ({ id, params });

/** The English sentence of a text: parameters interpolated as plain data. */
export function englishShopText(text: ShopText): string {
  const template: string = SHOP_TEXTS[text.id];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(text.params, name) ? String(text.params[name]) : whole,
  );
}
