import { isCleanText, maskSecret, redactText, registerSecret } from '../../../src-main/core/redact-text';

function usable(list: Array<string | null | undefined>): string[] {
  return list.filter((secret): secret is string => !!secret && secret.length >= 4);
}

/**
 * Masks the secrets of one call wherever they appear in what the SDK hands out (design rule 5).
 * `transactionSignature` values are masked by field name as well, because a create response
 * carries a brand new signature the SDK has not been told about yet.
 */
export class CallRedactor {
  private readonly secrets: string[];

  constructor(
    secrets: {
      /** The profile's bearer token and client id: also registered with the shared logger. */
      credentials: Array<string | null | undefined>;
      /** transactionSignatures of this call: masked here only (one per transaction, and the logger already masks any `Digest …` value). */
      signatures?: Array<string | null | undefined>;
    },
    private readonly clientIdHeader: string,
  ) {
    const credentials = usable(secrets.credentials);
    for (const secret of credentials) registerSecret(secret);
    this.secrets = [...credentials, ...usable(secrets.signatures ?? [])];
  }

  /** True when `text(value)` would return `value` unchanged (checked first: most text holds no secret). */
  isClean(value: string): boolean {
    return (
      !value.includes('transactionSignature') &&
      !this.secrets.some((secret) => value.includes(secret)) &&
      isCleanText(value)
    );
  }

  text(value: string): string {
    if (this.isClean(value)) return value;
    let out = value.replace(
      /("transactionSignature"\s*:\s*")((?:[^"\\]|\\.)*)"/g,
      (_match, prefix: string, signature: string) => `${prefix}${maskSecret(signature)}"`,
    );
    for (const secret of this.secrets) if (out.includes(secret)) out = out.split(secret).join(maskSecret(secret));
    return redactText(out);
  }

  headers(headers: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      const lower = name.toLowerCase();
      if (lower === 'authorization') {
        const [scheme, ...rest] = value.split(' ');
        out[name] = rest.length ? `${scheme} ${maskSecret(rest.join(' '))}` : maskSecret(value);
      } else if (lower === this.clientIdHeader.toLowerCase()) {
        out[name] = maskSecret(value);
      } else {
        out[name] = this.text(value);
      }
    }
    return out;
  }

  /** A parsed JSON body with secrets masked (strings only; structure and numbers kept). */
  json(value: unknown): unknown {
    if (typeof value === 'string') return this.text(value);
    if (Array.isArray(value)) return value.map((item) => this.json(item));
    if (value !== null && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) {
        out[key] = key === 'transactionSignature' && typeof item === 'string' ? maskSecret(item) : this.json(item);
      }
      return out;
    }
    return value;
  }
}
