/**
 * The one rule for showing a secret (bearer token, client id, transaction signature, webhook secret):
 * `••••` and at most its last 4 characters, enough to tell two apart, never enough to use one. Main's
 * redaction and the export's last check both use it, so a secret reads the same wherever it is shown.
 */
export const SECRET_MASK = '••••';

/** `••••last4`; a secret of 4 characters or fewer shows nothing of itself. */
export const maskSecret = (secret: string): string =>
  secret.length <= 4 ? SECRET_MASK : `${SECRET_MASK}${secret.slice(-4)}`;

const AUTH_SCHEME = /^(Bearer|Digest|Basic|Token|ApiKey)\s+(.*)$/is;

/** Masks a whole header value, keeping an auth scheme (`Bearer ••••abcd`) readable. */
export function maskHeaderValue(value: string): string {
  const scheme = AUTH_SCHEME.exec(value);
  return scheme ? `${scheme[1]} ${maskSecret(scheme[2]!)}` : maskSecret(value);
}
