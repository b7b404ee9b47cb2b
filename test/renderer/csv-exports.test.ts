/**
 * Every CSV the console writes (history export, bulk lookup, reveal audit log) goes through the one writer
 * (src-shared/csv.ts): opened in a spreadsheet — with `,` or, as Excel does in a Portuguese locale, with `;`
 * as the separator — each value stays one inert cell, never a formula and never several cells.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvDocument, parseCsv } from '@shared/csv';
import { toCsv } from '../../src-renderer/src/db/history-formats';
import { auditLogToCsv } from '../../src-renderer/src/features/support/audit-csv';
import { emptyRow } from '../../src-renderer/src/services/bulk-lookup';
import { parseIdList } from '../../src-renderer/src/services/id-list';
import { lookupRowsToCsv } from '../../src-renderer/src/features/support/lookup-csv';
import { makeRow } from './db/fixtures';

const HOSTILE = 'x;=1+1;';

/** What a spreadsheet would run as a formula: a cell whose text starts like one (after any spaces). */
const formulaCells = (cells: string[]) =>
  cells.filter((cell) => /^\s*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r]/.test(cell));

/** The cells a spreadsheet app sees in `csv` when it splits on `separator`. */
const cellsAs = (csv: string, separator: ',' | ';') => parseCsv(csv, separator).flat();

const writers: Array<[string, (value: string) => string]> = [
  ['history export', (value) => toCsv([makeRow(3, { merchantTransactionId: value, profileName: value })])],
  ['bulk lookup', (value) => lookupRowsToCsv([{ ...emptyRow('s2D'), message: value, returnMessage: value }], 'pt-PT')],
  [
    'reveal audit log',
    (value) =>
      auditLogToCsv([
        {
          at: '2026-11-24T10:00:00Z',
          profileId: 'p',
          profileName: value,
          transactionId: 's2D',
          field: 'name',
          reason: value,
        },
      ]),
  ],
];

describe('CSV exports are inert in a spreadsheet, whatever the separator', () => {
  it.each(writers)(
    'defect: `;` was not quoted, so `x;=1+1;` became a formula cell in Portuguese Excel (%s)',
    (_name, write) => {
      const csv = write(HOSTILE);
      for (const separator of [',', ';'] as const) {
        const cells = cellsAs(csv, separator);
        expect(formulaCells(cells), `split on ${separator}`).toEqual([]);
      }
      // Read with `,` (the file's own separator) the value is one cell, as written.
      expect(cellsAs(csv, ',')).toContain(HOSTILE);
    },
  );

  it.each(writers)('formulas are defused and the value kept (%s)', (_name, write) => {
    for (const value of ['=HYPERLINK("http://evil")', '+1', '-1+2', '@SUM(A1)', '\t=1', '\r=1', ' =1', '＝1+1']) {
      const cells = cellsAs(write(value), ',');
      expect(formulaCells(cells), JSON.stringify(value)).toEqual([]);
      expect(cells, JSON.stringify(value)).toContain(`'${value}`);
    }
  });

  it('property: any text stays one cell per value with either separator, and reads back (defused) as written', () => {
    const hostile = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 30 }),
      fc
        .array(fc.constantFrom(';', ',', '"', '\n', '\r', '\t', '=', '+', '-', '@', ' ', 'a', '＝'), { maxLength: 10 })
        .map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(fc.array(hostile, { minLength: 1, maxLength: 4 }), (values) => {
        const csv = csvDocument(
          values.map((_, index) => `c${index}`),
          [values],
        );
        const [header, row, ...rest] = parseCsv(csv);
        expect(rest).toEqual([]);
        expect(header).toHaveLength(values.length);
        expect(row).toEqual(values.map((value) => (formulaCells([value]).length ? `'${value}` : value)));
        // With `;` a value may be split only inside quotes: no cell of it can start a formula.
        expect(formulaCells(cellsAs(csv, ';'))).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('a History export pasted into bulk lookup gives its ids, and its hostile cells read back defused (one writer, one reader)', () => {
    const csv = toCsv([
      makeRow(1, { transactionId: 's2HIST1', profileName: '=HYPERLINK("http://evil")', merchantTransactionId: 'a;b' }),
      makeRow(2, { transactionId: 's2HIST2', profileName: '@SUM(A1)' }),
    ]);
    expect(parseIdList(csv)).toEqual({ ids: ['s2HIST1', 's2HIST2'], duplicates: [], malformed: [] });
    const [header, first, second] = parseCsv(csv);
    const column = (name: string) => header!.indexOf(name);
    expect(first![column('profileName')]).toBe(`'=HYPERLINK("http://evil")`);
    expect(first![column('merchantTransactionId')]).toBe('a;b');
    expect(second![column('profileName')]).toBe(`'@SUM(A1)`);
  });

  it('a bulk lookup export pasted back in gives its ids, whatever its cells hold (one reader for every CSV)', () => {
    const csv = lookupRowsToCsv(
      [
        { ...emptyRow('s2AAA'), message: 'HTTP 404,\n"unknown";\ntransaction' },
        { ...emptyRow('s2BBB'), message: '=1+1' },
      ],
      'en',
    );
    expect(parseIdList(csv)).toEqual({ ids: ['s2AAA', 's2BBB'], duplicates: [], malformed: [] });
  });
});
