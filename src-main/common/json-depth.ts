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
