/**
 * Lenient parser for decrypted merchant notifications (docs/gateway-behaviour.md). Published samples mix
 * types — `amount.value` as "16.20" or 10.0, `terminalId` as "99978" or 1000000, `inApp` as "false",
 * a trailing space in `transactionDateTime` — so every field is coerced, never rejected, and the
 * coercions are listed as notes. Only a missing `notificationID` makes a notification unusable: the
 * acknowledgement must echo it. Unknown fields are kept. Pure TS (no node imports): the renderer uses it too.
 */

/** Header names the gateway uses for the IV and the authentication tag. */
export const NOTIFICATION_IV_HEADER = 'X-Initialization-Vector';
export const NOTIFICATION_TAG_HEADER = 'X-Authentication-Tag';

export interface ParsedNotification {
  notificationId: string;
  /** The gateway's transaction id (`transactionID`). */
  transactionId: string | null;
  /** `merchant.transactionId`: in notifications this is the merchant's own order id. */
  merchantOrderId: string | null;
  /** Digits as text, whatever type the sender used. */
  terminalId: string | null;
  merchantName: string | null;
  inApp: boolean | null;
  paymentStatus: string | null;
  paymentMethod: string | null;
  paymentType: string | null;
  returnStatus: { statusCode: string | null; statusMsg: string | null } | null;
  /** `transactionDateTime` as sent, trimmed. */
  transactionDateTime: string | null;
  /** The same instant as ISO-8601 UTC, or null when it cannot be read (the gateway sends UTC without a zone). */
  transactionDateTimeUtc: string | null;
  /** Decimal text with at least two decimals ("16.20", "10.00"), so it compares with status amounts. */
  amount: { value: string | null; currency: string | null } | null;
  token: { tokenType: string | null; value: string | null } | null;
  paymentReference: Record<string, unknown> | null;
  internalTransactionId: string | null;
  /** Fields the parser does not know, by dotted path; kept, never dropped. */
  unknownFields: Record<string, unknown>;
  /** What was coerced or missing, in plain words. */
  notes: string[];
}

export type NotificationParse = { ok: true; notification: ParsedNotification } | { ok: false; problem: string };

type Bag = Record<string, unknown>;

const isBag = (value: unknown): value is Bag => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Collects notes and unknown fields while the fields are read. */
class Reader {
  readonly notes: string[] = [];
  readonly unknownFields: Record<string, unknown> = {};

  text(bag: Bag, key: string, path: string): string | null {
    const value = bag[key];
    if (value === undefined || value === null) return null;
    if (typeof value === 'string') {
      const trimmed = value.trim();
      if (trimmed !== value) this.notes.push(`${path} had surrounding whitespace (trimmed).`);
      return trimmed === '' ? null : trimmed;
    }
    if (typeof value === 'number' || typeof value === 'boolean') {
      this.notes.push(`${path} was a ${typeof value}, read as text.`);
      return String(value);
    }
    this.notes.push(`${path} has an unexpected ${Array.isArray(value) ? 'array' : typeof value} value (ignored).`);
    this.unknownFields[path] = value;
    return null;
  }

  object(bag: Bag, key: string, path: string): Bag | null {
    const value = bag[key];
    if (value === undefined || value === null) return null;
    if (isBag(value)) return value;
    this.notes.push(`${path} is not an object (ignored).`);
    this.unknownFields[path] = value;
    return null;
  }

