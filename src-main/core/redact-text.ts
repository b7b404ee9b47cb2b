import { isCardClean, redactCardData } from '@shared/card-data';

/** Masks a secret to `••••last4` (design rule 5). */
export const maskSecret = (secret: string): string => (secret.length <= 4 ? '••••' : `••••${secret.slice(-4)}`);

const knownSecrets = new Set<string>();

/** Secrets main has seen (tokens, client ids, signatures) are registered so free text can be scrubbed. */
export const registerSecret = (secret: string | null | undefined): void => {
  if (secret && secret.length >= 6) knownSecrets.add(secret);
};

const AUTH_VALUE = /\b(Bearer|Digest)\s+[A-Za-z0-9._~+/=-]{4,}/g;

/** True when `redactText` would change nothing: the common case, checked without building strings. */
export function isCleanText(text: string): boolean {
  if (/Bearer|Digest/.test(text) || !isCardClean(text)) return false;
  for (const secret of knownSecrets) if (text.includes(secret)) return false;
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
