/**
 * The words of the shared validation rules (order, profile and id schemas), by stable id with `{name}`
 * parameters. Schemas write `rule(id, params)`: the English sentence is what zod carries (main, the CLI
 * and logs read it), and the same call records which id and parameters produced that exact sentence, so
 * the renderer translates an issue by its rule id (`ruleOf`) instead of parsing English.
 * To add a rule: one entry here, and its European Portuguese wording in
 * src-renderer/src/i18n/messages/rule-text.pt-PT.ts (type-checked to name every id).
 */
export const RULE_TEXTS = {
  required: 'is required',
  requiredCardA: 'is required for card payments in Variant A',
  requiredVariantB: 'is required in Variant B',
  requiredWhenMethod: 'is required when paymentMethod includes {methods}',
  maxChars: 'must be at most {max} characters',
  notEmpty: 'must not be empty',
  mustBeString: 'must be a string',
  mustBeObject: 'must be an object',
  mustBeKeyValueObject: 'must be an object with a key and a value',
  mustBeKeyValueArray: 'must be an array of objects with a key and a value',
  mustBeMethodArray: 'must be an array of payment method codes',
  mustBeBoolean: 'must be true or false (a JSON boolean)',
  mustBeJsonNumber: 'must be a JSON number',
  mustBeJsonNumberNotString: 'must be a JSON number (not a string)',
  mustBeCurrencyType: 'must be an ISO 4217 currency code',
  mustBeCountryType: 'must be an ISO 3166-1 alpha-2 country code',
  mustBeLanguageType: 'must be an ISO 639-1 language code',
  isoDateTime: 'must be an ISO 8601 date-time, e.g. {example}',
  currency: 'must be an ISO 4217 currency code, e.g. {example}',
  country: 'must be an ISO 3166-1 alpha-2 country code, e.g. {example}',
  language: 'must be an ISO 639-1 language code, e.g. {example}',
  finite: 'must be a finite number',
  positive: 'must be greater than 0',
  twoDecimals: 'must have at most 2 decimals',
  wholeNumber: 'must be a whole number',
  notNegative: 'must not be negative',
  maxDigits: 'must have at most {max} digits',
  email: 'must be an e-mail address',
  e164: 'must be in E.164 form: + then at most 15 digits, e.g. {example}',
  afterInitial: 'must be after initialDatetime',
  notAboveMax: 'must not exceed maxAmount.value',
  oneMethod: 'must list at least one payment method',
  methodTwice: 'must not list a method twice',
  decimal: 'must be a decimal number',
  oneOf: 'must be one of {values}',
  oneOfVariantCodes: 'must be one of the Variant {variant} codes: {values}',
  transactionIdRequired: 'Transaction id is required',
  transactionIdMax: 'Transaction id is at most {max} characters',
  transactionIdChars: 'Transaction id may hold only letters, digits, - and _',
  phoneRequired: 'Phone is required',
  nameRequired: 'Name is required',
  baseUrl: 'Base URL must be an absolute URL',
  baseUrlScheme: 'Base URL must start with http:// or https://',
  version: 'Version must be one path segment such as v2',
  terminalId: 'Terminal id must be 1 to 10 digits',
  clientIdHeader: 'Client-id header name must be a valid HTTP header name',
  colour: 'Colour must look like #1a2b3c',
  webhookUrl: 'Webhook URL must be an absolute URL',
  webhookUrlScheme: 'Webhook URL must start with http:// or https://',
  secretEmpty: 'A secret cannot be empty',
  shortMultibancoMinutes:
    'leaves the Multibanco reference valid for {n} minutes, less than {min} hours: shoppers who pay at an ATM or in home banking the next day will find it expired',
  shortMultibancoHours:
    'leaves the Multibanco reference valid for {n} hours, less than {min} hours: shoppers who pay at an ATM or in home banking the next day will find it expired',
  revealReasonShort: 'Give a reason of at least 5 characters (e.g. the ticket it is for)',
  revealReasonLong: 'The reason is at most 500 characters',
  revealReasonVisible: 'The reason needs at least 5 visible characters (e.g. the ticket it is for)',
  agentNameLong: 'The agent name is at most 100 characters',
  agentNamePlain: 'The agent name must be plain text on one line',
  caseNoteLong: 'A note is at most 20,000 characters',
  ticketLong: 'A ticket reference is at most 100 characters',
  noteOrTicket: 'Write a note or a ticket reference',
  forbiddenObjectKey: 'names "{key}" at {path}: that key is JavaScript object machinery, not data',
} as const satisfies Record<string, string>;

export type RuleId = keyof typeof RULE_TEXTS;
export interface RuleText {
  id: RuleId;
  params: Record<string, string | number>;
}

const produced = new Map<string, RuleText>();

/** The English sentence of a rule; records which rule produced it, for `ruleOf`. */
export function rule(id: RuleId, params: Record<string, string | number> = {}): string {
  const template: string = RULE_TEXTS[id];
  const english = template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
  produced.set(english, { id, params });
  return english;
}

/** The rule that produced this exact message (a message no rule produced is outside text: undefined). */
export const ruleOf = (message: string): RuleText | undefined => produced.get(message);
