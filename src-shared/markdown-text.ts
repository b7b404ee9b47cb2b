/**
 * Outside text inside a Markdown line we write (a report summary pasted into a ticket). A line break in a
 * scenario name would start a line of its own — "- Result: **PASSED**" — and `*`, `_`, `[`, `<`, `|` …
 * would bold, link, open HTML or split a table cell. So line breaks become a visible `↵`, other control
 * characters a visible `[U+XXXX]` (a summary is also `cat` to CI logs), and every character Markdown
 * gives a meaning inside a line is backslash-escaped: the text renders as exactly what was typed.
 */

/** CR, LF, NEL and the Unicode line and paragraph separators: each can start a new line somewhere. */
const LINE_BREAK = /\r\n|[\r\n\u0085\u2028\u2029]/g;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
/**
 * What means something inside a line: emphasis, code, links and images, HTML, entities, table cells,
 * strikethrough, a heading's closing `#`.
 */
const INLINE_SYNTAX = /[\\`*_[\]<>#|~&]/g;
/** What starts a block when it opens a line or a list item's text: a bullet, a number, a quote, a heading. */
const BLOCK_START = /^(\s*(?:\d+)?)([-+=.)])/;

/** Escaped brackets: the notation must not read as a link of its own. */
const codePoint = (char: string): string => `\\[U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}\\]`;

/** `text` as literal inline Markdown on one line. */
export const markdownInline = (text: string): string =>
  text
    .replace(INLINE_SYNTAX, (char) => `\\${char}`)
    .replace(BLOCK_START, '$1\\$2')
    .replace(LINE_BREAK, ' ↵ ')
    .replace(CONTROL, codePoint);
