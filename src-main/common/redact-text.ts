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
  /** Where each GRAM-character piece of the secret starts in it, by the piece's hash (see maskEchoedRuns). */
  grams: Map<number, number[]>;
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
  const entry = { spellings, lower: spellings.map((spelling) => spelling.toLowerCase()), grams: gramsOf(secret) };
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

/**
 * An echoed part of a secret this long or longer is masked too, wherever it appears: a gateway or a proxy
 * that quotes "the first 20 characters of your token" gives away as much as one that quotes it whole.
 */
export const MIN_ECHOED_RUN = 8;
/**
 * The echoed parts are found by probing the text every STRIDE characters for a GRAM-character piece of a
 * secret, then widening each hit both ways. Any run of MIN_ECHOED_RUN characters holds a whole piece at a
 * probed position (STRIDE + GRAM - 1 = MIN_ECHOED_RUN), so no run is stepped over, and a text is read with
 * a fifth of the look-ups a probe at every character would take.
 */
const GRAM = 4;
const STRIDE = MIN_ECHOED_RUN - GRAM + 1;

/**
 * A run never takes in a double quote: inside JSON text a secret's own quote is escaped (`\"`), so a bare
 * one is the text's syntax, and masking across it would cut a key or a value apart. The parts of an echo on
 * either side of a quote are masked on their own when long enough.
 */
const QUOTE = 34;

/** ASCII letters compared without case, like the whole-secret search. */
const fold = (code: number): number => (code >= 65 && code <= 90 ? code | 0x20 : code);

/** A hash of the GRAM characters of `text` from `at`, case-folded; equal pieces hash alike (collisions are checked). */
function gramHash(text: string, at: number): number {
  let hash = 0x811c9dc5;
  for (let index = at; index < at + GRAM; index += 1) hash = Math.imul(hash ^ fold(text.charCodeAt(index)), 0x01000193);
  return hash;
}

function gramsOf(secret: string): Map<number, number[]> {
  const grams = new Map<number, number[]>();
  if (secret.length < MIN_ECHOED_RUN) return grams;
  for (let at = 0; at + GRAM <= secret.length; at += 1) {
    const hash = gramHash(secret, at);
    const offsets = grams.get(hash);
    if (offsets) offsets.push(at);
    else grams.set(hash, [at]);
  }
  return grams;
}

/** The ranges of `text` that repeat MIN_ECHOED_RUN or more consecutive characters of a secret, merged, in order. */
function echoedRuns(text: string, secrets: readonly string[]): Array<[number, number]> {
  const indexed = secrets.filter((secret) => secret.length >= MIN_ECHOED_RUN).map((secret) => ({
    secret,
    grams: spellingsFor(secret).grams,
  }));
  const runs: Array<[number, number]> = [];
  if (!indexed.length) return runs;
  for (let at = 0; at + GRAM <= text.length; at += STRIDE) {
    const hash = gramHash(text, at);
    for (const { secret, grams } of indexed) {
      const offsets = grams.get(hash);
      if (!offsets) continue;
      for (const offset of offsets) {
        let end = at;
        let secretEnd = offset;
        while (
          end < text.length &&
          secretEnd < secret.length &&
          text.charCodeAt(end) !== QUOTE &&
          fold(text.charCodeAt(end)) === fold(secret.charCodeAt(secretEnd))
        ) {
          end += 1;
          secretEnd += 1;
        }
        if (end - at < GRAM) continue; // another piece with the same hash
        let start = at;
        let secretStart = offset;
        while (
          start > 0 &&
          secretStart > 0 &&
          text.charCodeAt(start - 1) !== QUOTE &&
          fold(text.charCodeAt(start - 1)) === fold(secret.charCodeAt(secretStart - 1))
        ) {
          start -= 1;
          secretStart -= 1;
        }
        if (end - start >= MIN_ECHOED_RUN) runs.push([start, end]);
      }
    }
  }
  runs.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const run of runs) {
    const last = merged[merged.length - 1];
    if (last && run[0] <= last[1]) last[1] = Math.max(last[1], run[1]);
    else merged.push([run[0], run[1]]);
  }
  return merged;
}

/**
 * Every run of MIN_ECHOED_RUN or more characters of a secret in `text` masked whole (`••••`, no character
 * kept: the last four of a prefix are not the four the whole secret's mask shows, and would add to them).
 */
export function maskEchoedRuns(text: string, secrets: readonly string[]): string {
  const runs = echoedRuns(text, secrets);
  if (!runs.length) return text;
  let out = '';
  let from = 0;
  for (const [runStart, runEnd] of runs) {
    const [start, end] = wholeEscapes(text, Math.max(runStart, from), runEnd);
    out += `${text.slice(from, start)}••••`;
    from = end;
  }
  return out + text.slice(from);
}

/**
 * A run widened to whole escapes, so masking JSON text leaves it JSON: a run may start on the character a
 * backslash escapes (`\/`, `\n`) or end on a backslash, and masking half an escape leaves a lone backslash.
 */
function wholeEscapes(text: string, start: number, end: number): [number, number] {
  let from = start;
  if (escapedAt(text, from)) from -= 1;
  let to = end;
  // The run ends inside an escape: take the rest of it (`\uXXXX` is six characters).
  for (let at = Math.max(from, to - 6); at < to; at += 1)
    if (text.charCodeAt(at) === 92 && !escapedAt(text, at)) {
      const length = text[at + 1] === 'u' ? 6 : 2;
      if (at + length > to) to = Math.min(text.length, at + length);
      at += length - 1;
    }
  return [from, to];
}

/** True when the character at `at` follows an escaping backslash (an odd number of backslashes). */
function escapedAt(text: string, at: number): boolean {
  let backslashes = 0;
  for (let index = at - 1; index >= 0 && text.charCodeAt(index) === 92; index -= 1) backslashes += 1;
  return backslashes % 2 === 1;
}

/** Echoed runs of registered secrets and `also` masked (maskEchoedRuns), for text whose whole secrets are masked already. */
export function maskEchoes(text: string, also: readonly string[] = []): string {
  return maskEchoedRuns(text, [...new Set([...also, ...knownSecrets])]);
}

/**
 * Every spelling of every secret in `text`, masked (case-insensitively for secrets long enough), then every
 * echoed run of MIN_ECHOED_RUN or more of a secret's characters (a prefix, a suffix, a middle part).
 */
export function maskSecretsIn(text: string, secrets: Iterable<string>): string {
  const list = [...secrets];
  return maskEchoedRuns(maskWholeSecretsIn(text, list), list);
}

function maskWholeSecretsIn(text: string, secrets: readonly string[]): string {
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
export function redactText(
  text: string,
  also: readonly string[] = [],
  /** False when the caller masks echoed runs itself, after masking escaped spellings of whole secrets. */
  options: { echoes?: boolean } = {},
): string {
  const secrets = [...(also.length ? new Set([...also, ...knownSecrets]) : knownSecrets)];
  const wholeMasked = maskWholeSecretsIn(text, secrets);
  const masked = options.echoes === false ? wholeMasked : maskEchoedRuns(wholeMasked, secrets);
  return redactCardData(masked).replace(
    AUTH_VALUE,
    (match, scheme: string) => `${scheme} ${maskSecret(match.slice(scheme.length + 1))}`,
  );
}
