import { redactCardData } from '@shared/card-data';

/** Masks a secret to `••••last4` (design rule 5). */
export const maskSecret = (secret: string): string => (secret.length <= 4 ? '••••' : `••••${secret.slice(-4)}`);

const knownSecrets = new Set<string>();

/** Secrets main has seen (tokens, client ids, signatures) are registered so free text can be scrubbed. */
export const registerSecret = (secret: string | null | undefined): void => {
  if (secret && secret.length >= 6) knownSecrets.add(secret);
};

const AUTH_VALUE = /\b(Bearer|Digest|Basic)\s+[A-Za-z0-9._~+/=-]{4,}/g;

/**
 * Below this length a secret is masked only where it appears verbatim: the encoded and case-folded
 * spellings of a short value would also match ordinary words and ids.
 */
const MIN_ENCODED_LENGTH = 8;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A secret's spellings with their lower-case forms, made once per secret: every text main masks is searched
 * for every spelling of every secret, and lower-casing the spellings on each search cost more than the
 * search itself.
 */
interface Spellings {
  spellings: string[];
  lower: string[];
}
const spellingsOf = new Map<string, Spellings>();

function spellingsFor(secret: string): Spellings {
  const known = spellingsOf.get(secret);
  if (known) return known;
  const bytes = Buffer.from(secret, 'utf8');
  const base64 = bytes.toString('base64');
  const spellings = [
    ...new Set([
      secret,
      base64,
      base64.replace(/=+$/, ''),
      bytes.toString('base64url'),
      encodeURIComponent(secret),
      bytes.toString('hex'),
    ]),
  ];
  const entry = { spellings, lower: spellings.map((spelling) => spelling.toLowerCase()) };
  // Bounded: the secrets of one console are few; a flood of one-off ones must not grow it for ever.
  if (spellingsOf.size >= 1_000) spellingsOf.clear();
  spellingsOf.set(secret, entry);
  return entry;
}

/**
 * The spellings a gateway, a proxy or a log line may echo a secret in: as is, base64 (standard and
 * URL-safe), URL-encoded, hex, and in another letter case (matched case-insensitively below).
 */
export function secretSpellings(secret: string): string[] {
  return secret.length < MIN_ENCODED_LENGTH ? [secret] : spellingsFor(secret).spellings;
}

/** Every spelling of every secret in `text`, masked (case-insensitively for secrets long enough). */
export function maskSecretsIn(text: string, secrets: Iterable<string>): string {
  let out = text;
  let lower = out.toLowerCase();
  for (const secret of secrets) {
    if (secret.length < MIN_ENCODED_LENGTH) {
      if (out.includes(secret)) {
        out = out.split(secret).join(maskSecret(secret));
        lower = out.toLowerCase();
      }
      continue;
    }
    const { spellings, lower: lowerSpellings } = spellingsFor(secret);
    for (let index = 0; index < spellings.length; index += 1) {
      if (!lower.includes(lowerSpellings[index]!)) continue;
      out = out.replace(new RegExp(escapeRegExp(spellings[index]!), 'gi'), (found) => maskSecret(found));
      lower = out.toLowerCase();
    }
  }
  return out;
}

/**
 * Scrubs registered secrets and `also` (each in every spelling) and any `Bearer …` / `Digest …` /
 * `Basic …` credential out of free text, masks card numbers to first 6 + last 4 and blanks CVVs. Secrets
 * go first: a numeric secret that happens to pass Luhn must end as `••••last4`, not keep its first 6.
 */
export function redactText(text: string, also: readonly string[] = []): string {
  const secrets = also.length ? new Set([...also, ...knownSecrets]) : knownSecrets;
  return redactCardData(maskSecretsIn(text, secrets)).replace(
    AUTH_VALUE,
    (match, scheme: string) => `${scheme} ${maskSecret(match.slice(scheme.length + 1))}`,
  );
}
