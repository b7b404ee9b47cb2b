import { describe, expect, it } from 'vitest';
import { recordExchange } from '../../../src-renderer/src/db/history-writer';
import {
  collectExport,
  EXPORT_FORMAT,
  importHistory,
  ImportFileError,
  toCsv,
  toHar,
} from '../../../src-renderer/src/db/history-transfer';
import { queryKeys } from '../../../src-renderer/src/db/transaction-query';
import { createExchange, freshDb, lookupProfile, makeExchange, makeRow, statusExchange, T0 } from './fixtures';

describe('JSON export and import', () => {
  // 10,000 rows through fake-indexeddb take seconds on a busy 2-core machine: a generous limit, not a speed check.
  it('round-trips 10,000 transactions with their exchanges: equal after re-import', { timeout: 60_000 }, async () => {
    const source = freshDb();
    const rows = Array.from({ length: 10_000 }, (_, i) => makeRow(i));
    await source.transactions.bulkPut(rows);
    await recordExchange(source, createExchange(rows[0]!.transactionId, 'order-0', T0), lookupProfile);
    await recordExchange(source, statusExchange(rows[0]!.transactionId!, 'Pending', T0 + 1), lookupProfile);
    const exported = await collectExport(source, await queryKeys(source, {}));
    const text = JSON.stringify(exported);

    const target = freshDb();
    const summary = await importHistory(target, text);
    expect(summary).toEqual({ added: 10_000, merged: 0, exchangesAdded: 2, rejected: [] });
    const sortByKey = <T extends { key: string }>(list: T[]) => [...list].sort((a, b) => a.key.localeCompare(b.key));
    expect(sortByKey(await target.transactions.toArray())).toEqual(sortByKey(await source.transactions.toArray()));
    expect(await target.exchanges.toArray()).toEqual(await source.exchanges.toArray());
    expect(await target.exchangeBodies.toArray()).toEqual(await source.exchangeBodies.toArray());
  });

  it('merges duplicates (newest status wins, known facts kept) and lists rejected records', async () => {
    const db = freshDb();
    const stored = makeRow(1, {
      paymentStatus: 'Pending',
      statusKey: 'Pending',
      updatedAt: T0 + 100,
      maskedPhone: '351#9•••••678',
    });
    await db.transactions.put(stored);
    const newer = {
      ...stored,
      paymentStatus: 'Success',
      statusKey: 'Success',
      updatedAt: T0 + 500,
      maskedPhone: null,
      source: 'imported',
    };
    const file = {
      format: EXPORT_FORMAT,
      version: 1,
      exportedAt: new Date().toISOString(),
      transactions: [newer, { ...makeRow(2), amount: 'lots' }, { key: 'x' }, makeRow(3)],
      exchanges: [{ row: { id: 'bad' }, bodies: null }],
    };
    const summary = await importHistory(db, JSON.stringify(file));
    expect(summary.added).toBe(1);
    expect(summary.merged).toBe(1);
    expect(summary.rejected.map((r) => [r.kind, r.index, r.id])).toEqual([
      ['transaction', 1, makeRow(2).key],
      ['transaction', 2, 'x'],
      ['exchange', 0, 'bad'],
    ]);
    expect(summary.rejected[0]!.problems).toEqual([expect.stringMatching(/^amount: /)]);
    expect(await db.transactions.get(stored.key)).toMatchObject({
      paymentStatus: 'Success',
      maskedPhone: '351#9•••••678',
      source: 'created',
    });
    expect(await db.transactions.get(makeRow(2).key)).toBeUndefined();
  });

  it('refuses a file that is not a history export, or from a newer version, and changes nothing', async () => {
    const db = freshDb();
    await db.transactions.put(makeRow(1));
    await expect(importHistory(db, '{not json')).rejects.toThrow(/not JSON/);
    await expect(importHistory(db, JSON.stringify({ format: 'other', version: 1, transactions: [] }))).rejects.toThrow(
      /Not a Gateway Console history file/,
    );
    await expect(
      importHistory(db, JSON.stringify({ format: EXPORT_FORMAT, version: 99, transactions: [] })),
    ).rejects.toBeInstanceOf(ImportFileError);
    expect(await db.transactions.count()).toBe(1);
  });

  it('never exports an unmasked credential, even from an old record', async () => {
    const db = freshDb();
    const leaky = statusExchange('s2leak', 'Pending', T0);
    leaky.request.headers = {
      Authorization: 'Bearer live-token-123456789',
      'X-Platform-Client-Id': 'client-abcdefghij',
    };
    leaky.response!.bodyText = JSON.stringify({
      transactionID: 's2leak',
      transactionSignature: 'sig-secret-value-9876',
    });
    await recordExchange(db, leaky, lookupProfile);
    const text = JSON.stringify(await collectExport(db, ['s2leak']));
    expect(text).not.toMatch(/live-token|client-abcdef|sig-secret/);
    expect(text).toContain('Bearer ••••6789');
  });
});

describe('CSV and HAR export', () => {
  it('writes one summary row per transaction, quoting and defusing spreadsheet formulas', () => {
    const csv = toCsv([makeRow(3, { merchantTransactionId: '=HYPERLINK("x")', profileName: 'Shop, Lda' })]);
    const [header, line] = csv.trim().split('\r\n');
    expect(header).toBe(
      'transactionId,merchantTransactionId,profileName,environment,paymentStatus,amount,currency,methods,reference,createdAt,updatedAt,source',
    );
    expect(line).toBe(
      `s2tx0000000000000003,"'=HYPERLINK(""x"")","Shop, Lda",test,InProcessing,3.5,EUR,REFERENCE,100000003,${new Date(makeRow(3).createdAt).toISOString()},${new Date(makeRow(3).updatedAt).toISOString()},created`,
    );
  });

  it('writes exchanges as HAR 1.2 entries', async () => {
    const db = freshDb();
    await recordExchange(db, createExchange('s2har', 'm-har', T0), lookupProfile);
    await recordExchange(
      db,
      makeExchange({
        url: 'http://127.0.0.1:1/api/v2/payments/s2har/status',
        classification: 'timeout',
        response: null,
        summary: 'No answer within 30 s',
      }),
      lookupProfile,
    );
    const har = toHar(await collectExport(db, ['s2har'])) as {
      log: {
        version: string;
        entries: {
          request: { method: string; postData?: { text: string } };
          response: { status: number; statusText: string };
        }[];
      };
    };
    expect(har.log.version).toBe('1.2');
    expect(har.log.entries.map((e) => [e.request.method, e.response.status])).toEqual([
      ['POST', 200],
      ['GET', 0],
    ]);
    expect(har.log.entries[0]!.request.postData?.text).toContain('m-har');
    expect(har.log.entries[1]!.response.statusText).toBe('No answer within 30 s');
  });
});
