/**
 * Outside text as XML character data (JUnit reports, SVG diagrams). Escaping `<&>"'` is not enough: XML 1.0
 * cannot carry some characters at all, not even as `&#…;` references — C0 controls other than tab, LF and
 * CR, U+FFFE, U+FFFF and unpaired surrogates — and one of them makes the whole document unparsable (a CI
 * server then loses the whole run). Each is replaced by a visible `[U+XXXX]` so the reader sees that
 * something was there and what it was.
 */

/** Everything outside the XML 1.0 `Char` production: C0 except tab/LF/CR, lone surrogates, U+FFFE/U+FFFF. */
const XML_FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- these are exactly the characters XML 1.0 forbids
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const ENTITIES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' };

const codePoint = (char: string): string => `[U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}]`;

/** How many characters of `text` XML 1.0 cannot carry. */
export const xmlForbiddenCount = (text: string): number => text.match(XML_FORBIDDEN)?.length ?? 0;

/** `text` with every character XML 1.0 cannot carry replaced by a visible `[U+XXXX]` (nothing else changed). */
export const xmlCharacters = (text: string): string => text.replace(XML_FORBIDDEN, codePoint);

/** `text` safe as XML character data or as a quoted attribute value. */
export const xmlEscape = (text: string): string => xmlCharacters(text).replace(/[<>&"']/g, (char) => ENTITIES[char]!);
