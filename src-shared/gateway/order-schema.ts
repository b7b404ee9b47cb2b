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
import { rule, type RuleId } from '../rule-text';

/** "is required" when absent, otherwise the type message: the user sees which of the two it is. */
const typeError =
  (id: RuleId, params: Record<string, string | number> = {}) =>
  (issue: { input?: unknown }) =>
    issue.input === undefined ? rule('required') : rule(id, params);

const text = (max?: number) => {
  const base = z.string({ error: typeError('mustBeString') });
  return max === undefined ? base : base.max(max, rule('maxChars', { max }));
};
const requiredText = (max?: number) => text(max).min(1, rule('notEmpty'));
const bool = () => z.boolean({ error: typeError('mustBeBoolean') });

export const E164_PATTERN = /^\+[1-9]\d{1,14}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const dateTime = () =>
  z.iso.datetime({
    offset: true,
    local: false,
    error: (issue) =>
      issue.input === undefined ? rule('required') : rule('isoDateTime', { example: '2026-01-31T12:00:00Z' }),
  });

const currency = () =>
  z
    .string({ error: typeError('mustBeCurrencyType') })
    .refine((code) => ISO_4217.has(code), rule('currency', { example: 'EUR' }));
const country = () =>
  z
    .string({ error: typeError('mustBeCountryType') })
    .refine((code) => ISO_3166_ALPHA2.has(code), rule('country', { example: 'PT' }));
const language = () =>
  z
    .string({ error: typeError('mustBeLanguageType') })
    .refine((code) => ISO_639_1.has(code), rule('language', { example: 'pt' }));

/** Amounts: a JSON number, above zero, with at most two decimals (integrator pain point). */
export const hasAtMostTwoDecimals = (value: number): boolean =>
  Math.abs(Math.round(value * 100) - value * 100) < 1e-6 * Math.max(1, Math.abs(value));
const amountValue = () =>
  z
    .number({ error: typeError('mustBeJsonNumber') })
    .refine((value) => Number.isFinite(value), rule('finite'))
    .refine((value) => value > 0, rule('positive'))
    .refine(hasAtMostTwoDecimals, rule('twoDecimals'));
const money = () => z.object({ value: amountValue(), currency: currency() }, { error: typeError('mustBeObject') });

const keyValueList = () =>
  z.array(z.object({ key: requiredText(), value: text() }, { error: typeError('mustBeKeyValueObject') }), {
    error: typeError('mustBeKeyValueArray'),
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
  { error: typeError('mustBeObject') },
);
/** Shipping: country is mandatory (spec: Address table). */
export const shippingAddressSchema = addressSchema.extend({ country: country() });

const merchantSchema = z.object(
  {
    // A JSON number (not a numeric string): integrators get this wrong (docs/gateway-behaviour.md).
    terminalId: z
      .number({ error: typeError('mustBeJsonNumberNotString') })
      .int(rule('wholeNumber'))
      .nonnegative(rule('notNegative'))
      .refine(
        (value) => String(value).length <= LIMITS.terminalIdDigits,
        rule('maxDigits', { max: LIMITS.terminalIdDigits }),
      ),
    channel: requiredText(),
    merchantTransactionId: requiredText(LIMITS.merchantTransactionIdRequest),
    transactionDescription: text(LIMITS.merchantTransactionDescription).optional(),
    shopURL: text().optional(),
  },
  { error: typeError('mustBeObject') },
);

const customerInfoFields = {
  customerName: text(LIMITS.customerName).optional(),
  customerEmail: text()
    .refine((value) => EMAIL_PATTERN.test(value), rule('email'))
    .optional(),
  customerPhone: text()
    .refine((value) => E164_PATTERN.test(value), rule('e164', { example: '+351912345678' }))
    .optional(),
  customerLanguage: language().optional(),
  shippingAddress: shippingAddressSchema.optional(),
  billingAddress: addressSchema.optional(),
  billingAddressSameAsAddress: bool().optional(),
};

const customerSchema = z.object(
  {
    customerInfo: z.object(customerInfoFields, { error: typeError('mustBeObject') }),
    shippingAddress: shippingAddressSchema.optional(),
    billingAddress: addressSchema.optional(),
    billingAddressSameAsShippingAddress: bool().optional(),
  },
  { error: typeError('mustBeObject') },
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
    { error: typeError('mustBeObject') },
  )
  .superRefine((ref, ctx) => {
    if (ref.initialDatetime && ref.finalDatetime && Date.parse(ref.finalDatetime) <= Date.parse(ref.initialDatetime))
      ctx.addIssue({ code: 'custom', path: ['finalDatetime'], message: rule('afterInitial') });
    if (ref.minAmount && ref.maxAmount && ref.minAmount.value > ref.maxAmount.value)
      ctx.addIssue({ code: 'custom', path: ['minAmount', 'value'], message: rule('notAboveMax') });
  });

const transactionSchema = (variant: Variant) =>
  z.object(
    {
      transactionTimestamp: dateTime(),
      description: requiredText(LIMITS.transactionDescription),
      moto: bool(),
      paymentType: z.enum(PAYMENT_TYPES, { error: typeError('oneOf', { values: PAYMENT_TYPES.join(', ') }) }),
      paymentMethod: z
        .array(
          z.enum(PAYMENT_METHODS[variant], {
            error: typeError('oneOfVariantCodes', { variant, values: PAYMENT_METHODS[variant].join(', ') }),
          }),
          { error: typeError('mustBeMethodArray') },
        )
        .min(1, rule('oneMethod'))
        .refine((codes) => new Set(codes).size === codes.length, rule('methodTwice')),
      amount: money(),
      paymentReference: paymentReferenceSchema.optional(),
    },
    { error: typeError('mustBeObject') },
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
      error: typeError('mustBeObject'),
    }),
  },
  { error: typeError('mustBeObject') },
);

