/**
 * JSON from outside (gateway answers, decrypted notifications) is checked for nesting depth before it
 * is parsed: an answer nested thousands of levels deep turns every recursive step after JSON.parse
 * (redaction, card masking, structured clone, the contract's checks) into a stack overflow. Measured
 * without recursion.
 */

/** Most gateway answers and notifications nest about 5 levels; anything past this is not one. */
export const MAX_JSON_DEPTH = 64;

/** Deepest `{` / `[` nesting in JSON text (strings skipped), stopping as soon as `limit` is exceeded. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 92 /* \ */) index += 1;
      else if (code === 34 /* " */) inString = false;
    } else if (code === 34) inString = true;
    else if (code === 123 /* { */ || code === 91 /* [ */) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === 125 /* } */ || code === 93 /* ] */) depth -= 1;
  }
  return false;
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
