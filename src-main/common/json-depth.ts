/**
 * JSON from outside (gateway answers, decrypted notifications) is checked for nesting depth before it
 * is parsed: an answer nested thousands of levels deep turns every recursive step after JSON.parse
 * (redaction, card masking, structured clone, the contract's checks) into a stack overflow. Measured
 * without recursion.
 */

/** Most gateway answers and notifications nest about 5 levels; anything past this is not one. */
export const MAX_JSON_DEPTH = 64;

/**
 * Deepest `{` / `[` nesting in JSON text (strings skipped), stopping as soon as `limit` is exceeded. Most of
 * an answer's characters are inside strings: each string is skipped with the engine's own search for its
 * closing quote rather than read character by character.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 34 /* " */) {
      index = closingQuote(text, index + 1);
      // A string that never ends holds the rest of the text: no bracket after its quote counts.
      if (index === -1) return false;
    } else if (code === 123 /* { */ || code === 91 /* [ */) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === 125 /* } */ || code === 93 /* ] */) depth -= 1;
  }
  return false;
}

/**
 * Where the string whose content starts at `from` ends: the first quote after an even run of backslashes
 * (each backslash escapes the character after it, so an odd run escapes the quote), or -1 when none does.
 */
function closingQuote(text: string, from: number): number {
  for (let quote = text.indexOf('"', from); quote !== -1; quote = text.indexOf('"', quote + 1)) {
    let backslashes = 0;
    for (let at = quote - 1; at >= from && text.charCodeAt(at) === 92; at -= 1) backslashes += 1;
    if (backslashes % 2 === 0) return quote;
  }
  return -1;
}

/**
 * The same measure on an already parsed value (objects and arrays count, as `{` / `[` do), for JSON
 * read from our own files: V8 parses any depth without recursion, and walking the parsed nodes costs far
 * less than scanning every character of a large file again. Iterative, stopping past `limit`.
 */
export function valueDepthExceeds(value: unknown, limit: number): boolean {
  const pending: unknown[] = [value];
  const depths: number[] = [1];
  while (pending.length > 0) {
    const current = pending.pop();
    const depth = depths.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current))
      if (typeof child === 'object' && child !== null) {
        pending.push(child);
        depths.push(depth + 1);
      }
  }
  return false;
}
