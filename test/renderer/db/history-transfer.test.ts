import { describe, expect, it } from 'vitest';
import { recordExchange } from '../../../src-renderer/src/db/history-writer';
import { exportHistory, type ExportKind } from '../../../src-renderer/src/db/history-export';
import { EXPORT_FORMAT, toCsv, type HistoryExport } from '../../../src-renderer/src/db/history-formats';
import { importHistory, importHistoryFile, ImportFileError } from '../../../src-renderer/src/db/history-import';
import { listQuarantine } from '../../../src-renderer/src/db/quarantine';
import { queryKeys } from '../../../src-renderer/src/db/transaction-query';
import { createExchange, freshDb, lookupProfile, makeExchange, makeRow, statusExchange, T0 } from './fixtures';

/** The whole history as the History screen's Export button writes it. */
async function exportedText(db: ReturnType<typeof freshDb>, kind: ExportKind = 'json'): Promise<string> {
  return new Response((await exportHistory(db, {}, kind)).blob).text();
}

describe('JSON export and import', () => {
  // 10,000 rows through fake-indexeddb take seconds on a busy 2-core machine: a generous limit, not a speed check.
  it('round-trips 10,000 transactions with their exchanges: equal after re-import', { timeout: 60_000 }, async () => {
    const source = freshDb();
    const rows = Array.from({ length: 10_000 }, (_, i) => makeRow(i));
    await source.transactions.bulkPut(rows);
    await recordExchange(source, createExchange(rows[0]!.transactionId, 'order-0', T0), lookupProfile);
    await recordExchange(source, statusExchange(rows[0]!.transactionId!, 'Pending', T0 + 1), lookupProfile);
    const text = await exportedText(source);

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
      maskedPhone: '351#••••••678',
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
      maskedPhone: '351#••••••678',
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
    const text = await exportedText(db);
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
    const har = JSON.parse(await exportedText(db, 'har')) as {
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

describe('streamed export and import (large histories)', () => {
  const textOf = (blob: Blob) => new Response(blob).text();
  /** A file that reads in 64 KB pieces, as a browser reads one from disk (the test DOM's Blob reads in one). */
  const inPieces = (text: string): Blob => {
    const bytes = new TextEncoder().encode(text);
    const file = new Blob([bytes]);
    file.stream = () =>
      new ReadableStream<Uint8Array<ArrayBuffer>>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += 65_536) controller.enqueue(bytes.slice(at, at + 65_536));
          controller.close();
        },
      });
    return file;
  };

  it('exports in chunks exactly what the whole-history export holds, and imports it back streamed', async () => {
    const source = freshDb();
    const rows = Array.from({ length: 4_500 }, (_, i) => makeRow(i));
    await source.transactions.bulkPut(rows);
    await recordExchange(source, createExchange(rows[10]!.transactionId, 'order-10', T0), lookupProfile);
    await recordExchange(source, statusExchange(rows[4_400]!.transactionId!, 'Pending', T0 + 1), lookupProfile);

    const progress: number[] = [];
    const streamed = await exportHistory(source, {}, 'json', { onProgress: (count) => progress.push(count) });
    expect(streamed).toMatchObject({ transactions: 4_500, exchanges: 2 });
    expect(progress).toEqual([2_000, 4_000, 4_500]);
    // Every chunk's rows and exchanges once each: the file holds exactly the stored history.
    const parsed = JSON.parse(await textOf(streamed.blob)) as HistoryExport;
    expect(parsed).toMatchObject({ format: EXPORT_FORMAT, version: 1 });
    const sortByKey = <T extends { key: string }>(list: T[]) => [...list].sort((a, b) => a.key.localeCompare(b.key));
    expect(sortByKey(parsed.transactions)).toEqual(sortByKey(await source.transactions.toArray()));
    expect(parsed.exchanges.map((exchange) => exchange.row.id).sort()).toEqual(
      (await source.exchanges.toArray()).map((row) => row.id).sort(),
    );

    const target = freshDb();
    // wholeFileBytes 0: take the streaming path even for this small file.
    const summary = await importHistoryFile(target, streamed.blob, { wholeFileBytes: 0 });
    expect(summary).toEqual({ added: 4_500, merged: 0, exchangesAdded: 2, rejected: [] });
    expect(await target.transactions.count()).toBe(4_500);
    expect(await target.exchanges.toArray()).toEqual(await source.exchanges.toArray());
  });

  it('writes CSV and HAR across chunks: every row once, the exchange once', async () => {
    const db = freshDb();
    await db.transactions.bulkPut(Array.from({ length: 2_100 }, (_, i) => makeRow(i)));
    await recordExchange(db, createExchange('s2har-1', 'order-har', T0), lookupProfile);
    const csv = await textOf((await exportHistory(db, {}, 'csv')).blob);
    const keys = await queryKeys(db, {});
    const rows = (await db.transactions.bulkGet(keys)).filter((row) => row !== undefined);
    expect(csv).toBe(toCsv(rows));
    const har = JSON.parse(await textOf((await exportHistory(db, {}, 'har')).blob)) as {
      log: { version: string; entries: Array<{ request: { postData?: { text: string } } }> };
    };
    expect(har.log.version).toBe('1.2');
    expect(har.log.entries).toHaveLength(1);
    expect(har.log.entries[0]!.request.postData?.text).toContain('order-har');
  });

  it('issue 28 (no cancel in the History transfer panel): a cancelled streamed import keeps what was stored and counts what it merged', async () => {
    const db = freshDb();
    await db.transactions.bulkPut([makeRow(90_000), makeRow(90_001)]);
    const source = freshDb();
    await source.transactions.bulkPut(Array.from({ length: 7_000 }, (_, i) => makeRow(i)));
    const file = inPieces(await textOf((await exportHistory(source, {}, 'json')).blob));

    const cancel = new AbortController();
    const progress: Array<[number, number]> = [];
    const summary = await importHistoryFile(db, file, {
      wholeFileBytes: 0,
      signal: cancel.signal,
      onProgress: (records, bytes) => {
        progress.push([records, bytes]);
        cancel.abort(); // the user presses Cancel as the first batch lands
      },
    });
    expect(summary.cancelled).toBe(true);
    expect(progress).toHaveLength(1);
    expect(progress[0]![0]).toBeGreaterThanOrEqual(2_000);
    expect(progress[0]![1]).toBeGreaterThan(0);
    expect(progress[0]![1]).toBeLessThanOrEqual(file.size);
    // What was there before is untouched; what the summary says was added is exactly what is now stored.
    expect(await db.transactions.get(makeRow(90_000).key)).toEqual(makeRow(90_000));
    expect(summary.added).toBeGreaterThan(0);
    expect(summary.added).toBeLessThan(7_000);
    expect(await db.transactions.count()).toBe(2 + summary.added);
  });

  it('a record repeated in a later batch merges with the earlier batch written while it was read', async () => {
    const first = makeRow(7, {
      paymentStatus: 'Pending',
      statusKey: 'Pending',
      updatedAt: T0 + 100,
      maskedPhone: '351#••••••678',
    });
    const later = { ...first, paymentStatus: 'Success', statusKey: 'Success', updatedAt: T0 + 500, maskedPhone: null };
    // Three batches of 2,000 and more: the row's two versions are in the first and the third.
    const rows = [first, ...Array.from({ length: 5_000 }, (_, i) => makeRow(1_000 + i)), later];
    const file = inPieces(
      JSON.stringify({ format: EXPORT_FORMAT, version: 1, exportedAt: new Date(T0).toISOString(), transactions: rows }),
    );
    const db = freshDb();
    const progress: number[] = [];
    const summary = await importHistoryFile(db, file, {
      wholeFileBytes: 0,
      onProgress: (records) => progress.push(records),
    });
    expect(progress.length).toBeGreaterThanOrEqual(3);
    expect(summary).toEqual({ added: 5_001, merged: 1, exchangesAdded: 0, rejected: [] });
    expect(await db.transactions.count()).toBe(5_001);
    // The newest status wins and the fact only the first version knew is kept: the later batch saw it.
    expect(await db.transactions.get(first.key)).toMatchObject({
      paymentStatus: 'Success',
      maskedPhone: '351#••••••678',
    });
  });

  it('a streamed import into a history that holds some of its records merges those and adds the rest', async () => {
    const known = (i: number) =>
      makeRow(i, { paymentStatus: 'Pending', statusKey: 'Pending', updatedAt: T0 + 100, maskedPhone: '351#••••••678' });
    const db = freshDb();
    // Two stored rows the file repeats, in its first and its last batch, one row it does not hold, and one
    // stored row that no longer passes its check.
    await db.transactions.bulkPut([known(5), known(4_800), makeRow(90_000)]);
    await db.transactions.put({ ...makeRow(2_500), amount: 'lots' } as never);
    const rows = Array.from({ length: 5_000 }, (_, i) =>
      i === 5 || i === 4_800
        ? { ...known(i), paymentStatus: 'Success', statusKey: 'Success', updatedAt: T0 + 500, maskedPhone: null }
        : makeRow(i),
    );
    const file = inPieces(
      JSON.stringify({ format: EXPORT_FORMAT, version: 1, exportedAt: new Date(T0).toISOString(), transactions: rows }),
    );
    const progress: number[] = [];
    const summary = await importHistoryFile(db, file, { wholeFileBytes: 0, onProgress: (n) => progress.push(n) });
    expect(progress.length).toBeGreaterThanOrEqual(3);
    // The unreadable stored row was moved to quarantine: the file's record takes its place, as a new one.
    expect(summary).toEqual({ added: 4_998, merged: 2, exchangesAdded: 0, rejected: [] });
    expect(await db.transactions.count()).toBe(5_001);
    for (const i of [5, 4_800])
      expect(await db.transactions.get(makeRow(i).key)).toMatchObject({
        paymentStatus: 'Success',
        maskedPhone: '351#••••••678',
      });
    expect(await db.transactions.get(makeRow(2_500).key)).toEqual(makeRow(2_500));
    expect((await listQuarantine(db)).map((entry) => entry.originalKey)).toEqual([makeRow(2_500).key]);
    expect(await db.transactions.get(makeRow(90_000).key)).toEqual(makeRow(90_000));
  });

  it('an exchange the history already holds is kept as it is, not added again', async () => {
    const source = freshDb();
    await recordExchange(source, createExchange('s2known', 'order-known', T0), lookupProfile);
    await recordExchange(source, createExchange('s2new', 'order-new', T0 + 1), lookupProfile);
    const exported = JSON.parse(await exportedText(source)) as HistoryExport;
    const [knownExchange, newExchange] = exported.exchanges;
    const db = freshDb();
    const kept = { ...knownExchange!.row, summary: 'as stored here' };
    await db.exchanges.put(kept);
    // The new exchange twice, as a hand-joined file may hold it: stored and counted once.
    const file = inPieces(JSON.stringify({ ...exported, exchanges: [knownExchange, newExchange, newExchange] }));
    const summary = await importHistoryFile(db, file, { wholeFileBytes: 0 });
    expect(summary).toMatchObject({ added: 2, merged: 0, exchangesAdded: 1, rejected: [] });
    expect(await db.exchanges.get(kept.id)).toEqual(kept);
    expect(await db.exchangeBodies.get(kept.id)).toBeUndefined();
    expect(await db.exchanges.get(newExchange!.row.id)).toEqual(newExchange!.row);
    expect(await db.exchangeBodies.get(newExchange!.row.id)).toEqual(newExchange!.bodies);
    expect(await db.exchanges.count()).toBe(2);
  });

  it('issue 28: a whole-file import cancelled before its single write changes nothing and says so', async () => {
    const db = freshDb();
    await db.transactions.put(makeRow(5));
    const source = freshDb();
    await source.transactions.bulkPut(Array.from({ length: 50 }, (_, i) => makeRow(100 + i)));
    const file = (await exportHistory(source, {}, 'json')).blob;
    const cancel = new AbortController();
    cancel.abort();
    const summary = await importHistoryFile(db, file, { signal: cancel.signal });
    expect(summary).toMatchObject({ added: 0, merged: 0, exchangesAdded: 0, cancelled: true });
    expect(await db.transactions.toArray()).toEqual([makeRow(5)]);
  });

  it('issue 28: a cancelled export stops between chunks and makes no file', async () => {
    const db = freshDb();
    await db.transactions.bulkPut(Array.from({ length: 4_500 }, (_, i) => makeRow(i)));
    const cancel = new AbortController();
    const progress: number[] = [];
    const outcome = exportHistory(db, {}, 'json', {
      signal: cancel.signal,
      onProgress: (count) => {
        progress.push(count);
        cancel.abort();
      },
    });
    await expect(outcome).rejects.toMatchObject({ name: 'AbortError' });
    expect(progress).toEqual([2_000]);
  });

  it('refuses a foreign large file before writing anything, and says what was kept when one breaks off', async () => {
    const db = freshDb();
    const foreign = new Blob([JSON.stringify({ transactions: [makeRow(1)], format: 'other', version: 1 })]);
    await expect(importHistoryFile(db, foreign, { wholeFileBytes: 0 })).rejects.toThrow(/must come before the records/);
    expect(await db.transactions.count()).toBe(0);

    const source = freshDb();
    await source.transactions.bulkPut(Array.from({ length: 3_000 }, (_, i) => makeRow(i)));
    const text = await textOf((await exportHistory(source, {}, 'json')).blob);
    const truncated = new Blob([text.slice(0, Math.floor(text.length * 0.9))]);
    const error = await importHistoryFile(db, truncated, { wholeFileBytes: 0 }).catch((caught: Error) => caught);
    expect(error).toBeInstanceOf(ImportFileError);
    // Batches of 2,000 records or more are merged as the file is read; what was merged stays, and is said.
    const kept =
      /The ([\d,]+) transactions before that point were imported; importing the complete file again is safe/.exec(
        (error as Error).message,
      );
    expect((error as Error).message).toMatch(/ends before its JSON object does/);
    expect(kept).not.toBeNull();
    const count = await db.transactions.count();
    expect(count).toBeGreaterThanOrEqual(2_000);
    expect(count).toBeLessThan(3_000);
    expect(Number(kept![1]!.replace(/,/g, ''))).toBe(count);
  });
});
