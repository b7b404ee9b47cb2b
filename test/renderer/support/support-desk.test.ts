import { afterAll, describe, expect, it } from 'vitest';
import { HISTORY_SCHEMA } from '../../../src-renderer/src/db/schema';
import { HistoryDb } from '../../../src-renderer/src/db/history-db';
import { getCaseNote, saveCaseNote } from '../../../src-renderer/src/db/case-notes';
import { searchTransactions } from '../../../src-renderer/src/db/transaction-query';
import { emptyRow, rowFromStatus, type LookupRow } from '../../../src-renderer/src/services/bulk-lookup';
import { caseSummaryMarkdown } from '../../../src-renderer/src/composables/case-summary';
import { lookupRowsFromCsv, lookupRowsToCsv } from '../../../src-renderer/src/features/support/lookup-csv';
import { planLookup } from '../../../src-renderer/src/services/single-lookup';
import { isStale } from '../../../src-renderer/src/services/staleness';
import { loadTransactionCase } from '../../../src-renderer/src/composables/transaction-case';
import { i18n } from '../../../src-renderer/src/i18n';
import { maskCustomerData } from '@shared/support/customer-data';
import { freshDb, makeExchange, makeRow } from '../db/fixtures';

const db = freshDb();
await db.transactions.bulkPut([
  makeRow(1, {
    merchantTransactionId: 'shop-1',
    reference: '123456789',
    paymentStatus: 'Pending',
    statusKey: 'Pending',
  }),
  makeRow(2, { merchantTransactionId: 'shop-only', transactionId: null, key: 'attempt:x' }),
]);
afterAll(() => db.close());
const key = makeRow(1).key;
const t = (k: string, values?: Record<string, unknown>) => i18n.global.t(k, values ?? {});

describe('support desk lookups', () => {
  it('searches History first: merchant order id and a spaced Multibanco reference find the row', async () => {
    expect(await planLookup(db, 'shop-1')).toMatchObject({ kind: 'history', queryTransactionId: key });
    expect(await planLookup(db, '123 456 789')).toMatchObject({ kind: 'history', queryTransactionId: key });
    // In History but without a transactionID: shown, never sent.
    expect(await planLookup(db, 'shop-only')).toMatchObject({ kind: 'history', queryTransactionId: null });
  });

  it('asks the gateway only for a transactionID, and says so plainly for other ids', async () => {
    expect(await planLookup(db, 's2AbCdEfGhIjKlMnOpQr')).toEqual({
      kind: 'gateway',
      transactionId: 's2AbCdEfGhIjKlMnOpQr',
    });
    expect(await planLookup(db, '999 888 777')).toEqual({
      kind: 'only-transaction-id',
      what: 'reference',
      mayBeTransactionId: false,
    });
    expect(await planLookup(db, 'order 55/b')).toEqual({
      kind: 'only-transaction-id',
      what: 'merchant-order-id',
      mayBeTransactionId: false,
    });
    expect(await planLookup(db, 'order-55')).toMatchObject({ what: 'merchant-order-id', mayBeTransactionId: true });
  });
});

