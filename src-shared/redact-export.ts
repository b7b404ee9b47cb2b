/**
 * A last check before anything leaves the app as a file. Exchanges are redacted by the SDK in main
 * (architecture rule 5); this pass makes sure an old or imported record cannot leak a credential into an export.
 */
import { redactCardData } from '@shared/card-data';
import { maskHeaderValue, SECRET_MASK } from '@shared/secret-mask';

const SECRET_HEADER = /^(authorization|proxy-authorization|x-[a-z-]*client-id)$/i;

/** A value main already masked stays as it is; anything else gets the one secret rule. */
const maskValue = (value: string): string => (value.includes(SECRET_MASK) ? value : maskHeaderValue(value));

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, SECRET_HEADER.test(name) ? maskValue(value) : value]),
  );
}

const SIGNATURE_IN_JSON = /("transactionSignature"\s*:\s*")([^"]*)(")/g;

export function redactBody(text: string): string {
  // Card numbers (first 6 + last 4 at most) and CVVs too: an imported record may predate main's masking.
  return redactCardData(text).replace(
    SIGNATURE_IN_JSON,
    (_all, open: string, value: string, close: string) => open + maskValue(value) + close,
  );
}
