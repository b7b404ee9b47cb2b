import { afterAll, describe, expect, it } from 'vitest';
import { parseCsv } from '@shared/csv';
import type { ProfileInfo } from '../../../src-renderer/src/db/history-writer';
import { emptyRow, rowFromStatus, type LookupRow } from '../../../src-renderer/src/services/bulk-lookup';
import { resolveLookupIds } from '../../../src-renderer/src/services/bulk-resolve';
import { lookupCodeAndMeaning } from '../../../src-renderer/src/features/support/lookup-code';
import { lookupRowsFromCsv, lookupRowsToCsv } from '../../../src-renderer/src/features/support/lookup-csv';
import { parseIdList } from '../../../src-renderer/src/services/id-list';
import { freshDb, makeRow } from '../db/fixtures';

const db = freshDb();
// Row 3 is the Sandbox's (profile "sandbox"), row 4 a Variant B terminal's ("test-1"); row 6 belongs to a
// profile that was deleted since; rows 8 and 10 share a merchant order id.
await db.transactions.bulkPut([
  makeRow(3, { profileId: 'sandbox', merchantTransactionId: 'shop-3', reference: '383787422' }),
  makeRow(4, { profileId: 'variant-b', merchantTransactionId: 'shop-4', reference: null, variant: 'B' }),
  makeRow(6, { profileId: 'deleted-profile', merchantTransactionId: 'shop-6', reference: null }),
  makeRow(8, { merchantTransactionId: 'twice', reference: null }),
  makeRow(10, { merchantTransactionId: 'twice', reference: null }),
  makeRow(12, { merchantTransactionId: 'never-created', transactionId: null, key: 'attempt:12', reference: null }),
]);
afterAll(() => db.close());
const known: Record<string, ProfileInfo> = {
  sandbox: { id: 'sandbox', name: 'Sandbox', environment: 'sandbox', variant: 'A' },
  'variant-b': { id: 'variant-b', name: 'Sandbox · Variant B', environment: 'sandbox', variant: 'B' },
};
const profiles = (id: string) => known[id];
const tx = (i: number) => makeRow(i).transactionId!;

describe('bulk lookup resolves pasted ids through History', () => {
  it('defect "bulk lookup sends merchant order ids and Multibanco references as transactionIDs": they become their transactionID; ambiguous ones are listed, unknown ones never sent', async () => {
    const pasted = parseIdList(
      ['shop-3', '383 787 422', 'twice', 'unknown-order', '999888777', 'never-created'].join('\n'),
    );
    expect(pasted.malformed).toEqual([]);
    const resolved = await resolveLookupIds(db, profiles, 'sandbox', pasted.ids);
    expect(resolved).toEqual([
      { kind: 'ask', query: 'shop-3', transactionId: tx(3), profileId: 'sandbox' },
      { kind: 'ask', query: '383787422', transactionId: tx(3), profileId: 'sandbox' },
      { kind: 'ambiguous', query: 'twice', candidates: expect.arrayContaining([tx(8), tx(10)]) },
      { kind: 'unresolved', query: 'unknown-order', reason: 'merchant-order-id' },
      { kind: 'unresolved', query: '999888777', reason: 'reference' },
      { kind: 'unresolved', query: 'never-created', reason: 'no-transaction-id' },
    ]);
  });

  it('defect "bulk lookup asks every id with the active profile": each known transaction is asked with the profile it was made with, unknown ids with the chosen one', async () => {
    const unknownId = 's2ZZZZZZZZZZZZZZZZZZ';
    const resolved = await resolveLookupIds(db, profiles, 'sandbox', [tx(4), 'shop-4', tx(6), unknownId]);
    expect(resolved.map((entry) => (entry.kind === 'ask' ? [entry.transactionId, entry.profileId] : entry))).toEqual([
      [tx(4), 'variant-b'],
      [tx(4), 'variant-b'],
      // Its profile no longer exists: the chosen one is the only one left to ask with.
      [tx(6), 'sandbox'],
      [unknownId, 'sandbox'],
    ]);
  });
});

describe('bulk lookup code and meaning', () => {
  const asOf = new Date('2026-11-24T10:00:00Z');
  const found: LookupRow = {
    ...rowFromStatus(
      tx(3),
      { paymentStatus: 'Pending', returnStatus: { statusCode: '000', statusMsg: 'Success' } },
      asOf,
    ),
    httpStatus: 200,
  };
  const unknown: LookupRow = {
    ...emptyRow('s2ZZZZZZZZZZZZZZZZZZ', 'not-found'),
    httpStatus: 404,
    returnCode: '404',
    returnMessage: 'Not Found',
    message: 'HTTP 404, statusCode 404',
    asOf: asOf.toISOString(),
  };
  const ambiguous: LookupRow = { ...emptyRow('twice', 'ambiguous', null), candidates: [tx(8), tx(10)] };
  const notSent: LookupRow = { ...emptyRow('unknown-order', 'not-in-history', null), unresolved: 'merchant-order-id' };

  it('defect "the Code and meaning column is empty for normal rows and 404s": every answer shows its code and meaning, in the table and the CSV', () => {
    expect(lookupCodeAndMeaning(found, 'en')).toEqual({
      code: '000',
      meaning: expect.stringContaining('This is NOT "paid"'),
    });
    expect(lookupCodeAndMeaning(unknown, 'en')).toEqual({
      code: 'HTTP 404',
      meaning: expect.stringContaining('does not know this transactionID'),
    });
    expect(lookupCodeAndMeaning(ambiguous, 'en')?.meaning).toContain(`${tx(8)}, ${tx(10)}`);
    expect(lookupCodeAndMeaning(notSent, 'pt-PT')?.meaning).toContain('só pode ser consultado pelo transactionID');

    const csv = lookupRowsToCsv([found, unknown, ambiguous, notSent], 'pt-PT');
    const [header, ...records] = parseCsv(csv);
    const meaning = header!.indexOf('codeMeaning');
    expect(records).toHaveLength(4);
    for (const cells of records) expect(cells[meaning]!.length).toBeGreaterThan(20);
    expect(csv).toContain('Isto NÃO significa');
    expect(csv).toContain('o gateway não conhece este transactionID');
    expect(lookupRowsFromCsv(csv)).toEqual([found, unknown, ambiguous, notSent]);
  });
});
