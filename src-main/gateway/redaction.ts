import { copyOnChange, isCvvKey, redactCardNumber } from '@shared/card-data';
import { maskHeaderValue, maskSecret } from '@shared/secret-mask';
import { CLEAR_HEADERS, looksLikeCredentialHeader } from '../common/credential-headers';
import { withSecretKeysMasked } from '../common/masked-keys';
import { maskEchoedRuns, nothingToMaskIn, redactTextAmong, registerSecret, secretsWith } from '../common/redact-text';

/**
 * Fields whose value is a per-transaction credential, masked by name wherever they appear: a create
 * answer carries a brand-new transactionSignature the SDK has not been told about, and an actionResponse
 * carries a one-time actionToken (`{"name":"actionToken","value":…}` among its params).
 */
const SECRET_FIELD_NAMES = ['transactionSignature', 'actionToken'];
const SECRET_FIELD = new RegExp(`("(?:${SECRET_FIELD_NAMES.join('|')})"\\s*:\\s*")((?:[^"\\\\]|\\\\.)*)("|$)`, 'g');
const SECRET_PAIR = new RegExp(
  `("(?:name|key)"\\s*:\\s*"(?:${SECRET_FIELD_NAMES.join('|')})"\\s*,\\s*"value"\\s*:\\s*")((?:[^"\\\\]|\\\\.)*)("|$)`,
  'g',
);
const isSecretFieldName = (name: unknown): boolean => typeof name === 'string' && SECRET_FIELD_NAMES.includes(name);
/**
 * The secret fields' names as the text check looks for them: in the same search as the secrets (lower-cased,
 * so found in any letter case, and a text that search passes holds none of them as written either).
 */
const SECRET_FIELD_WORDS: readonly string[] = SECRET_FIELD_NAMES.map((name) => name.toLowerCase());
/**
 * The replacer of both patterns. Their closing quote is optional: an answer cut off mid-signature must not
 * show the part that came.
 */
const maskField = (_match: string, prefix: string, secret: string, end: string): string =>
  `${prefix}${maskSecret(secret)}${end}`;

/**
 * A JSON string literal holding at least one escape: `\/` or `\u0074…` can spell a secret `includes` misses.
 * Every backslash is read with the character it escapes: a pattern that let a lone backslash be "the
 * escape" ended the match at an escaped quote, so a literal whose last escape is `\"` was cut short, not
 * decoded, and its escaped spellings left as they were.
 */
