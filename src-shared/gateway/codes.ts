/**
 * Constants of the gateway interface (spec/gateway-interface.md) and of the real gateway's observed
 * behaviour (docs/gateway-behaviour.md). Pure data: usable in Node and in the browser.
 */

export const VARIANTS = ['A', 'B'] as const;
export type Variant = (typeof VARIANTS)[number];

/** Payment method codes accepted in `transaction.paymentMethod`, per variant (spec: Payment method codes). */
export const PAYMENT_METHODS = {
  A: ['REFERENCE', 'CARD', 'MBWAY'],
  B: ['CARD', 'TOKEN', 'PAY_BY_LINK', 'BLIK', 'XPAY', 'IDEL', 'BNCT', 'SPDD', 'CRTB', 'MBWY', 'BIZM'],
} as const satisfies Record<Variant, readonly string[]>;
export type PaymentMethodA = (typeof PAYMENT_METHODS.A)[number];
export type PaymentMethodB = (typeof PAYMENT_METHODS.B)[number];
export type PaymentMethodCode = PaymentMethodA | PaymentMethodB;

/** Variant B methods whose shopper language must be known (spec: customerLanguage is conditional). */
export const METHODS_NEEDING_LANGUAGE = ['BNCT', 'IDEL', 'BIZM'] as const;
/** Variant B methods that need the shopper's phone (spec: customerPhone is conditional). */
export const METHODS_NEEDING_PHONE = ['MBWY'] as const;

export const PAYMENT_TYPES = ['PURS', 'AUTH'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** `paymentStatus` values (PascalCase on the wire), whether final, and what they mean (docs/gateway-behaviour.md). */
export const PAYMENT_STATUSES = {
  Pending: {
    final: false,
    meaning: 'Waiting for the shopper or an external party (MB WAY approval, unpaid Multibanco reference).',
  },
  InProcessing: { final: false, meaning: 'Being processed internally.' },
  Partial: { final: false, meaning: 'An extra step is needed (card 3-D Secure); comes with actionResponse.' },
  Success: { final: true, meaning: 'Done. After AUTH it means authorised, not captured.' },
  Declined: { final: true, meaning: 'Refused by the shopper, issuer or rules.' },
  Error: { final: true, meaning: 'Technical failure.' },
  Timeout: { final: true, meaning: 'Not completed in time (e.g. MB WAY not approved within the window).' },
  Expired: { final: true, meaning: 'The order or reference passed its expiry.' },
} as const;
export type PaymentStatus = keyof typeof PAYMENT_STATUSES;
export const PAYMENT_STATUS_VALUES = Object.keys(PAYMENT_STATUSES) as PaymentStatus[];

export const isPaymentStatus = (value: unknown): value is PaymentStatus =>
  typeof value === 'string' && Object.hasOwn(PAYMENT_STATUSES, value);
export const isFinalPaymentStatus = (value: unknown): boolean =>
  isPaymentStatus(value) && PAYMENT_STATUSES[value].final;

/** Allowed transitions (docs/gateway-behaviour.md); finals have none. */
export const PAYMENT_STATUS_TRANSITIONS: Record<PaymentStatus, readonly PaymentStatus[]> = {
  // Partial too: a card payment on a pending order that needs 3-D Secure answers Partial with an
  // actionResponse (docs/gateway-behaviour.md, card purchase), so a pending order does become Partial.
  Pending: ['InProcessing', 'Partial', 'Success', 'Declined', 'Timeout', 'Error', 'Expired'],
  InProcessing: ['Success', 'Declined', 'Error', 'Timeout'],
  Partial: ['InProcessing', 'Success', 'Declined'],
  Success: [],
  Declined: [],
  Error: [],
  Timeout: [],
  Expired: [],
};

/** `returnStatus.statusCode` values known from the spec and from real integrations. Codes are strings. */
export const RETURN_STATUS_CODES = {
  '000': 'Request processed (not necessarily paid: check paymentStatus).',
  '999': 'Validation Request Failed: try again.',
  E0101: 'Invalid request.',
  T9999: 'Temporary condition; retry later.',
  E0500: 'MB WAY: operation not accepted by the shopper.',
  E0501: 'Invalid request, data missing or invalid.',
  E0113: 'Insufficient funds.',
  E0504: 'MB WAY alias has an invalid format.',
  E0506: 'MB WAY alias does not exist.',
  E0612: 'Multibanco reference cancelled or expired.',
  E0613: 'Multibanco reference already paid.',
  '01.106.0004': 'MB WAY declined.',
} as const;
export type KnownReturnStatusCode = keyof typeof RETURN_STATUS_CODES;

/** `12.110.12xx` / `12.110.13xx`: checkout / payment-request parameter errors. */
export const describeReturnStatusCode = (code: string): string | undefined =>
  Object.hasOwn(RETURN_STATUS_CODES, code)
    ? RETURN_STATUS_CODES[code as KnownReturnStatusCode]
    : /^12\.110\.1[23]\d\d$/.test(code)
      ? 'Checkout or payment-request parameter error.'
      : undefined;

/** HTTP statuses of the spec's error table, with their statusMsg. */
export const HTTP_STATUS_MESSAGES = {
  200: 'Success',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
} as const;

/** regulationList entry types (Variant B), spelled as in the spec (`ACCQUIRER_LOGO` included). */
export const REGULATION_TYPES = [
  'ACCEPTANCE',
  'COMPLAINTS',
  'CERTIFICATIONS',
  'ACQUIRER_NAME',
  'ACCQUIRER_LOGO',
  'VISA_NETWORK_LOGO',
  'MASTERCARD_NETWORK_LOGO',
] as const;

export const DEFAULT_CLIENT_ID_HEADER = 'X-Platform-Client-Id';
/** An HTTP header name (RFC 9110 token): what a client-id header name may be. */
export const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;
export const DEFAULT_API_VERSION = 'v2';
export const DEFAULT_BASE_PATH = '/api';

/**
 * Field-name spelling (the spec has two spellings for some fields). We SEND, and treat as canonical,
 * the spelling of the request examples and of every response: `terminalId`, `merchantTransactionId`,
 * `transactionTimestamp`, `customerInfo`. The table spellings are accepted as input aliases by the
 * simulator (see `canonicaliseOrderSpelling`). Key: alias → canonical, per object.
 */
export const FIELD_ALIASES = {
  merchant: { terminalID: 'terminalId', merchantTransactionID: 'merchantTransactionId' },
  transaction: { transactionTimeStamp: 'transactionTimestamp' },
  order: { customerinfo: 'customerInfo' },
} as const;

/** Limits of the spec's Limits table (characters unless said otherwise). */
export const LIMITS = {
  terminalIdDigits: 10,
  merchantTransactionIdRequest: 1000,
  merchantTransactionIdResponse: 36,
  merchantTransactionDescription: 4000,
  transactionDescription: 70,
  e164Digits: 15,
  street: 70,
  city: 35,
  postcode: 16,
  countrySubDivision: 35,
  transactionIdResponse: 36,
  /** docs/gateway-behaviour.md: "customerName over 45 characters is refused". */
  customerName: 45,
} as const;
