import { describe, expect, it } from 'vitest';
import { parseIdList } from '../../../src-renderer/src/services/id-list';

describe('pasted id lists', () => {
  it('reads ids one per line, comma or semicolon separated, and lists duplicates and malformed ones', () => {
    const parsed = parseIdList('s2AAA\ns2BBB, s2CCC;s2AAA\n\n  s2DDD  \nnot an id!\ns2BBB\n' + 'x'.repeat(40));
    expect(parsed.ids).toEqual(['s2AAA', 's2BBB', 's2CCC', 's2DDD']);
    expect(parsed.duplicates).toEqual([
      { id: 's2AAA', count: 2 },
      { id: 's2BBB', count: 2 },
    ]);
    expect(parsed.malformed).toEqual(['not an id!', 'x'.repeat(40)]);
  });

  it('takes the transactionID column of a CSV with a header', () => {
    const csv =
      '"merchant","transactionID","status"\norder-1,s2AAA,Pending\n"order, 2",s2BBB,Success\norder-3,,Declined\n';
    const parsed = parseIdList(csv);
    expect(parsed.ids).toEqual(['s2AAA', 's2BBB']);
    expect(parsed.malformed).toEqual(['(empty)']);
  });

  it('reads a semicolon CSV (a Portuguese spreadsheet export)', () => {
    expect(parseIdList('Encomenda;transaction_id\nA-1;s2XYZ\n').ids).toEqual(['s2XYZ']);
  });
});
