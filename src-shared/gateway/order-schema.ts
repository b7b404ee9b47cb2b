/**
 * The create-order request (spec: "Order (create request body)") for Variant A and Variant B, and
 * `validateOrder`, shared by the SDK (pre-send check), the simulator (400 naming the field path) and the
 * renderer's order forms (message next to the field). Canonical spellings only; see FIELD_ALIASES.
 */
import { z } from 'zod';
import {
  LIMITS,
  METHODS_NEEDING_LANGUAGE,
  METHODS_NEEDING_PHONE,
  PAYMENT_METHODS,
  PAYMENT_TYPES,
  type Variant,
} from './codes';
import { ISO_3166_ALPHA2, ISO_4217, ISO_639_1 } from './iso-codes';

/** "is required" when absent, otherwise the type message: the user sees which of the two it is. */
const typeError = (expected: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'is required' : `must be ${expected}`;

const text = (max?: number) => {
  const base = z.string({ error: typeError('a string') });
  return max === undefined ? base : base.max(max, `must be at most ${max} characters`);
};
const requiredText = (max?: number) => text(max).min(1, 'must not be empty');
const bool = () => z.boolean({ error: typeError('true or false (a JSON boolean)') });

export const E164_PATTERN = /^\+[1-9]\d{1,14}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const dateTime = () =>
  z.iso.datetime({
    offset: true,
    local: false,
    error: (issue) =>
      issue.input === undefined ? 'is required' : 'must be an ISO 8601 date-time, e.g. 2026-01-31T12:00:00Z',
  });

const currency = () =>
  z
    .string({ error: typeError('an ISO 4217 currency code') })
    .refine((code) => ISO_4217.has(code), 'must be an ISO 4217 currency code, e.g. EUR');
const country = () =>
  z
    .string({ error: typeError('an ISO 3166-1 alpha-2 country code') })
    .refine((code) => ISO_3166_ALPHA2.has(code), 'must be an ISO 3166-1 alpha-2 country code, e.g. PT');
const language = () =>
  z
    .string({ error: typeError('an ISO 639-1 language code') })
    .refine((code) => ISO_639_1.has(code), 'must be an ISO 639-1 language code, e.g. pt');

/** Amounts: a JSON number, above zero, with at most two decimals (integrator pain point). */
export const hasAtMostTwoDecimals = (value: number): boolean =>
  Math.abs(Math.round(value * 100) - value * 100) < 1e-6 * Math.max(1, Math.abs(value));
const amountValue = () =>
  z
    .number({ error: typeError('a JSON number') })
    .refine((value) => Number.isFinite(value), 'must be a finite number')
    .refine((value) => value > 0, 'must be greater than 0')
    .refine(hasAtMostTwoDecimals, 'must have at most 2 decimals');
const money = () => z.object({ value: amountValue(), currency: currency() }, { error: typeError('an object') });

const keyValueList = () =>
  z.array(z.object({ key: requiredText(), value: text() }, { error: typeError('an object {key, value}') }), {
    error: typeError('an array of {key, value}'),
  });

export const addressSchema = z.object(
  {
    street1: requiredText(LIMITS.street),
    street2: text(LIMITS.street).optional(),
    city: requiredText(LIMITS.city),
    postcode: requiredText(LIMITS.postcode),
    countrySubDivision: text(LIMITS.countrySubDivision).optional(),
    country: country().optional(),
  },
  { error: typeError('an object') },
);
/** Shipping: country is mandatory (spec: Address table). */
export const shippingAddressSchema = addressSchema.extend({ country: country() });

const merchantSchema = z.object(
  {
    // A JSON number (not a numeric string): integrators get this wrong (gateway-behaviour.md).
    terminalId: z
      .number({ error: typeError('a JSON number (not a string)') })
      .int('must be a whole number')
      .nonnegative('must not be negative')
      .refine(
        (value) => String(value).length <= LIMITS.terminalIdDigits,
        `must have at most ${LIMITS.terminalIdDigits} digits`,
      ),
    channel: requiredText(),
    merchantTransactionId: requiredText(LIMITS.merchantTransactionIdRequest),
    transactionDescription: text(LIMITS.merchantTransactionDescription).optional(),
    shopURL: text().optional(),
  },
  { error: typeError('an object') },
);

const customerInfoFields = {
  customerName: text(LIMITS.customerName).optional(),
  customerEmail: text()
    .refine((value) => EMAIL_PATTERN.test(value), 'must be an e-mail address')
    .optional(),
  customerPhone: text()
    .refine((value) => E164_PATTERN.test(value), 'must be in E.164 form: + then at most 15 digits, e.g. +351912345678')
    .optional(),
  customerLanguage: language().optional(),
  shippingAddress: shippingAddressSchema.optional(),
  billingAddress: addressSchema.optional(),
  billingAddressSameAsAddress: bool().optional(),
};

const customerSchema = z.object(
  {
    customerInfo: z.object(customerInfoFields, { error: typeError('an object') }),
    shippingAddress: shippingAddressSchema.optional(),
    billingAddress: addressSchema.optional(),
    billingAddressSameAsShippingAddress: bool().optional(),
  },
  { error: typeError('an object') },
);

const paymentReferenceSchema = z
  .object(
    {
      initialDatetime: dateTime().optional(),
      finalDatetime: dateTime().optional(),
      maxAmount: money().optional(),
      minAmount: money().optional(),
      entity: text().optional(),
    },
    { error: typeError('an object') },
  )
  .superRefine((ref, ctx) => {
    if (ref.initialDatetime && ref.finalDatetime && Date.parse(ref.finalDatetime) <= Date.parse(ref.initialDatetime))
      ctx.addIssue({ code: 'custom', path: ['finalDatetime'], message: 'must be after initialDatetime' });
    if (ref.minAmount && ref.maxAmount && ref.minAmount.value > ref.maxAmount.value)
      ctx.addIssue({ code: 'custom', path: ['minAmount', 'value'], message: 'must not exceed maxAmount.value' });
  });

const transactionSchema = (variant: Variant) =>
  z.object(
    {
      transactionTimestamp: dateTime(),
      description: requiredText(LIMITS.transactionDescription),
      moto: bool(),
      paymentType: z.enum(PAYMENT_TYPES, { error: typeError(`one of ${PAYMENT_TYPES.join(', ')}`) }),
      paymentMethod: z
        .array(
          z.enum(PAYMENT_METHODS[variant], {
            error: typeError(`one of the Variant ${variant} codes: ${PAYMENT_METHODS[variant].join(', ')}`),
          }),
          { error: typeError('an array of payment method codes') },
        )
        .min(1, 'must list at least one payment method')
        .refine((codes) => new Set(codes).size === codes.length, 'must not list a method twice'),
      amount: money(),
      paymentReference: paymentReferenceSchema.optional(),
    },
    { error: typeError('an object') },
  );

const deviceInfoKeys = [
  'browserAcceptHeader',
  'browserJavaEnabled',
  'browserJavascriptEnabled',
  'browserLanguage',
  'browserColorDepth',
  'browserScreenHeight',
  'browserScreenWidth',
  'browserTZ',
  'browserUserAgent',
  'systemFamily',
  'systemVersion',
  'systemArchitecture',
  'deviceManufacturer',
  'deviceModel',
  'deviceID',
  'applicationName',
  'applicationVersion',
  'geoLocalization',
  'ipAddress',
] as const;
export const DEVICE_INFO_FIELDS = deviceInfoKeys;

const infoSchema = z.object(
  {
    deviceInfo: z.object(Object.fromEntries(deviceInfoKeys.map((key) => [key, text().optional()])), {
      error: typeError('an object'),
    }),
  },
  { error: typeError('an object') },
);

const variantAExtras = {
  recurringTransaction: z
    .object(
      { validityDate: dateTime().optional(), amountQualifier: text().optional(), description: text().optional() },
      { error: typeError('an object') },
    )
    .optional(),
  tokenisation: z
    .object(
      {
        tokenisationRequest: z
          .object({ tokeniseCard: bool().optional() }, { error: typeError('an object') })
          .optional(),
      },
      { error: typeError('an object') },
    )
    .optional(),
};

const common = (variant: Variant) => ({
  merchant: merchantSchema,
  transaction: transactionSchema(variant),
  extendedInfo: keyValueList().optional(),
  customerInfo: keyValueList().optional(),
});

export const orderSchemaA = z.object(
  { ...common('A'), customer: customerSchema.optional(), ...variantAExtras },
  { error: typeError('an object') },
);

export const orderSchemaB = z.object(
  { ...common('B'), customer: customerSchema, info: infoSchema },
  { error: typeError('an object') },
);

const objectAt = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/**
 * The spec's conditional rules (customer and e-mail for CARD in A; name and e-mail in B; MBWY → phone;
 * BNCT/IDEL/BIZM → language). They read the raw body, not the parsed one, so a user with several
 * mistakes sees these messages together with the others instead of only after fixing everything else.
 */
function conditionalIssues(variant: Variant, body: unknown): ValidationIssue[] {
  const order = objectAt(body);
  const paymentMethod = objectAt(order?.transaction)?.paymentMethod;
  const methods = Array.isArray(paymentMethod)
    ? paymentMethod.filter((code): code is string => typeof code === 'string')
    : [];
  const customer = objectAt(order?.customer);
  const info = objectAt(customer?.customerInfo);
  const issues: ValidationIssue[] = [];
  const require = (present: unknown, path: string, why: string) => {
    if (present === undefined) issues.push({ path, message: `is required ${why}` });
  };
  if (variant === 'A') {
    if (!methods.includes('CARD')) return issues;
    require(order?.customer, 'customer', 'for card payments in Variant A');
    if (customer) require(info?.customerEmail, 'customer.customerInfo.customerEmail', 'for card payments in Variant A');
    return issues;
  }
  if (!info) return issues; // customer / customerInfo themselves are reported by the schema
  require(info.customerName, 'customer.customerInfo.customerName', 'in Variant B');
  require(info.customerEmail, 'customer.customerInfo.customerEmail', 'in Variant B');
  const needsPhone = METHODS_NEEDING_PHONE.filter((code) => methods.includes(code));
  if (needsPhone.length)
    require(info.customerPhone, 'customer.customerInfo.customerPhone', `when paymentMethod includes ${needsPhone.join(', ')}`);
  const needsLanguage = METHODS_NEEDING_LANGUAGE.filter((code) => methods.includes(code));
  if (needsLanguage.length)
    require(info.customerLanguage, 'customer.customerInfo.customerLanguage', `when paymentMethod includes ${needsLanguage.join(', ')}`);
  return issues;
}

export type OrderA = z.infer<typeof orderSchemaA>;
export type OrderB = z.infer<typeof orderSchemaB>;
export type Order = OrderA | OrderB;
export const orderSchemas = { A: orderSchemaA, B: orderSchemaB } as const;

export interface ValidationIssue {
  /** Dotted field path, e.g. `customer.customerInfo.customerPhone`; array indices as numbers (`paymentMethod.0`). */
  path: string;
  message: string;
}

export type OrderValidation =
  { ok: true; order: Order; issues: [] } | { ok: false; order?: undefined; issues: ValidationIssue[] };

export const toValidationIssues = (issues: readonly z.core.$ZodIssue[]): ValidationIssue[] =>
  issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));

/** Validates a create-order body for a variant: every field rule and every conditional rule, all at once. */
export function validateOrder(variant: Variant, body: unknown): OrderValidation {
  const result = orderSchemas[variant].safeParse(body);
  const schemaIssues = result.success ? [] : toValidationIssues(result.error.issues);
  const reported = new Set(schemaIssues.map((issue) => issue.path));
  const issues = [...schemaIssues, ...conditionalIssues(variant, body).filter((issue) => !reported.has(issue.path))];
  if (result.success && issues.length === 0) return { ok: true, order: result.data, issues: [] };
  return { ok: false, issues };
}

/** One line naming the first problem, e.g. `customer.customerInfo.customerPhone: is required when …`. */
export const describeIssue = (issue: ValidationIssue): string => `${issue.path || '(body)'}: ${issue.message}`;