describe('case notes', () => {
  it('live in a new schema version, and History search finds a transaction by ticket or note text', async () => {
    expect(HISTORY_SCHEMA.find((step) => step.stores.caseNotes)).toMatchObject({
      version: 2,
      stores: { caseNotes: expect.stringContaining('ticket') },
    });
    await saveCaseNote(db, key, 'Customer paid at 10:02 by MB WAY', 'ZD-4411');
    expect((await searchTransactions(db, 'ZD-44')).map((row) => row.key)).toEqual([key]);
    expect((await searchTransactions(db, 'paid at 10:02')).map((row) => row.key)).toEqual([key]);
    // Emptying both fields removes the note.
    await saveCaseNote(db, key, ' ', '');
    expect(await getCaseNote(db, key)).toBeUndefined();
    expect(await searchTransactions(db, 'ZD-44')).toEqual([]);
  });

  it('a history kept before the customer indexes (version 2) still finds its orders by e-mail and phone after the upgrade', async () => {
    const name = `customer-upgrade-${Math.random()}`;
    const v2 = new HistoryDb(name, HISTORY_SCHEMA.slice(0, 2));
    const customer = { customerEmail: 'ana.silva@example.pt', customerPhone: '+351912345678', customerMasked: false };
    await v2.transactions.bulkPut([makeRow(7, customer), makeRow(8), makeRow(9, { reference: '912345678' })]);
    v2.close();
    const current = new HistoryDb(name);
    await current.open();
    expect((await searchTransactions(current, 'ANA.SILVA@example.pt')).map((row) => row.key)).toEqual([makeRow(7).key]);
    expect((await searchTransactions(current, '912 345 678')).map((row) => row.key).sort()).toEqual(
      [makeRow(7).key, makeRow(9).key].sort(),
    );
    expect(await searchTransactions(current, '+351 912 000 000')).toEqual([]);
    current.close();
  });

  it('History search finds words from any note among thousands (the note scan reads them page by page)', async () => {
    const many = new HistoryDb(`notes-many-${Math.random()}`);
    const notes = Array.from({ length: 2_500 }, (_, i) => ({
      transactionKey: makeRow(i).key,
      note: i === 2_499 ? 'Refund promised by phone' : `Routine note ${i}`,
      ticket: `T-${i}`,
      updatedAt: i,
    }));
    await many.transactions.bulkPut(notes.map((_, i) => makeRow(i)));
    await many.caseNotes.bulkPut(notes);
    expect((await searchTransactions(many, 'refund promised')).map((row) => row.key)).toEqual([makeRow(2_499).key]);
    // A word every note shares stops at the search's limit, wherever the matches are.
    expect(await searchTransactions(many, 'routine note', {}, 30)).toHaveLength(30);
    many.close();
  });

  it('upgrading a version-1 database keeps its rows and adds the notes store', async () => {
    const name = `support-upgrade-${Math.random()}`;
    const v1 = new HistoryDb(name, HISTORY_SCHEMA.slice(0, 1));
    await v1.transactions.put(makeRow(7));
    v1.close();
    const current = new HistoryDb(name);
    await current.open();
    expect(await current.transactions.count()).toBe(1);
    await saveCaseNote(current, makeRow(7).key, 'note', 'T-1');
    expect(await getCaseNote(current, makeRow(7).key)).toMatchObject({ ticket: 'T-1' });
    current.close();
  });
});

describe('case summary', () => {
  it('is Markdown with ids, status now and as of when, the timeline, the notes, and masked customer data', async () => {
    const order = {
      customer: { customerInfo: { customerName: 'Ana Silva', customerEmail: 'ana@example.pt' } },
      transaction: { amount: { value: 10.5, currency: 'EUR' } },
    };
    const create = makeExchange({
      operation: 'createOrder',
      method: 'POST',
      transactionID: key,
      paymentStatus: null,
      request: { headers: {}, body: JSON.stringify(order) },
    });
    const status = makeExchange({ transactionID: key, paymentStatus: 'Pending' });
    const { recordExchange } = await import('../../../src-renderer/src/db/history-writer');
    const profiles = (id: string) => ({ id, name: 'Sandbox', environment: 'sandbox', variant: 'A' as const });
    await recordExchange(db, create, profiles);
    await recordExchange(db, status, profiles);
    const notes = [
      { id: '1', transactionKey: key, at: '2026-01-05T10:00:00.000Z', author: null, text: 'Old note', ticket: '' },
      {
        id: '2',
        transactionKey: key,
        at: '2026-01-06T10:00:00.000Z',
        author: 'Ana',
        text: 'Line one\nLine two',
        ticket: 'ZD-9',
      },
    ];
    const item = (await loadTransactionCase(db, key))!;
    expect(item.customer).toMatchObject({ name: 'Ana Silva', email: 'ana@example.pt' });
    const markdown = caseSummaryMarkdown(item, maskCustomerData(item.customer), t, 'en', notes);
    expect(markdown).toContain(`## Case ${key}`);
    expect(markdown).toContain('**Status now:** **Pending** (not final) — as of ');
    expect(markdown).toContain('### Timeline');
    expect(markdown).toMatch(/- \d{4}-\d\d-\d\dT.*Status refreshed — \*\*Pending\*\*/);
    expect(markdown).toContain('- 2026-01-05T10:00:00.000Z — Unknown author\n  > Old note');
    expect(markdown).toContain('- 2026-01-06T10:00:00.000Z — Ana — **Ticket reference:** ZD-9');
    expect(markdown).toContain('  > Line one\n  > Line two');
    expect(markdown).not.toContain('Ana Silva');
    expect(markdown).not.toContain('ana@example.pt');

    // History export: customer data masked for guarded transactions only.
    const { exportHistory } = await import('../../../src-renderer/src/db/history-export');
    const exported = async (masksCustomer: () => boolean) =>
      new Response((await exportHistory(db, {}, 'json', { masksCustomer })).blob).text();
    const guarded = await exported(() => true);
    expect(guarded).not.toContain('Ana Silva');
    expect(guarded).not.toContain('ana@example.pt');
    expect(guarded).toContain('10.5');
    expect(await exported(() => false)).toContain('ana@example.pt');
  });
});