const ESCAPED_LITERAL = /"([^"\\]*(?:\\.[^"\\]*)+)"/g;

function usable(list: Array<string | null | undefined>): string[] {
  return list.filter((secret): secret is string => !!secret && secret.length >= 4);
}

/**
 * Masks the secrets of one call wherever they appear in what the SDK hands out (architecture rule 5): the
 * profile's credentials and the call's signatures in every spelling, secret fields by name, card data,
 * and everything the shared registry knows.
 *
 * A call's record is masked in two steps. The structural ones work on the parts whose structure says what
 * is secret: `credentialHeaders` (credential headers masked whole, by name) and `parsed` (card data and
 * secret fields of a parsed body, by name). Then `mask` masks the text of the whole record at once.
 */
export class CallRedactor {
  private readonly secrets: string[];
  private readonly clientIdHeaderLower: string;

  constructor(
    secrets: {
      /** The profile's bearer token and client id: also registered with the shared logger. */
      credentials: Array<string | null | undefined>;
      /** transactionSignatures and actionTokens of this call: masked here. */
      signatures?: Array<string | null | undefined>;
    },
    clientIdHeader: string,
  ) {
    const credentials = usable(secrets.credentials);
    for (const secret of credentials) registerSecret(secret);
    this.secrets = [...credentials, ...usable(secrets.signatures ?? [])];
    this.clientIdHeaderLower = clientIdHeader.toLowerCase();
  }

  /** Adds a secret discovered in the answer itself (a new signature or action token), masked wherever else it is echoed. */
  learn(secret: unknown): void {
    if (typeof secret === 'string' && secret.length >= 4 && !this.secrets.includes(secret)) this.secrets.push(secret);
  }

  /** Free text or JSON text with every secret masked. */
  text(value: string): string {
    const secrets = secretsWith(this.secrets);
    // Nearly every text holds nothing to mask: found so in one search, it is not searched step by step. A
    // backslash is looked for on its own: as one more alternative of that search it slows it down.
    if (!value.includes('\\') && nothingToMaskIn(value, secrets, SECRET_FIELD_WORDS)) return value;
    const fieldsMasked = value.replace(SECRET_FIELD, maskField).replace(SECRET_PAIR, maskField);
    // This call's secrets with every registered one, card data and auth values.
    // Echoed parts of a secret are masked last: first every whole secret, escaped spellings included, keeps
    // the `••••last4` a reader can match with the profile's secret state.
    const out = redactTextAmong(fieldsMasked, secrets, { echoes: false });
    if (!out.includes('\\')) return maskEchoedRuns(out, secrets);
    // A literal with escapes can spell any of them so the search above misses it: decoded, it gets the same.
    const decodedMasked = out.replace(ESCAPED_LITERAL, (literal, inner: string) => {
      const decoded = decodeLiteral(inner);
      if (decoded === null) return literal;
      const masked = redactTextAmong(decoded, secrets);
      return masked === decoded ? literal : JSON.stringify(masked);
    });
    return maskEchoedRuns(decodedMasked, secrets);
  }

  /**
   * Every string of a record (plain data: objects, arrays, strings, numbers, booleans, null) masked as
   * text, keys and structure kept: the record is serialised, its JSON text masked once (`text`: a string
   * appears there verbatim, or as a literal with escapes, which `text` decodes), and parsed back. Text
   * masking only ever rewrites the inside of strings, so the result must parse to the same shape; when it
   * does not (a secret spelling matched across JSON syntax: in a key, a number, or spanning a quote), that
   * text is thrown away and each string is masked on its own.
   *
   * A string holding JSON text (a body) is better masked with `text` on its own: inside the record its
   * quotes are escaped, which the secret-field and CVV patterns do not read through.
   */
  mask<T>(record: T): T {
    const json = JSON.stringify(record);
    const masked = this.text(json);
    if (masked === json) return record;
    const parsed = parseJson(masked);
    return parsed !== undefined && sameShape(record, parsed) ? (parsed as T) : (this.eachString(record) as T);
  }

  /**
   * A parsed answer masked, given the text it was parsed from and that text masked (`text`, as the
   * Exchange shows it): the masked text parsed back when it keeps the answer's shape, otherwise (an
   * answer salvaged from a cut-off text, a secret spelling across JSON syntax) each string masked on its
   * own; then the structural step. The answer's text is masked once, for both.
   */
  answer(body: unknown, text: string, maskedText: string): unknown {
    if (maskedText === text) return this.parsed(body);
    const parsed = parseJson(maskedText);
    return this.parsed(parsed !== undefined && sameShape(body, parsed) ? parsed : this.eachString(body));
  }

  /**
   * The structural step for a header map: Authorization and the client-id header are masked whole;
   * headers on the clear list keep their value; any other header that looks like a credential is masked
   * whole. The values kept are masked as text by `mask`.
   */
  credentialHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const name of Object.keys(headers)) {
      const value = headers[name]!;
      const lower = name.toLowerCase();
      const whole =
        lower === 'authorization' ||
        lower === 'proxy-authorization' ||
        lower === this.clientIdHeaderLower ||
        (!CLEAR_HEADERS.has(lower) && looksLikeCredentialHeader(lower, value));
      out[name] = whole ? maskHeaderValue(value) : value;
    }
    return out;
  }

  /**
   * The structural step for a parsed JSON body, in one walk: what masking its text cannot see. A card
   * number sent as a JSON number; a CVV by its key, or as the value of a `{key|name, value}` pair; a secret
   * field by name, or as the value of a `{name|key: "actionToken", value}` pair (`{value, name}` in that
   * order is past the text pattern). Other strings are left as they are: every string of a record or an
   * answer is masked as text (`mask`, `answer`). Copied where something changes, the value itself where
   * nothing does (it is never changed).
   */
  parsed(value: unknown): unknown {
    if (typeof value === 'number') return redactCardNumber(value);
    if (Array.isArray(value)) return copyOnChange(value, (item) => this.parsed(item));
    if (value === null || typeof value !== 'object') return value;
    const record = value as Record<string, unknown>;
    const cvvName = record.key ?? record.name;
    const pairIsCvv = typeof cvvName === 'string' && isCvvKey(cvvName);
    const pairIsSecret = isSecretFieldName(record.name ?? record.key);
    // copyOnChange's walk, written out: it runs on every object of every answer, and a callback made for
    // each one is most of what the walk allocates.
    let copy: Record<string, unknown> | undefined;
    for (const key of Object.keys(record)) {
      const item = record[key];
      const changed = this.parsedField(item, key, pairIsCvv, pairIsSecret);
      if (changed === item) continue;
      copy ??= { ...record };
      copy[key] = changed;
    }
    return copy ?? record;
  }

  /** One field of an object `parsed` walks, knowing whether the object is a CVV or secret `{name, value}` pair. */
  private parsedField(item: unknown, key: string, pairIsCvv: boolean, pairIsSecret: boolean): unknown {
    if (isCvvKey(key) || (key === 'value' && pairIsCvv)) return '•••';
    if ((isSecretFieldName(key) || (key === 'value' && pairIsSecret)) && typeof item === 'string')
      return maskSecret(item);
    return this.parsed(item);
  }

  /**
   * A map (a header map, an object of an answer) with every key that holds a whole secret masked as text
   * (withSecretKeysMasked); the values are left as they are.
   */
  keys<V>(map: Readonly<Record<string, V>>): Record<string, V> {
    return withSecretKeysMasked(Object.entries(map), secretsWith(this.secrets), (key) => this.text(key));
  }

  /**
   * Each string masked on its own, and each key holding a whole secret: the text of the whole record
   * masked a key too, which is why its shape changed.
   */
  private eachString(value: unknown): unknown {
    if (typeof value === 'string') return this.text(value);
    if (Array.isArray(value)) return value.map((item) => this.eachString(item));
    if (value !== null && typeof value === 'object')
      return this.keys(
        Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.eachString(item)] as const)),
      );
    return value;
  }
}

/**
 * True when `masked` is `original` with only the contents of strings changed: the same keys in the same
 * order, the same array lengths, the same numbers, booleans and nulls. A value JSON cannot carry
 * (undefined, NaN) fails it too, so such a record is masked string by string and keeps it.
 */
function sameShape(original: unknown, masked: unknown): boolean {
  if (typeof original === 'string') return typeof masked === 'string';
  if (Array.isArray(original))
    return (
      Array.isArray(masked) &&
      masked.length === original.length &&
      original.every((item, index) => sameShape(item, masked[index]))
    );
  if (original === null || typeof original !== 'object') return original === masked;
  if (masked === null || typeof masked !== 'object' || Array.isArray(masked)) return false;
  const keys = Object.keys(original);
  const maskedKeys = Object.keys(masked);
  return (
    keys.length === maskedKeys.length &&
    keys.every(
      (key, index) =>
        maskedKeys[index] === key &&
        sameShape((original as Record<string, unknown>)[key], (masked as Record<string, unknown>)[key]),
    )
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function decodeLiteral(inner: string): string | null {
  try {
    return JSON.parse(`"${inner}"`) as string;
  } catch {
    return null;
  }
}
