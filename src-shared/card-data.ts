/**
 * Card data rules (architecture rule 5, PCI-DSS): a card number is shown at most as its first 6 and last 4
 * digits, and a CVV never at all. Pure text functions, shared by main's redaction (Exchanges, logs) and
 * the renderer's export pass, so a card number typed into a free-form field (an order's extendedInfo,
 * an action parameter) cannot travel further than the gateway it was sent to.
 */

/**
 * 13–19 digits, optionally grouped by single spaces or dashes, not part of a longer number, id or phone.
 * A run that goes on after a dash with a letter is an identifier, not a card: a notificationID (a UUID
 * such as 89496668-0321-4670-be1b-…) must keep its digits, or its acknowledgement echoes a masked id.
 */
const CARD_CANDIDATE = /(?<![\w.+#-])\d(?:[ -]?\d){12,18}(?![\w.]|-\w)/g;
/** A digit, a space or a dash: what a card number's run is made of. */
const isRunChar = (code: number): boolean => (code >= 48 && code <= 57) || code === 32 || code === 45;

/**
 * Cheap pre-check: true when 13 digits follow one another with at most one space or dash between each —
 * what every CARD_CANDIDATE match starts with. Without backtracking: gateway answers are full of short
 * digit runs (years, times, terminal ids) that made a regex (or a "four digits" test) slow or useless.
 * Such a run spans at least 13 characters that are all digits, spaces or dashes, so it covers one of every
 * 13th character: only the stretches of those characters that such a probe lands in are walked.
 */
export function hasCardRun(text: string): boolean {
  const { length } = text;
  for (let probe = 12; probe < length; probe += 13) {
    if (!isRunChar(text.charCodeAt(probe))) continue;
    let start = probe;
    while (start > 0 && isRunChar(text.charCodeAt(start - 1))) start -= 1;
    let end = probe + 1;
    while (end < length && isRunChar(text.charCodeAt(end))) end += 1;
    if (end - start >= 13 && stretchHasCardRun(text, start, end)) return true;
    // The character at `end` is not part of a run: the next stretch starts after it.
    probe = end - 1;
  }
  return false;
}

/** Walks one stretch of digits, spaces and dashes: 13 digits with no two separators in a row between them. */
function stretchHasCardRun(text: string, start: number, end: number): boolean {
  let digits = 0;
  let separators = 0;
  for (let index = start; index < end; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= 48 && code <= 57) {
      digits = separators > 1 ? 1 : digits + 1;
      separators = 0;
      if (digits >= 13) return true;
    } else if (digits > 0) {
      separators += 1;
    }
  }
  return false;
}
export const CVV_NAMES = 'cvv2?|cvc2?|cid|csc|security[ _-]?code|card[ _-]?security[ _-]?code|card_?cvv|card_?cvc';
/** Every CVV name holds one of these words in some letter case: a text holding none has no CVV to blank. */
export const CVV_NAME_WORDS: readonly string[] = ['cvv', 'cvc', 'cid', 'csc', 'security'];
/** `"cvv": "123"` or `"cvv": 123`. */
const CVV_FIELD = new RegExp(`("(?:${CVV_NAMES})"\\s*:\\s*)("[^"]*"|\\d+)`, 'gi');
/** `{"key": "cvv", "value": "123"}` (extendedInfo) or `{"name": "cvv", "value": "123"}` (action params). */
const CVV_PAIR = new RegExp(`("(?:key|name)"\\s*:\\s*"(?:${CVV_NAMES})"\\s*,\\s*"value"\\s*:\\s*)("[^"]*"|\\d+)`, 'gi');
const CVV_HINT = new RegExp(CVV_NAMES, 'i');
/** In prose (an error message, a log line): `cvv 123`, `CVC: 1234`, `securityCode=123`. */
const CVV_TEXT = new RegExp(`\\b((?:${CVV_NAMES})\\b[\\s:=#]*)\\d{3,4}\\b`, 'gi');
const CVV_KEY = new RegExp(`^(?:${CVV_NAMES})$`, 'i');
export const CVV_MASK = '"•••"';

/** True for a field name that holds a CVV (`cvv`, `cvc2`, `securityCode`…). */
export const isCvvKey = (key: string): boolean => CVV_KEY.test(key);

/** The Luhn checksum every payment card number satisfies (keeps order ids and timestamps untouched). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** `4111111111111111` → `411111••••••1111`. */
export const maskCardNumber = (digits: string): string =>
  `${digits.slice(0, 6)}${'•'.repeat(digits.length - 10)}${digits.slice(-4)}`;

/** True when `redactCardData` would change nothing (checked first: most text has no card data). */
export function isCardClean(text: string): boolean {
  return !hasCardRun(text) && !CVV_HINT.test(text);
}

/** Masks every card number to first 6 + last 4 and blanks every CVV value in free text or JSON text. */
export function redactCardData(text: string): string {
  if (isCardClean(text)) return text;
  const masked = text.replace(CARD_CANDIDATE, (match) => {
    const digits = match.replace(/[ -]/g, '');
    return passesLuhn(digits) ? maskCardNumber(digits) : match;
  });
  if (!CVV_HINT.test(masked)) return masked;
  return masked.replace(CVV_FIELD, `$1${CVV_MASK}`).replace(CVV_PAIR, `$1${CVV_MASK}`).replace(CVV_TEXT, '$1•••');
}

/** A card number sent as a JSON number, masked (a string then); any other number as it is. */
export function redactCardNumber(value: number): number | string {
  const digits = String(value);
  return /^\d{13,19}$/.test(digits) && passesLuhn(digits) ? maskCardNumber(digits) : value;
}

/**
 * The same rules over parsed JSON: a card number may also arrive as a JSON number, and a CVV as the value
 * of a `{key|name, value}` pair. Structure is kept; only the offending values change. The input is never
 * changed: what holds something to remove is copied, what holds nothing is returned as it is.
 */
export function redactCardJson(value: unknown): unknown {
  if (typeof value === 'string') return redactCardData(value);
  if (typeof value === 'number') return redactCardNumber(value);
  if (Array.isArray(value)) return copyOnChange(value, (item) => redactCardJson(item));
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const pairName = record.key ?? record.name;
  const pairIsCvv = typeof pairName === 'string' && isCvvKey(pairName);
  return copyOnChange(record, (item, key) =>
    isCvvKey(key) || (key === 'value' && pairIsCvv) ? '•••' : redactCardJson(item),
  );
}

/**
 * `change` applied to each element (array) or property (object): the input itself when no result differs
 * from what it replaces, otherwise a copy holding the results. A walk over a large answer with nothing to
 * remove then allocates nothing.
 */
export function copyOnChange<T extends unknown[] | Record<string, unknown>>(
  container: T,
  change: (item: unknown, key: string) => unknown,
): T {
  let copy: Record<string, unknown> | unknown[] | undefined;
  const keys = Object.keys(container);
  for (const key of keys) {
    const item = (container as Record<string, unknown>)[key];
    const changed = change(item, key);
    if (changed === item) continue;
    copy ??= Array.isArray(container) ? [...container] : { ...container };
    (copy as Record<string, unknown>)[key] = changed;
  }
  return (copy ?? container) as T;
}
