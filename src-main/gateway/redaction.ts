import { redactCardJson } from '@shared/card-data';
import { CLEAR_HEADERS, looksLikeCredentialHeader, maskHeaderValue } from '../common/credential-headers';
import { maskSecret, maskSecretsIn, redactText, registerSecret } from '../common/redact-text';

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

/** A JSON string literal holding at least one escape: `\/` or `\u0074…` can spell a secret `includes` misses. */
const ESCAPED_LITERAL = /"((?:[^"\\]|\\.)*\\(?:[^"\\]|\\.)*)"/g;

function usable(list: Array<string | null | undefined>): string[] {
  return list.filter((secret): secret is string => !!secret && secret.length >= 4);
}

/**
 * Masks the secrets of one call wherever they appear in what the SDK hands out (design rule 5): the
 * profile's credentials and the call's signatures in every spelling, secret fields by name, card data,
 * and everything the shared registry knows.
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

  text(value: string): string {
    // The closing quote is optional: an answer cut off mid-signature must not show the part that came.
    const maskField = (_match: string, prefix: string, secret: string, end: string) =>
      `${prefix}${maskSecret(secret)}${end}`;
    let out = value.replace(SECRET_FIELD, maskField).replace(SECRET_PAIR, maskField);
    out = maskSecretsIn(out, this.secrets);
    if (out.includes('\\'))
      out = out.replace(ESCAPED_LITERAL, (literal, inner: string) => {
        const decoded = decodeLiteral(inner);
        if (decoded === null) return literal;
        const masked = maskSecretsIn(decoded, this.secrets);
        return masked === decoded ? literal : JSON.stringify(masked);
      });
    return redactText(out);
  }

  /**
   * Authorization and the client-id header are masked whole; headers on the clear list keep their value
   * (secrets inside still masked); any other header that looks like a credential is masked whole.
   */
  headers(headers: Readonly<Record<string, string>>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const name of Object.keys(headers)) {
      const value = headers[name]!;
      const lower = name.toLowerCase();
      if (lower === 'authorization' || lower === 'proxy-authorization' || lower === this.clientIdHeaderLower)
        out[name] = maskHeaderValue(value);
      else if (!CLEAR_HEADERS.has(lower) && looksLikeCredentialHeader(lower, value)) out[name] = maskHeaderValue(value);
      else out[name] = this.text(value);
    }
    return out;
  }

  /** A parsed JSON body with secrets masked (strings only; structure kept) and card data removed. */
  json(value: unknown): unknown {
    return this.secretsJson(redactCardJson(value));
  }

  private secretsJson(value: unknown): unknown {
    if (typeof value === 'string') return this.text(value);
    if (Array.isArray(value)) return value.map((item) => this.secretsJson(item));
    if (value !== null && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      const pairIsSecret = isSecretFieldName(record.name ?? record.key);
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(record)) {
        const secretValue = isSecretFieldName(key) || (key === 'value' && pairIsSecret);
        out[key] = secretValue && typeof item === 'string' ? maskSecret(item) : this.secretsJson(item);
      }
      return out;
    }
    return value;
  }
}

function decodeLiteral(inner: string): string | null {
  try {
    return JSON.parse(`"${inner}"`) as string;
  } catch {
    return null;
  }
}
