import { CVV_NAME_WORDS, hasCardRun, redactCardData } from '@shared/card-data';
import { BoundedMemo } from './bounded-memo';

// The secret rule itself is shared with the export's last check (architecture rule 5).
import { maskSecret } from '@shared/secret-mask';

const knownSecrets = new Set<string>();
/** Bumped whenever a new secret is registered: a list secretsWith made is current while this holds. */
let registryVersion = 0;

/** Secrets main has seen (tokens, client ids, signatures) are registered so free text can be scrubbed. */
export const registerSecret = (secret: string | null | undefined): void => {
  if (secret && secret.length >= 6 && !knownSecrets.has(secret)) {
    knownSecrets.add(secret);
    registryVersion += 1;
  }
};

const AUTH_VALUE = /\b(Bearer|Digest|Basic)\s+[A-Za-z0-9._~+/=-]{4,}/g;
/**
 * What an AUTH_VALUE match or a CVV name holds, in the lower-cased text, as parts of a regular expression:
 * a text holding none of them has no auth value or CVV to mask.
 */
const AUTH_AND_CVV_SEARCHES = ['(?:bearer|digest|basic)\\s+[a-z0-9._~+/=-]{4}', ...CVV_NAME_WORDS];

/**
 * Below this length a secret is masked only where it appears verbatim: the encoded and case-folded
 * spellings of a short value would also match ordinary words and ids.
 */
const MIN_ENCODED_LENGTH = 8;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The last text lower-cased and its lower-case form: one masking searches a text for whole secrets, then
 * (nearly always unchanged by that) for echoed parts of them, and both searches ignore case. Only texts
 * up to REMEMBERED_CHARS are kept, so a large answer is not held after its masking.
 */
const REMEMBERED_CHARS = 64 * 1024;
let lastText = '';
let lastLower = '';
function lowerCaseOf(text: string): string {
  if (text.length > REMEMBERED_CHARS) return text.toLowerCase();
  if (text !== lastText) {
    lastText = text;
    lastLower = text.toLowerCase();
  }
  return lastLower;
}

/**
 * A secret's spellings with their lower-case forms, made once per secret: every text main masks is searched
 * for every spelling of every secret, and lower-casing the spellings on each search cost more than the
 * search itself.
 */
