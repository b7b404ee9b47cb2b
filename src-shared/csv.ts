/**
 * The one CSV writer and reader (history export, bulk lookup, reveal audit log). Cells hold outside text —
 * gateway messages, profile names, pasted ids — and a spreadsheet must read each as one inert value:
 * - a cell is quoted when it holds a quote, a line break, `,` or `;` (Excel in a Portuguese locale splits
 *   on `;`, so an unquoted `x;=1+1;` would become a formula cell of its own);
 * - a cell that starts like a formula (`=`, `+`, `-`, `@`, their full-width forms, after spaces or not, tab or CR) gets a
 *   leading `'`, so spreadsheet apps show it as text instead of running it (CSV injection).
 */

/** What a spreadsheet app may take as the start of a formula (some trim leading spaces first). */
const FORMULA_START = /^[\t\r]|^\s*[=+\-@\uff1d\uff0b\uff0d\uff20]/;
/** What would end a cell or a record early (either list separator, since the reader's locale decides). */
const NEEDS_QUOTES = /[",;\r\n]/;

/** One cell, defused and quoted as needed. */
export function csvCell(value: string): string {
  const defused = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(defused) ? `"${defused.replace(/"/g, '""')}"` : defused;
}

/** One record, ending in CRLF (RFC 4180). */
export const csvRecord = (cells: readonly string[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** A whole file: the header record, then one record per row. */
export const csvDocument = (header: readonly string[], rows: readonly (readonly string[])[]): string =>
  [header, ...rows].map(csvRecord).join('');

/**
 * Splits CSV text into records of cells: quotes, doubled quotes and line breaks inside quotes; a leading
 * byte-order mark is dropped. `separator` is `,` unless the file says otherwise (`;` from a PT spreadsheet).
 */
export function parseCsv(text: string, separator: ',' | ';' | '\t' = ','): string[][] {
  const source = text.replace(/^\uFEFF/, '');
  const records: string[][] = [];
  let cells: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        current += '"';
        i++;
      } else if (char === '"') quoted = false;
      else current += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      cells.push(current);
      current = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      cells.push(current);
      records.push(cells);
      cells = [];
      current = '';
    } else current += char;
  }
  if (current !== '' || cells.length) records.push([...cells, current]);
  return records;
}
