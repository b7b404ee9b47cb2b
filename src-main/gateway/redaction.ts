import { redactCardJson } from '@shared/card-data';
import { isCleanText, maskSecret, redactText, registerSecret, registeredSecretsVersion } from '../common/redact-text';

/** A JSON string literal holding at least one escape: the only place a secret can hide from `includes`. */
const ESCAPED_LITERAL = /"((?:[^"\\]|\\.)*\\(?:[^"\\]|\\.)*)"/g;

const decodeLiteral = (inner: string): string | null => {
  try {
    return JSON.parse(`"${inner}"`) as string;
  } catch {
    return null;
  }
};

function usable(list: Array<string | null | undefined>): string[] {
  return list.filter((secret): secret is string => !!secret && secret.length >= 4);
}

const TRANSACTION_SIGNATURE_FIELD = /("transactionSignature"\s*:\s*")((?:[^"\\]|\\.)*)("|$)/g;

/**
 * Masked forms of the request headers the SDK builds itself: one frozen object per connection's credentials,
 * reused call after call (gateway-client.ts). Their masking depends only on that object, the call's
 * secrets and the registry of known secrets, so it is computed once for them and reused (a copy per call).
 */
interface MaskedHeaders {
  secrets: readonly string[];
  clientIdHeaderLower: string;
  secretsVersion: number;
  masked: Record<string, string>;
}
const maskedFrozenHeaders = new WeakMap<Readonly<Record<string, string>>, MaskedHeaders>();

const sameSecrets = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((secret, index) => secret === b[index]);

/**
 * Masks the secrets of one call wherever they appear in what the SDK hands out (design rule 5).
 * `transactionSignature` values are masked by field name as well, because a create response
 * carries a brand new signature the SDK has not been told about yet.
 */
export class CallRedactor {
  private readonly secrets: string[];
  private readonly clientIdHeaderLower: string;

  constructor(
    secrets: {
      /** The profile's bearer token and client id: also registered with the shared logger. */
      credentials: Array<string | null | undefined>;
      /** transactionSignatures of this call: masked here only (one per transaction, and the logger already masks any `Digest …` value). */
      signatures?: Array<string | null | undefined>;
    },
    clientIdHeader: string,
  ) {
    const credentials = usable(secrets.credentials);
    for (const secret of credentials) registerSecret(secret);
    this.secrets = secrets.signatures?.length ? [...credentials, ...usable(secrets.signatures)] : credentials;
    this.clientIdHeaderLower = clientIdHeader.toLowerCase();
  }

  /**
   * Adds a secret discovered in the answer itself: a create response's brand-new transactionSignature is
   * masked by field name, but the same value echoed anywhere else in the answer must be masked as well.
   */
  learn(secret: unknown): void {
    if (typeof secret === 'string' && secret.length >= 4 && !this.secrets.includes(secret)) this.secrets.push(secret);
  }

  /** True when `text(value)` would return `value` unchanged (checked first: most text holds no secret). */
  isClean(value: string): boolean {
    if (value.includes('transactionSignature')) return false;
    for (const secret of this.secrets) if (value.includes(secret)) return false;
    if (value.includes('\\') && this.hasEscapedSecret(value)) return false;
    // The registry holds this call's credentials too: they were just looked for.
    return isCleanText(value, this.secrets);
  }

  /** A gateway may echo a secret with JSON escapes (`\\/`, `\\u0074…`): decode such literals before looking. */
  private hasEscapedSecret(value: string): boolean {
    for (const [, inner] of value.matchAll(ESCAPED_LITERAL)) {
      const decoded = decodeLiteral(inner!);
      if (decoded !== null && this.secrets.some((secret) => decoded.includes(secret))) return true;
    }
    return false;
  }

  /**
   * True when `text` would change none of `values`. One check over them all joined (a secret in one value
   * is a secret in the joined text) costs less than one per value, and almost every call has nothing to mask.
   * Only escaped JSON literals are not found that way — a quote in one value could pair with one in the
   * next — so text with a backslash is checked value by value.
   */
  isCleanAll(values: ReadonlyArray<string | null>): boolean {
    // join writes one flat string (a null adds only a separator); `+=` built a chain of pieces to flatten.
    const joined = values.join('\n');
    if (!joined.includes('\\')) return this.isClean(joined);
    for (const value of values) if (value !== null && !this.isClean(value)) return false;
    return true;
  }

  text(value: string): string {
    if (this.isClean(value)) return value;
    // The closing quote is optional: an answer cut off mid-signature must not show the part that came.
    let out = value.replace(
      TRANSACTION_SIGNATURE_FIELD,
      (_match, prefix: string, signature: string, end: string) => `${prefix}${maskSecret(signature)}${end}`,
    );
    for (const secret of this.secrets) if (out.includes(secret)) out = out.split(secret).join(maskSecret(secret));
    if (out.includes('\\'))
      out = out.replace(ESCAPED_LITERAL, (literal, inner: string) => {
        const decoded = decodeLiteral(inner);
        if (decoded === null || !this.secrets.some((secret) => decoded.includes(secret))) return literal;
        let masked = decoded;
        for (const secret of this.secrets) masked = masked.split(secret).join(maskSecret(secret));
        return JSON.stringify(masked);
      });
    return redactText(out);
  }

  /**
   * Masks Authorization and the client-id header whole, and secrets in the others. `othersClean`: the caller
   * has already found every value clean with `isCleanAll` (one check over the whole answer).
   */
  headers(headers: Readonly<Record<string, string>>, othersClean = false): Record<string, string> {
    const reused = maskedFrozenHeaders.get(headers);
    if (
      reused !== undefined &&
      reused.secretsVersion === registeredSecretsVersion() &&
      reused.clientIdHeaderLower === this.clientIdHeaderLower &&
      sameSecrets(reused.secrets, this.secrets)
    )
      return { ...reused.masked };
    const out = this.maskHeaders(headers, othersClean);
    if (Object.isFrozen(headers))
      maskedFrozenHeaders.set(headers, {
        secrets: [...this.secrets],
        clientIdHeaderLower: this.clientIdHeaderLower,
        secretsVersion: registeredSecretsVersion(),
        masked: { ...out },
      });
    return out;
  }

  private maskHeaders(headers: Readonly<Record<string, string>>, othersClean: boolean): Record<string, string> {
    const out: Record<string, string> = {};
    const plain: string[] = [];
    for (const name of Object.keys(headers)) {
      const value = headers[name]!;
      const lower = name.toLowerCase();
      if (lower === 'authorization') {
        const space = value.indexOf(' ');
        out[name] = space >= 0 ? `${value.slice(0, space)} ${maskSecret(value.slice(space + 1))}` : maskSecret(value);
      } else if (lower === this.clientIdHeaderLower) {
        out[name] = maskSecret(value);
      } else {
        out[name] = value;
        plain.push(name);
      }
    }
    if (!othersClean && !this.isCleanAll(plain.map((name) => out[name]!)))
      for (const name of plain) out[name] = this.text(out[name]!);
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
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) {
        out[key] =
          key === 'transactionSignature' && typeof item === 'string' ? maskSecret(item) : this.secretsJson(item);
      }
      return out;
    }
    return value;
  }
}