  keepUnknown(bag: Bag, known: readonly string[], prefix: string): void {
    for (const [key, value] of Object.entries(bag)) {
      if (!known.includes(key)) this.unknownFields[prefix + key] = value;
    }
  }
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** "16.2" → "16.20", 10 → "10.00", "1.005" stays; anything else is returned as sent. */
function normaliseAmount(text: string | null, reader: Reader): string | null {
  if (text === null) return null;
  const compact = text.replace(',', '.');
  if (!DECIMAL.test(compact)) {
    reader.notes.push(`amount.value ${JSON.stringify(text)} is not a decimal number.`);
    return text;
  }
  if (compact !== text) reader.notes.push('amount.value used a decimal comma.');
  const [whole, fraction = ''] = compact.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

function readBoolean(bag: Bag, key: string, path: string, reader: Reader): boolean | null {
  const value = bag[key];
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value;
  const text = String(value).trim().toLowerCase();
  if (text === 'true' || text === 'false') {
    reader.notes.push(`${path} was ${JSON.stringify(value)}, read as ${text}.`);
    return text === 'true';
  }
  reader.notes.push(`${path} ${JSON.stringify(value)} is not a boolean (ignored).`);
  reader.unknownFields[path] = value;
  return null;
}

/** Reads the gateway's UTC timestamp; a missing zone means UTC (the gateway documents its times as UTC). */
function toUtcIso(text: string | null): string | null {
  if (text === null) return null;
  const hasZone = /(Z|[+-]\d\d:?\d\d)$/i.test(text);
  const withZone = hasZone ? text : `${text.replace(' ', 'T')}Z`;
  const millis = Date.parse(withZone);
  return Number.isNaN(millis) ? null : new Date(millis).toISOString();
}

const TOP_LEVEL = [
  'notificationID',
  'transactionID',
  'merchant',
  'paymentStatus',
  'paymentMethod',
  'paymentType',
  'returnStatus',
  'transactionDateTime',
  'amount',
  'token',
  'paymentReference',
  'internalTransactionId',
] as const;

/** Parses the decrypted JSON of a notification, leniently. */
export function parseNotification(json: unknown): NotificationParse {
  if (!isBag(json)) return { ok: false, problem: 'The notification is not a JSON object.' };
  const r = new Reader();
  const notificationId = r.text(json, 'notificationID', 'notificationID');
  if (notificationId === null) {
    return { ok: false, problem: 'The notification has no notificationID, so it cannot be acknowledged.' };
  }
  r.keepUnknown(json, TOP_LEVEL, '');

  const merchant = r.object(json, 'merchant', 'merchant');
  if (merchant) r.keepUnknown(merchant, ['transactionId', 'terminalId', 'merchantName', 'inApp'], 'merchant.');
  const returnStatus = r.object(json, 'returnStatus', 'returnStatus');
  if (returnStatus) r.keepUnknown(returnStatus, ['statusCode', 'statusMsg'], 'returnStatus.');
  const amount = r.object(json, 'amount', 'amount');
  if (amount) r.keepUnknown(amount, ['value', 'currency'], 'amount.');
  const token = r.object(json, 'token', 'token');
  if (token) r.keepUnknown(token, ['tokenType', 'value'], 'token.');

  const transactionDateTime = r.text(json, 'transactionDateTime', 'transactionDateTime');
  const transactionDateTimeUtc = toUtcIso(transactionDateTime);
  if (transactionDateTime !== null && transactionDateTimeUtc === null) {
    r.notes.push(`transactionDateTime ${JSON.stringify(transactionDateTime)} is not a readable date.`);
  }

  const notification: ParsedNotification = {
    notificationId,
    transactionId: r.text(json, 'transactionID', 'transactionID'),
    merchantOrderId: merchant ? r.text(merchant, 'transactionId', 'merchant.transactionId') : null,
    terminalId: merchant ? r.text(merchant, 'terminalId', 'merchant.terminalId') : null,
    merchantName: merchant ? r.text(merchant, 'merchantName', 'merchant.merchantName') : null,
    inApp: merchant ? readBoolean(merchant, 'inApp', 'merchant.inApp', r) : null,
    paymentStatus: r.text(json, 'paymentStatus', 'paymentStatus'),
    paymentMethod: r.text(json, 'paymentMethod', 'paymentMethod'),
    paymentType: r.text(json, 'paymentType', 'paymentType'),
    returnStatus: returnStatus
      ? {
          statusCode: r.text(returnStatus, 'statusCode', 'returnStatus.statusCode'),
          statusMsg: r.text(returnStatus, 'statusMsg', 'returnStatus.statusMsg'),
        }
      : null,
    transactionDateTime,
    transactionDateTimeUtc,
    amount: amount
      ? {
          value: normaliseAmount(r.text(amount, 'value', 'amount.value'), r),
          currency: r.text(amount, 'currency', 'amount.currency'),
        }
      : null,
    token: token
      ? { tokenType: r.text(token, 'tokenType', 'token.tokenType'), value: r.text(token, 'value', 'token.value') }
      : null,
    paymentReference: r.object(json, 'paymentReference', 'paymentReference'),
    internalTransactionId: r.text(json, 'internalTransactionId', 'internalTransactionId'),
    unknownFields: r.unknownFields,
    notes: r.notes,
  };
  for (const [path, value] of [
    ['transactionID', notification.transactionId],
    ['paymentStatus', notification.paymentStatus],
    ['merchant.terminalId', notification.terminalId],
  ] as const) {
    if (value === null) r.notes.push(`${path} is missing.`);
  }
  return { ok: true, notification };
}
