/**
 * String literals for the languages "Your server's code" is written in. Every value a snippet carries
 * (URL, header, body) goes through one of these and nothing else, so a value is always data: it cannot
 * end its literal, open an interpolation or substitution, or reach a terminal as a control sequence.
 * Each literal is printable ASCII only — everything else is an escape — which also keeps invisible and
 * bidirectional characters out of code a merchant pastes.
 */

const isPlainAscii = (code: number) => code >= 0x20 && code <= 0x7e;
const hex = (value: number, width: number) => value.toString(16).padStart(width, '0');

/** Each UTF-16 unit of `text` as itself when plain ASCII (and not special), else as `escape(unit)`. */
function perUnit(text: string, special: Readonly<Record<string, string>>, escape: (unit: number) => string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    const unit = text.charCodeAt(i);
    out += special[char] ?? (isPlainAscii(unit) ? char : escape(unit));
  }
  return out;
}

/** JavaScript: `'…'`, other characters as `\uXXXX` (a surrogate pair as two). */
export const jsString = (text: string): string =>
  `'${perUnit(text, { "'": "\\'", '\\': '\\\\' }, (unit) => `\\u${hex(unit, 4)}`)}'`;

/**
 * Java: `"…"`. javac turns `\uXXXX` into its character before it reads the literal, so `\u0022` would end
 * the string and `\u000a` would break the line: control characters are written as octal escapes, which
 * are read inside the literal; only non-ASCII characters (never a quote, backslash or line end) use `\u`.
 */
export const javaString = (text: string): string =>
  `"${perUnit(text, { '"': '\\"', '\\': '\\\\' }, (unit) => (unit < 0x80 ? `\\${unit.toString(8).padStart(3, '0')}` : `\\u${hex(unit, 4)}`))}"`;

/** C#: a regular `"…"` literal, other characters as `\uXXXX` (never `\x`, whose length is open-ended). */
export const csharpString = (text: string): string =>
  `"${perUnit(text, { '"': '\\"', '\\': '\\\\' }, (unit) => `\\u${hex(unit, 4)}`)}"`;

/** Python: `"…"` (never an f-string), other code points as `\xhh`, `\uXXXX` or `\UXXXXXXXX`. */
export function pythonString(text: string): string {
  let out = '';
  for (const char of text) {
    const point = char.codePointAt(0)!;
    if (char === '"' || char === '\\') out += `\\${char}`;
    else if (isPlainAscii(point)) out += char;
    else if (point < 0x100) out += `\\x${hex(point, 2)}`;
    else if (point < 0x10000) out += `\\u${hex(point, 4)}`;
    else out += `\\U${hex(point, 8)}`;
  }
  return `"${out}"`;
}

/** PHP: `"…"` with `$` escaped (no interpolation), the UTF-8 bytes of other characters as `\xhh`. */
export function phpString(text: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(text)) {
    const char = String.fromCharCode(byte);
    if (char === '"' || char === '\\' || char === '$') out += `\\${char}`;
    else if (isPlainAscii(byte)) out += char;
    else out += `\\x${hex(byte, 2)}`;
  }
  return `"${out}"`;
}

/**
 * POSIX shell: one single-quoted word, inside which nothing is expanded. Only for printable ASCII text
 * (the snippet request refuses anything else in a URL or header); bodies go through a quoted heredoc.
 */
export const shellWord = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

/** Lone surrogates cannot be sent as UTF-8: the bytes that left were U+FFFD, and that is what a snippet sends. */
export const wellFormed = (text: string): string =>
  text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
