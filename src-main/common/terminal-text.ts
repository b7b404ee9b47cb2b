/**
 * Text from outside — a gateway's statusMsg, a notification's fields — must not reach the user's terminal
 * as control sequences: `ESC[2J` clears the screen, OSC 52 writes the clipboard, OSC 0 retitles the
 * window. C0 and C1 control characters (and DEL) are shown escaped instead, so they are visible and inert.
 */

/** C0 (except the layout characters kept when asked), DEL and C1. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_EXCEPT_LAYOUT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

const escaped = (char: string): string => {
  const code = char.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : char;
};

/** One line of human-readable output: every control character escaped, newlines and tabs included. */
export const terminalLine = (text: string): string => text.replace(CONTROL, escaped);

/** A block of text (e.g. a decrypted JSON document): line breaks and tabs kept, every other control escaped. */
export const terminalBlock = (text: string): string => text.replace(CONTROL_EXCEPT_LAYOUT, escaped);

/**
 * Everything written to the real output streams: like terminalBlock, and a carriage return not followed by
 * a line feed is escaped too (it would move back over the line to overwrite it: "FAIL" shown as "PASS").
 */
export const terminalStream = (text: string): string => terminalBlock(text).replace(/\r(?!\n)/g, '\\x0d');

/**
 * JSON for a terminal: JSON.stringify escapes C0 but writes DEL and C1 (U+0080–U+009F, among them the
 * one-byte CSI U+009B) as they are; those become `\u00XX` escapes, so the output is still the same JSON.
 */
export const terminalJson = (value: unknown): string =>
  JSON.stringify(value, null, 2).replace(
    /[\u007f-\u009f]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/**
 * A line (or lines) the console writes with outside values in it: the template's own text is the
 * console's, every `${value}` is shown with terminalLine — so a value can neither send a control sequence
 * nor start a line of its own ("PASS …").
 */
export const terminalText = (strings: TemplateStringsArray, ...values: unknown[]): string =>
  strings.reduce((text, part, index) => `${text}${terminalLine(String(values[index - 1]))}${part}`);