const variantAExtras = {
  recurringTransaction: z
    .object(
      { validityDate: dateTime().optional(), amountQualifier: text().optional(), description: text().optional() },
      { error: typeError('mustBeObject') },
    )
    .optional(),
  tokenisation: z
    .object(
      {
        tokenisationRequest: z
          .object({ tokeniseCard: bool().optional() }, { error: typeError('mustBeObject') })
          .optional(),
      },
      { error: typeError('mustBeObject') },
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
  { error: typeError('mustBeObject') },
);

export const orderSchemaB = z.object(
  { ...common('B'), customer: customerSchema, info: infoSchema },
  { error: typeError('mustBeObject') },
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
  // The message is worded only when the field is missing: a valid order (nearly every one) words none.
  const require = (present: unknown, path: string, id: RuleId, params?: Record<string, string>) => {
    if (present === undefined) issues.push({ path, message: rule(id, params) });
  };
  if (variant === 'A') {
    if (!methods.includes('CARD')) return issues;
    require(order?.customer, 'customer', 'requiredCardA');
    if (customer) require(info?.customerEmail, 'customer.customerInfo.customerEmail', 'requiredCardA');
    return issues;
  }
  if (!info) return issues; // customer / customerInfo themselves are reported by the schema
  require(info.customerName, 'customer.customerInfo.customerName', 'requiredVariantB');
  require(info.customerEmail, 'customer.customerInfo.customerEmail', 'requiredVariantB');
  const needsPhone = METHODS_NEEDING_PHONE.filter((code) => methods.includes(code));
  if (needsPhone.length)
    require(info.customerPhone, 'customer.customerInfo.customerPhone', 'requiredWhenMethod', {
      methods: needsPhone.join(', '),
    });
  const needsLanguage = METHODS_NEEDING_LANGUAGE.filter((code) => methods.includes(code));
  if (needsLanguage.length)
    require(info.customerLanguage, 'customer.customerInfo.customerLanguage', 'requiredWhenMethod', {
      methods: needsLanguage.join(', '),
    });
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
  if (result.success) {
    const issues = conditionalIssues(variant, body);
    return issues.length === 0 ? { ok: true, order: result.data, issues: [] } : { ok: false, issues };
  }
  const schemaIssues = toValidationIssues(result.error.issues);
  const reported = new Set(schemaIssues.map((issue) => issue.path));
  const issues = [...schemaIssues, ...conditionalIssues(variant, body).filter((issue) => !reported.has(issue.path))];
  return { ok: false, issues };
}

/** One line naming the first problem, e.g. `customer.customerInfo.customerPhone: is required when …`. */
export const describeIssue = (issue: ValidationIssue): string => `${issue.path || '(body)'}: ${issue.message}`;
