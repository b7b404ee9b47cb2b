import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { jsonDepthExceeds } from '../../../src-main/common/json-depth';

/** The depth rule read the plain way, one character at a time: what the skipping reader must agree with. */
function readCharByChar(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === '}' || char === ']') depth -= 1;
  }
  return false;
}

describe('the nesting depth of JSON text from outside', () => {
  it('counts brackets outside strings only, however the strings escape their quotes', () => {
    expect(jsonDepthExceeds('{"a":{"b":[1]}}', 2)).toBe(true);
    expect(jsonDepthExceeds('{"a":{"b":[1]}}', 3)).toBe(false);
    // Brackets inside a string, behind an escaped quote, do not count…
    expect(jsonDepthExceeds('{"a":"x\\"[[[[[["}', 1)).toBe(false);
    // …but after a string ending in an escaped backslash they do: that quote closes the string.
    expect(jsonDepthExceeds('{"a":"x\\\\","b":[[[]]]}', 3)).toBe(true);
    // A string that never ends hides the brackets after it.
    expect(jsonDepthExceeds('{"a":"x\\"[[[[[[', 1)).toBe(false);
    expect(jsonDepthExceeds(`${'['.repeat(65)}${']'.repeat(65)}`, 64)).toBe(true);
  });

  it('property: agrees with reading the text one character at a time', () => {
    const piece = fc.constantFrom('"', '\\', '\\\\', '\\"', '{', '}', '[', ']', 'a', ',', ':', 'é', '•');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), fc.integer({ min: 0, max: 4 }), (pieces, limit) => {
        const text = pieces.join('');
        expect(jsonDepthExceeds(text, limit)).toBe(readCharByChar(text, limit));
      }),
      { numRuns: 3000 },
    );
  });
});