describe('bulk lookup table', () => {
  const asOf = new Date('2026-11-24T10:00:00Z');
  it('reads a status answer into a row: final or not, amount as number or string, the refusal code', () => {
    expect(
      rowFromStatus(
        's2A',
        {
          paymentStatus: 'Declined',
          paymentMethod: 'MBWAY',
          amount: { value: '16.20', currency: 'EUR' },
          returnStatus: { statusCode: '01.106.0004', statusMsg: 'Declined' },
        },
        asOf,
      ),
    ).toMatchObject({
      outcome: 'found',
      status: 'Declined',
      final: true,
      amount: 16.2,
      method: 'MBWAY',
      returnCode: '01.106.0004',
      asOf: asOf.toISOString(),
    });
    expect(rowFromStatus('s2B', { paymentStatus: 'Pending', returnStatus: { statusCode: '000' } }, asOf)).toMatchObject(
      {
        final: false,
        returnCode: '000',
      },
    );
  });

  it('exports CSV that reads back equal, with the code meaning and safe against spreadsheet formulas', () => {
    const rows: LookupRow[] = [
      {
        ...rowFromStatus(
          's2A',
          {
            paymentStatus: 'Declined',
            paymentMethod: 'MBWAY',
            amount: { value: 16.2, currency: 'EUR' },
            returnStatus: { statusCode: 'E0500', statusMsg: 'Not accepted, "really"' },
          },
          asOf,
        ),
        lastNotificationAt: asOf.toISOString(),
        lastNotificationStatus: 'Declined',
      },
      { ...emptyRow('s2B', 'not-found'), message: 'HTTP 404, unknown\ntransaction', asOf: asOf.toISOString() },
      emptyRow('s2C'),
    ];
    const csv = lookupRowsToCsv(rows, 'pt-PT');
    expect(csv).toContain('MB WAY: o cliente não aceitou');
    expect(lookupRowsFromCsv(csv)).toEqual(rows);
    expect(lookupRowsToCsv([{ ...emptyRow('s2D'), message: '=HYPERLINK("x")' }], 'en')).toContain(
      `"'=HYPERLINK(""x"")"`,
    );
  });

  it('marks a non-final status stale after the threshold, never a final one', () => {
    const now = Date.parse('2026-11-24T10:30:00Z');
    expect(isStale('Pending', '2026-11-24T10:00:00Z', 15, now)).toBe(true);
    expect(isStale('Pending', '2026-11-24T10:20:00Z', 15, now)).toBe(false);
    expect(isStale('Success', '2026-11-24T08:00:00Z', 15, now)).toBe(false);
  });
});
