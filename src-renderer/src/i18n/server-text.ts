import { t } from './index';

/**
 * Texts that reach the renderer from src-shared (zod rule messages) or from main (validation errors)
 * are English by design: the core and the CLI speak English. The renderer shows them in the user's
 * language by recognising each known message and translating it by key, with its values carried over.
 * An unknown message is shown as it came — better English than nothing.
 */
const PATTERNS: [RegExp, string, string[]][] = [
  [/^is required$/, 'serverText.required', []],
  [/^is required for card payments in Variant A$/, 'serverText.requiredCardA', []],
  [/^is required in Variant B$/, 'serverText.requiredVariantB', []],
  [/^is required when paymentMethod includes (.+)$/, 'serverText.requiredWhenMethod', ['methods']],
  [/^must be at most (\d+) characters$/, 'serverText.maxChars', ['max']],
  [/^must not be empty$/, 'serverText.notEmpty', []],
  [/^must be a string$/, 'serverText.mustBeString', []],
  [/^must be an object$/, 'serverText.mustBeObject', []],
  [/^must be an array$/, 'serverText.mustBeArray', []],
  [/^must be true or false \(a JSON boolean\)$/, 'serverText.mustBeBoolean', []],
  [/^must be a number$/, 'serverText.mustBeNumber', []],
  [/^must be an ISO 8601 date-time, e\.g\. (.+)$/, 'serverText.isoDateTime', ['example']],
  [/^must be an ISO 4217 currency code, e\.g\. (.+)$/, 'serverText.currency', ['example']],
  [/^must be an ISO 3166-1 alpha-2 country code, e\.g\. (.+)$/, 'serverText.country', ['example']],
  [/^must be an ISO 639-1 language code, e\.g\. (.+)$/, 'serverText.language', ['example']],
  [/^must be a finite number$/, 'serverText.finite', []],
  [/^must be greater than 0$/, 'serverText.positive', []],
  [/^must have at most 2 decimals$/, 'serverText.twoDecimals', []],
  [/^must be a whole number$/, 'serverText.wholeNumber', []],
  [/^must not be negative$/, 'serverText.notNegative', []],
  [/^must have at most (\d+) digits$/, 'serverText.maxDigits', ['max']],
  [/^must be an e-mail address$/, 'serverText.email', []],
  [/^must be in E\.164 form: \+ then at most 15 digits, e\.g\. (.+)$/, 'serverText.e164', ['example']],
  [/^must be after initialDatetime$/, 'serverText.afterInitial', []],
  [/^must not exceed maxAmount\.value$/, 'serverText.notAboveMax', []],
  [/^must list at least one payment method$/, 'serverText.oneMethod', []],
  [/^must not list a method twice$/, 'serverText.methodTwice', []],
  [/^must be a decimal number$/, 'serverText.decimal', []],
  [/^must be one of (.+)$/, 'serverText.oneOf', ['values']],
  [/^Transaction id is required$/, 'serverText.transactionIdRequired', []],
  [/^Transaction id is at most 36 characters$/, 'serverText.transactionIdMax', []],
  [/^Transaction id may hold only letters, digits, - and _$/, 'serverText.transactionIdChars', []],
  [/^Phone is required$/, 'serverText.phoneRequired', []],
  [/^Name is required$/, 'serverText.nameRequired', []],
  [/^Base URL must be an absolute URL$/, 'serverText.baseUrl', []],
  [/^Version must be one path segment such as v2$/, 'serverText.version', []],
  [/^Terminal id must be 1 to 10 digits$/, 'serverText.terminalId', []],
  [/^Client-id header name must be a valid HTTP header name$/, 'serverText.clientIdHeader', []],
  [/^Colour must look like #1a2b3c$/, 'serverText.colour', []],
  [/^Webhook URL must be an absolute URL$/, 'serverText.webhookUrl', []],
  [/^Webhook URL must start with http:\/\/ or https:\/\/$/, 'serverText.webhookUrlScheme', []],
  [/^A secret cannot be empty$/, 'serverText.secretEmpty', []],
  [
    /^The gateway refused the lookup: (.+?)\. The transaction may belong to another terminal: look it up with the profile it was created with\. If it is this profile's, then: ?(.*)$/,
    'serverText.lookupRefused',
    ['summary', 'action'],
  ],
  [/^The gateway did not return a status: (.+?)\.(.*)$/, 'serverText.noStatus', ['summary', 'action']],
  [/^Still rate-limited \(HTTP 429\) after (\d+) waits$/, 'serverText.rateLimited', ['count']],
  [/^Not a Gateway Console history file \(format must be "(.+)"\)$/, 'serverText.notHistoryFile', ['format']],
  [/^This file is from a newer Gateway Console \(history format above (.+)\)$/, 'serverText.newerFile', ['version']],
  [/^This page was opened without its session token: open the URL the console printed\.$/, 'serverText.noSession', []],
  [/^The console host is not answering\. Is `npm start` still running\?$/, 'serverText.hostDown', []],
  [/^The console host answered HTTP (\d+) without a result\.$/, 'serverText.hostBadResponse', ['status']],
  // History import (the streaming JSON reader and the file checks); `detail` is itself translated.
  [
    /^The file cannot be imported: (.+) \(in a large file, "format" and "version" must come before the records\)$/,
    'serverText.cannotImportHeader',
    ['detail'],
  ],
  [/^The file cannot be imported: (.+)$/, 'serverText.cannotImport', ['detail']],
  [
    /^The file cannot be read past record (\d+): (.+) The ([\d,.\s]+) transactions before that point were imported; importing the complete file again is safe \(duplicates merge\)\.$/,
    'serverText.readPastKept',
    ['record', 'detail', 'count'],
  ],
  [
    /^The file cannot be read past record (\d+): (.+) Nothing was imported\.$/,
    'serverText.readPastNothing',
    ['record', 'detail'],
  ],
  [/^The file is not JSON: (.+)$/, 'serverText.notJson', ['error']],
  [/^The file does not start with a JSON object\.$/, 'serverText.notObject', []],
  [/^Unexpected text after the end of the JSON object\.$/, 'serverText.textAfterEnd', []],
  [/^The file ends before its JSON object does \(truncated\?\)\.$/, 'serverText.truncated', []],
  [/^Unexpected "(.)" where a field name belongs\.$/, 'serverText.unexpectedChar', ['char']],
  [/^Expected ":" after "(.+)"\.$/, 'serverText.expectedColon', ['key']],
  [/^Expected "," or "\}" after "(.+)"\.$/, 'serverText.expectedCommaBrace', ['key']],
  [/^Expected "," or "\]" between the elements of "(.+)"\.$/, 'serverText.expectedCommaBracket', ['key']],
  [/^The value of "(.+?)" is not valid JSON: (.+)$/, 'serverText.invalidValue', ['key', 'error']],
  // The credential vault (credential-backend.ts, vault-kdf.ts).
  [
    /^The credential vault file (.+) is missing: create a new vault or keep secrets in session memory \(Settings\)\.$/,
    'serverText.vaultMissing',
    ['path'],
  ],
  [
    /^The credential vault (.+) asks for key-derivation parameters this console refuses \((.+)\): the file is damaged or was tampered with\. Nothing was derived\.$/,
    'serverText.vaultKdfRefused',
    ['path', 'reason'],
  ],
  // Where credentials may go (main: gateway-client refuseOtherOrigin, gateway-service issuedActionUrl).
  [
    /^The request was not sent: the profile's token and client id were saved for (.+), and this request would go to (.+)\. Enter them again for the new address\.$/,
    'credentials.error.secretsOriginMismatch',
    ['bound', 'target'],
  ],
  [
    /^The action was not sent: .* for ([A-Za-z0-9_-]+)(?: to this console with profile ".*")?\. The step goes only to the url in the gateway's actionResponse\.$/,
    'credentials.error.actionUrlNotIssued',
    ['transactionId'],
  ],
];

/** The message in the current language when it is one the console knows; otherwise as given. */
export function translateServerText(message: string): string {
  const text = message.trim();
  for (const [pattern, key, names] of PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const values = Object.fromEntries(
      names.map((name, index) => {
        const value = match[index + 1] ?? '';
        // A wrapped message (e.g. the reader's error inside an import error) is translated too.
        return [name, name === 'detail' ? value.split('; ').map(translateServerText).join('; ') : value];
      }),
    );
    return t(key, values);
  }
  // "path: message" lines (describeIssue) keep the path and translate the rule.
  const issue = /^([\w.[\]()]+): (.+)$/.exec(text);
  if (issue?.[1] && issue[2]) {
    const rule = translateServerText(issue[2]);
    if (rule !== issue[2]) return `${issue[1]}: ${rule}`;
  }
  return message;
}

/** Known patterns, for the catalogue test (each key must exist in every language). */
export const serverTextKeys = (): string[] => PATTERNS.map(([, key]) => key);