interface Spellings {
  spellings: string[];
  lower: string[];
  /** The secret lower-cased (null when that changes its length), and its pieces (see echoedRuns). */
  lowerSecret: string | null;
  blocks: Block[];
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
  const lowered = secret.toLowerCase();
  const lowerSecret = lowered.length === secret.length ? lowered : null;
  const entry = {
    spellings,
    lower: spellings.map((spelling) => spelling.toLowerCase()),
    lowerSecret,
    blocks: blocksOf(secret, lowerSecret),
  };
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
 * The echoed parts are found with the engine's own substring search: the secret is cut into BLOCK-character
 * pieces at offsets 0, BLOCK, 2·BLOCK…, and any run of MIN_ECHOED_RUN of its characters holds one of those
 * pieces whole (a run starts at most BLOCK - 1 characters before a cut, and 2·BLOCK - 1 < MIN_ECHOED_RUN
 * ends within it). Each place a piece occurs is widened both ways along the secret; a run that reaches
 * MIN_ECHOED_RUN is masked. A text that holds no piece — nearly every one — costs a few searches per secret.
 */
const BLOCK = MIN_ECHOED_RUN / 2;

/**
 * A run never takes in a double quote: inside JSON text a secret's own quote is escaped (`\"`), so a bare
 * one is the text's syntax, and masking across it would cut a key or a value apart. The parts of an echo on
 * either side of a quote are masked on their own when long enough.
 */
const QUOTE = 34;

interface Block {
  offset: number;
  block: string;
  lowerBlock: string | null;
}

function blocksOf(secret: string, lowerSecret: string | null): Block[] {
  const blocks: Block[] = [];
  if (secret.length < MIN_ECHOED_RUN) return blocks;
  for (let offset = 0; offset + BLOCK <= secret.length; offset += BLOCK)
    blocks.push({
      offset,
      block: secret.slice(offset, offset + BLOCK),
      lowerBlock: lowerSecret?.slice(offset, offset + BLOCK) ?? null,
    });
  return blocks;
}

/** anyPieceSearch's searches, by list of secrets and words. */
const anyPieceSearches = new BoundedMemo<RegExp | null>(1_000);
/**
 * The last search made, with its list (by identity: secretsWith hands out the same list while the secrets
 * stay the same, and one masking searches several texts with it) and words: the list is not joined into a
 * key for every text.
 */
let lastSearch: { secrets: readonly string[]; words: readonly string[]; search: RegExp | null } | null = null;

/** No extra words: the search looks for the secrets' pieces and auth values and CVVs only. */
export const NO_WORDS: readonly string[] = Object.freeze([]);

/**
 * One search, over the lower-cased text, for every lower-cased spelling and echo piece of the secrets, the
 * words auth values and CVVs start from, and `words` (lower-case literals a caller also needs to find), at
 * once; or null when the secrets are not all searched that way: one shorter than MIN_ENCODED_LENGTH is
 * searched verbatim, and one whose lower-case form has another length is searched in its own case.
 */
function anyPieceSearch(secrets: readonly string[], words: readonly string[]): RegExp | null {
  if (lastSearch !== null && lastSearch.secrets === secrets && lastSearch.words === words) return lastSearch.search;
  const search = anyPieceSearches.get(`${secrets.join('\u0000')}\u0001${words.join('\u0000')}`, () =>
    piecesOf(secrets, words),
  );
  lastSearch = { secrets, words, search };
  return search;
}

function piecesOf(secrets: readonly string[], words: readonly string[]): RegExp | null {
  const pieces: string[] = [...words];
  for (const secret of secrets) {
    if (secret.length < MIN_ENCODED_LENGTH) return null;
    const { lower, lowerSecret } = spellingsFor(secret);
    if (lowerSecret === null) return null;
    pieces.push(...lower);
    // Any MIN_ECHOED_RUN characters of the secret in a row hold a BLOCK-long piece starting at every
    // BLOCK-th offset from any first one (see BLOCK). The first is chosen so that the secret's last BLOCK
    // characters are not a piece: they are what its mask shows (`••••last4`), in nearly every record.
    for (let offset = (lowerSecret.length + 2) % BLOCK; offset + BLOCK <= lowerSecret.length; offset += BLOCK)
      pieces.push(lowerSecret.slice(offset, offset + BLOCK));
  }
  return new RegExp([...AUTH_AND_CVV_SEARCHES, ...alternativesByFirstCharacter(pieces)].join('|'));
}

/**
 * Literal pieces as alternatives grouped by their first character (`a(?:bc|de)`): the regular-expression
 * engine then tries one group, not every piece, at each place of the text.
 */
function alternativesByFirstCharacter(pieces: readonly string[]): string[] {
  const byFirst = new Map<string, string[]>();
  for (const piece of new Set(pieces)) {
    const first = piece.charAt(0);
    const rests = byFirst.get(first) ?? [];
    rests.push(piece.slice(1));
    byFirst.set(first, rests);
  }
  return [...byFirst].map(([first, rests]) => `${escapeRegExp(first)}(?:${rests.map(escapeRegExp).join('|')})`);
}

/**
 * The text `holdsNoSecret` last found clean, and the list it was searched for (lists are never changed once
 * made: the same list is the same secrets). Found clean with extra words, it is clean without them too.
 */
let noSecretText: string | null = null;
let noSecretList: readonly string[] | null = null;
let noSecretWords: readonly string[] = NO_WORDS;

/**
 * True when `text` holds no whole spelling and no echo piece of any of `secrets`, none of the words an
 * auth value or a CVV starts from (then none of the searches below can find anything), and none of `words`
 * in any letter case; false when it may. Every search asks it first, for the same text nearly always: the
 * answer is kept for the last text and list.
 */
function holdsNoSecret(text: string, secrets: readonly string[], words: readonly string[] = NO_WORDS): boolean {
  if (text === noSecretText && secrets === noSecretList && (words === NO_WORDS || words === noSecretWords)) return true;
  const search = anyPieceSearch(secrets, words);
  const lower = lowerCaseOf(text);
  // A letter whose lower-case form has another length moves positions: those texts take the full searches.
  if (search === null || lower.length !== text.length || search.test(lower)) return false;
  if (text.length > REMEMBERED_CHARS) return true;
  noSecretText = text;
  noSecretList = secrets;
  noSecretWords = words;
  return true;
}

/** The ranges of `text` that repeat MIN_ECHOED_RUN or more consecutive characters of a secret, merged, in order. */
function echoedRuns(text: string, secrets: readonly string[]): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  if (holdsNoSecret(text, secrets)) return runs;
  let lower: string | null = null;
  for (const secret of secrets) {
    if (secret.length < MIN_ECHOED_RUN) continue;
    lower ??= lowerCaseOf(text);
    const { lowerSecret, blocks } = spellingsFor(secret);
    // Case is ignored as for whole secrets, unless lower-casing changes a length (a few non-ASCII letters
    // do): then positions in the lower-cased text are not positions in the text, and case counts.
    const caseless = lowerSecret !== null && lower.length === text.length;
    const haystack = caseless ? lower : text;
    const needle = caseless ? lowerSecret : secret;
    for (const { offset, block, lowerBlock } of blocks) {
      const piece = caseless ? lowerBlock! : block;
      for (let at = haystack.indexOf(piece); at !== -1;) {
        let start = at;
        let from = offset;
        while (
          start > 0 &&
          from > 0 &&
          haystack.charCodeAt(start - 1) !== QUOTE &&
          haystack.charCodeAt(start - 1) === needle.charCodeAt(from - 1)
        ) {
          start -= 1;
          from -= 1;
        }
        let end = at;
        let to = offset;
        while (
          end < haystack.length &&
          to < needle.length &&
          haystack.charCodeAt(end) !== QUOTE &&
          haystack.charCodeAt(end) === needle.charCodeAt(to)
        ) {
          end += 1;
          to += 1;
        }
        const found = end - start >= MIN_ECHOED_RUN;
        if (found) runs.push([start, end]);
        // Past a masked run: a longer one overlapping its end holds a whole piece further on (a text repeating
        // a secret's characters must not be widened again at every position). After a short one, the very
        // next position: a piece that repeats itself ("____") may sit one character on, aligned this time.
        at = haystack.indexOf(piece, found ? Math.max(at + 1, end - BLOCK + 1) : at + 1);
      }
    }
  }
  if (runs.length < 2) return runs;
  runs.sort((one, other) => one[0] - other[0]);
  const merged: Array<[number, number]> = [runs[0]!];
  for (const run of runs.slice(1)) {
    const last = merged[merged.length - 1]!;
    if (run[0] <= last[1]) last[1] = Math.max(last[1], run[1]);
    else merged.push(run);
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

/** The last list secretsWith made, what it was made from, and the registry it was made with. */
let lastAlso: readonly string[] = [];
let lastListVersion = -1;
let lastList: readonly string[] = [];

const sameStrings = (one: readonly string[], other: readonly string[]): boolean =>
  one.length === other.length && one.every((item, index) => item === other[index]);

/**
 * The secrets `also` names followed by every registered one, each once: what redactText and maskEchoes
 * mask. A caller masking one text in several steps makes the list once and hands it to each
 * (redactTextAmong, maskEchoedRuns). Asked again for the same secrets (every call of one profile is), it
 * hands out the same list, never changed: the searches made for it are found by its identity.
 */
export function secretsWith(also: readonly string[] = []): readonly string[] {
  if (lastListVersion === registryVersion && sameStrings(also, lastAlso)) return lastList;
  lastList = Object.freeze([...(also.length ? new Set([...also, ...knownSecrets]) : knownSecrets)]);
  lastAlso = [...also];
  lastListVersion = registryVersion;
  return lastList;
}

/** Echoed runs of registered secrets and `also` masked (maskEchoedRuns), for text whose whole secrets are masked already. */
export function maskEchoes(text: string, also: readonly string[] = []): string {
  return maskEchoedRuns(text, secretsWith(also));
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
  if (holdsNoSecret(text, secrets)) return text;
  let out = text;
  let lower = lowerCaseOf(out);
  for (const secret of secrets) {
    if (secret.length < MIN_ENCODED_LENGTH) {
      if (out.includes(secret)) {
        out = out.split(secret).join(maskSecret(secret));
        lower = lowerCaseOf(out);
      }
      continue;
    }
    const { spellings, lower: lowerSpellings } = spellingsFor(secret);
    for (let index = 0; index < spellings.length; index += 1) {
      if (!lower.includes(lowerSpellings[index]!)) continue;
      out = out.replace(new RegExp(escapeRegExp(spellings[index]!), 'gi'), (found) => maskSecret(found));
      lower = lowerCaseOf(out);
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
  return redactTextAmong(text, secretsWith(also), options);
}

/**
 * True when redactTextAmong and maskEchoedRuns would leave `text` as it is, found in one search of it (and
 * a look for card-number runs): nearly every text main masks holds nothing to mask. `words` (lower-case
 * literals) are looked for in the same search, in any letter case: a caller whose own masking starts from
 * them learns in one pass that the text holds none of them either.
 */
export function nothingToMaskIn(
  text: string,
  secrets: readonly string[],
  words: readonly string[] = NO_WORDS,
): boolean {
  return !hasCardRun(text) && holdsNoSecret(text, secrets, words);
}

/** redactText with the whole list of secrets to mask already made (secretsWith). */
export function redactTextAmong(text: string, secrets: readonly string[], options: { echoes?: boolean } = {}): string {
  if (nothingToMaskIn(text, secrets)) return text;
  const wholeMasked = maskWholeSecretsIn(text, secrets);
  const masked = options.echoes === false ? wholeMasked : maskEchoedRuns(wholeMasked, secrets);
  return redactCardData(masked).replace(
    AUTH_VALUE,
    (match, scheme: string) => `${scheme} ${maskSecret(match.slice(scheme.length + 1))}`,
  );
}

/**
 * True when `text` holds one of `secrets` whole, in any spelling maskWholeSecretsIn masks (as is, another
 * letter case, base64, URL-encoded, hex). A few substring searches per secret, for short texts such as JSON
 * keys and header names: unlike the echo search, a key that only shares some characters with a secret
 * (`transactionID`) does not count.
 */
export function holdsWholeSecret(text: string, secrets: readonly string[]): boolean {
  let lower: string | null = null;
  for (const secret of secrets) {
    if (secret.length < MIN_ENCODED_LENGTH) {
      if (text.includes(secret)) return true;
      continue;
    }
    lower ??= text.toLowerCase();
    for (const spelling of spellingsFor(secret).lower) if (lower.includes(spelling)) return true;
  }
  return false;
}
