import { isCardClean, redactCardData } from '@shared/card-data';

/** Masks a secret to `••••last4` (design rule 5). */
export const maskSecret = (secret: string): string => (secret.length <= 4 ? '••••' : `••••${secret.slice(-4)}`);

const knownSecrets = new Set<string>();
/** Bumped whenever a new secret is registered: results cached against the registry stay valid until then. */
let knownSecretsVersion = 0;

/** Secrets main has seen (tokens, client ids, signatures) are registered so free text can be scrubbed. */
export const registerSecret = (secret: string | null | undefined): void => {
  if (secret && secret.length >= 6 && !knownSecrets.has(secret)) {
    knownSecrets.add(secret);
    knownSecretsVersion += 1;
  }
};

/** Changes whenever `isCleanText` / `redactText` may start to treat some text differently. */
export const registeredSecretsVersion = (): number => knownSecretsVersion;

const AUTH_VALUE = /\b(Bearer|Digest)\s+[A-Za-z0-9._~+/=-]{4,}/g;
const AUTH_HINT = /Bearer|Digest/;

/**
 * True when `redactText` would change nothing: the common case, checked without building strings.
 * `alreadyChecked`: secrets the caller has just looked for in this very text (a call's own credentials,
 * which are registered too), so the scan of the registry does not search the text for them a second time.
 */
export function isCleanText(text: string, alreadyChecked?: readonly string[]): boolean {
  if (AUTH_HINT.test(text) || !isCardClean(text)) return false;
  for (const secret of knownSecrets)
    if (!(alreadyChecked !== undefined && alreadyChecked.includes(secret)) && text.includes(secret)) return false;
  return true;
}

/**
 * Scrubs registered secrets and any `Bearer …` / `Digest …` credential out of free text, masks card
 * numbers to first 6 + last 4 and blanks CVVs.
 */
export function redactText(text: string): string {
  let out = redactCardData(text).replace(
    AUTH_VALUE,
    (match, scheme: string) => `${scheme} ${maskSecret(match.slice(scheme.length + 1))}`,
  );
  for (const secret of knownSecrets) {
    if (out.includes(secret)) out = out.split(secret).join(maskSecret(secret));
  }
  return out;
}
