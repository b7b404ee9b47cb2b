/**
 * Export (JSON lossless and versioned, CSV summary rows, HAR of exchanges) and JSON import with per-record
 * validation, duplicate merging and a list of rejected records. Everything exported passes redact-export.
 *
 * Both stream, so a history of a million transactions never sits in the renderer's memory at once:
 * `exportHistory` reads the filter in keyset chunks and turns each into a Blob (Chromium keeps blob
 * data outside the page's heap, spilling to disk), and the file is a Blob of those parts;
 * `importHistoryFile` reads the file as a stream, parses one record at a time and writes in batches.
 */
import { z } from 'zod';
import { csvRecord } from '@shared/csv';
import type { Exchange } from '@shared/exchange';
import { joinExchange } from './exchange-query';
import type { HistoryDb } from './history-db';
import { JsonStreamError, JsonStreamReader } from './json-stream-reader';
import { mergeRows } from './merge-rows';
import { describeIssues, validateRows } from './quarantine';
import {
  exchangeBodyRecordSchema,
  exchangeRecordSchema,
  transactionRecordSchema,
  transactionSourceSchema,
  type ExchangeBodyRecord,
  type ExchangeRecord,
  type TransactionRecord,
} from './records';
import { redactBody, redactHeaders } from '@shared/redact-export';
import { queryPage, type HistoryFilter, type PageCursor } from './transaction-query';
import { maskCustomerDataInText } from '@shared/support/customer-data';
import { withCustomerMasked } from './customer-search';

export const EXPORT_FORMAT = 'gateway-console-history';
/** Bump when the file layout changes; import keeps reading every older version. */
export const EXPORT_VERSION = 1;

export interface HistoryExport {
  format: typeof EXPORT_FORMAT;
  version: number;
  exportedAt: string;
  transactions: TransactionRecord[];
  exchanges: { row: ExchangeRecord; bodies: ExchangeBodyRecord | null }[];
}

/**
 * Loads the rows for `keys` plus their exchanges and bodies, redacted. Bodies of transactions for which
 * `masksCustomer` is true (production or lookup-only profiles) also have their customer data masked.
 */
export async function collectExport(
  db: HistoryDb,
  keys: readonly string[],
  masksCustomer: (row: TransactionRecord) => boolean = () => false,
): Promise<HistoryExport> {
  const rawRows = (await db.transactions.bulkGet([...keys])).filter((row) => row !== undefined);
  const transactions = await validateRows(db, 'transactions', transactionRecordSchema, rawRows);
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    transactions: transactions.map((row) => (masksCustomer(row) ? withCustomerMasked(row) : row)),
    exchanges: await exchangesFor(db, keys, new Set(transactions.filter(masksCustomer).map((row) => row.key))),
  };
}

/** The exchanges of the transactions `keys`, with their bodies, redacted for export. */
async function exchangesFor(
  db: HistoryDb,
  keys: readonly string[],
  /** Transactions whose bodies also have their customer data masked (production or lookup-only profiles). */
  masked: ReadonlySet<string> = new Set(),
): Promise<HistoryExport['exchanges']> {
  const exchangeRows = await db.exchanges
    .where('transactionKey')
    .anyOf([...keys])
    .toArray();
  const rows = await validateRows(db, 'exchanges', exchangeRecordSchema, exchangeRows);
  const rawBodies = await db.exchangeBodies.bulkGet(rows.map((row) => row.id));
  const bodies = await validateRows(
    db,
    'exchangeBodies',
    exchangeBodyRecordSchema,
    rawBodies.filter((body) => body !== undefined),
  );
  const bodyById = new Map(bodies.map((body) => [body.exchangeId, body]));
  return rows.map((row) => ({
    row: redactRow(row),
    bodies: redactBodies(bodyById.get(row.id) ?? null, row.transactionKey !== null && masked.has(row.transactionKey)),
  }));
}

export type ExportKind = 'json' | 'csv' | 'har';

/** Transactions read per step of a streamed export. */
export const EXPORT_CHUNK_ROWS = 2_000;

const MIME: Record<ExportKind, string> = { json: 'application/json', csv: 'text/csv', har: 'application/json' };

/**
 * The transactions matching `filter` (newest first) as a file of `kind`, built chunk by chunk: each
 * chunk's text becomes a Blob of its own right away, so only one chunk is ever held as strings.
 */
export async function exportHistory(
  db: HistoryDb,
  filter: HistoryFilter,
  kind: ExportKind,
  options: {
    appVersion?: string;
    onProgress?: (transactions: number) => void;
    /** True for transactions whose customer data is masked (production or lookup-only profiles). */
    masksCustomer?: (row: TransactionRecord) => boolean;
    /** Cancels the export between chunks: the promise rejects with the signal's reason, no file is made. */
    signal?: AbortSignal;
  } = {},
): Promise<{ blob: Blob; transactions: number; exchanges: number }> {
  const transactionParts: Blob[] = [];
  const exchangeParts: Blob[] = [];
  let transactions = 0;
  let exchanges = 0;
  let after: PageCursor | null = null;
  do {
    options.signal?.throwIfAborted();
    const page = await queryPage(db, filter, { after, limit: EXPORT_CHUNK_ROWS });
    after = page.next;
    if (page.rows.length === 0) break;
    const chunkExchanges =
      kind === 'csv'
        ? []
        : await exchangesFor(
            db,
            page.rows.map((row) => row.key),
            new Set(page.rows.filter((row) => options.masksCustomer?.(row) ?? false).map((row) => row.key)),
          );
    // Elements after the first of a JSON array need a leading comma.
    const lead = (count: number) => (count > 0 ? ',' : '');
    if (kind === 'json') {
      const shown = page.rows.map((row) => (options.masksCustomer?.(row) ? withCustomerMasked(row) : row));
      transactionParts.push(new Blob([lead(transactions), shown.map((row) => JSON.stringify(row)).join(',')]));
      if (chunkExchanges.length)
        exchangeParts.push(new Blob([lead(exchanges), chunkExchanges.map((e) => JSON.stringify(e)).join(',')]));
    } else if (kind === 'csv') {
      transactionParts.push(new Blob([csvLines(page.rows)]));
    } else if (chunkExchanges.length) {
      exchangeParts.push(
        new Blob([
          lead(exchanges),
          harEntries(chunkExchanges)
            .map((entry) => JSON.stringify(entry))
            .join(','),
        ]),
      );
    }
    transactions += page.rows.length;
    exchanges += chunkExchanges.length;
    options.onProgress?.(transactions);
  } while (after);

  const exportedAt = JSON.stringify(new Date().toISOString());
  const parts: Array<string | Blob> =
    kind === 'json'
      ? [
          `{"format":${JSON.stringify(EXPORT_FORMAT)},"version":${EXPORT_VERSION},"exportedAt":${exportedAt},"transactions":[`,
          ...transactionParts,
          '],"exchanges":[',
          ...exchangeParts,
          ']}',
        ]
      : kind === 'csv'
        ? [csvRecord(CSV_COLUMNS), ...transactionParts]
        : [
            `{"log":${JSON.stringify(harLog(options.appVersion ?? '0')).slice(0, -1)},"entries":[`,
            ...exchangeParts,
            ']}}',
          ];
  return { blob: new Blob(parts, { type: MIME[kind] }), transactions, exchanges };
}

function redactRow(row: ExchangeRecord): ExchangeRecord {
  return {
    ...row,
    request: { headers: redactHeaders(row.request.headers) },
    response: row.response ? { ...row.response, headers: redactHeaders(row.response.headers) } : null,
  };
}

function redactBodies(bodies: ExchangeBodyRecord | null, maskCustomer: boolean): ExchangeBodyRecord | null {
  if (!bodies) return null;
  const redact = (text: string) => (maskCustomer ? maskCustomerDataInText(redactBody(text)) : redactBody(text));
  const clean = (body: ExchangeBodyRecord['request']) => (body ? { ...body, text: redact(body.text) } : null);
  return { ...bodies, request: clean(bodies.request), response: clean(bodies.response) };
}

const CSV_COLUMNS = [
  'transactionId',
  'merchantTransactionId',
  'profileName',
  'environment',
  'paymentStatus',
  'amount',
  'currency',
  'methods',
  'reference',
  'createdAt',
  'updatedAt',
  'source',
] as const;

/** CSV lines (each ending in CRLF) for `rows`, without the header. */
function csvLines(rows: readonly TransactionRecord[]): string {
  return rows
    .map((row) => {
      const cells: Record<(typeof CSV_COLUMNS)[number], string> = {
        transactionId: row.transactionId ?? '',
        merchantTransactionId: row.merchantTransactionId ?? '',
        profileName: row.profileName,
        environment: row.environment,
        paymentStatus: row.paymentStatus ?? row.statusKey,
        amount: row.amount === null ? '' : String(row.amount),
        currency: row.currency ?? '',
        methods: row.methods.join(' '),
        reference: row.reference ?? '',
        createdAt: new Date(row.createdAt).toISOString(),
        updatedAt: new Date(row.updatedAt).toISOString(),
        source: row.source,
      };
      return csvRecord(CSV_COLUMNS.map((column) => cells[column]));
    })
    .join('');
}

export function toCsv(rows: readonly TransactionRecord[]): string {
  return `${csvRecord(CSV_COLUMNS)}${csvLines(rows)}`;
}

const harHeaders = (headers: Record<string, string>) =>
  Object.entries(headers).map(([name, value]) => ({ name, value }));

const harLog = (appVersion: string) => ({
  version: '1.2',
  creator: { name: 'Gateway Console', version: appVersion },
});

/** HAR 1.2 entries for exported exchanges. */
function harEntries(exchangeRecords: HistoryExport['exchanges']): object[] {
  const exchanges: Exchange[] = exchangeRecords.map(({ row, bodies }) =>
    joinExchange(row, bodies?.request?.text ?? null, bodies?.response?.text ?? ''),
  );
  return exchanges.map((exchange) => ({
    startedDateTime: exchange.timings.startedAt,
    time: exchange.timings.durationMs,
    request: {
      method: exchange.method,
      url: exchange.url,
      httpVersion: 'HTTP/1.1',
      headers: harHeaders(exchange.request.headers),
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: exchange.request.body?.length ?? 0,
      ...(exchange.request.body === null
        ? {}
        : { postData: { mimeType: 'application/json', text: exchange.request.body } }),
    },
    response: {
      status: exchange.response?.status ?? 0,
      statusText: exchange.response ? '' : exchange.summary,
      httpVersion: 'HTTP/1.1',
      headers: harHeaders(exchange.response?.headers ?? {}),
      cookies: [],
      content: {
        size: exchange.response?.bodyText.length ?? 0,
        mimeType: exchange.response?.headers['content-type'] ?? 'application/json',
        text: exchange.response?.bodyText ?? '',
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: exchange.response?.bodyText.length ?? -1,
    },
    cache: {},
    timings: { send: 0, wait: exchange.timings.durationMs, receive: 0 },
    comment: `${exchange.operation} · ${exchange.classification} · ${exchange.summary}`,
  }));
}

/** HAR 1.2 of the exported exchanges (opens in browser devtools and HAR viewers). */
export function toHar(data: HistoryExport, appVersion = '0'): object {
  return { log: { ...harLog(appVersion), entries: harEntries(data.exchanges) } };
}

export interface RejectedRecord {
  kind: 'transaction' | 'exchange';
  /** Position in the file's list, from 0. */
  index: number;
  id: string | null;
  problems: string[];
}

export interface ImportSummary {
  added: number;
  merged: number;
  exchangesAdded: number;
  rejected: RejectedRecord[];
  /** Set when the import was cancelled: the counts are what was merged before it stopped. */
  cancelled?: true;
}

// A file may have been written by hand or by another tool: a missing `source` means "imported".
const importedTransactionSchema = transactionRecordSchema.extend({
  source: transactionSourceSchema.default('imported'),
});
const importedExchangeSchema = z.object({ row: exchangeRecordSchema, bodies: exchangeBodyRecordSchema.nullable() });

const fileSchema = z.object({
  format: z.literal(EXPORT_FORMAT, { error: `Not a Gateway Console history file (format must be "${EXPORT_FORMAT}")` }),
  version: z
    .number()
    .int()
    .min(1)
    .max(EXPORT_VERSION, {
      error: `This file is from a newer Gateway Console (history format above ${EXPORT_VERSION})`,
    }),
  transactions: z.array(z.unknown()),
  exchanges: z.array(z.unknown()).default([]),
});

/** One reason a file was refused: a known one by id, or a schema issue at a path (with its rule's message). */
export type ImportProblem =
  | { id: 'notHistoryFile'; params: { format: string } }
  | { id: 'newerFile'; params: { version: number } }
  | { id: 'issue'; path: string; message: string };

export type ImportErrorId = 'notJson' | 'cannotImport' | 'cannotImportHeader' | 'readPastKept' | 'readPastNothing';

/**
 * Why a file was not imported. `message` is English (this module stays free of vue-i18n: the node-side
 * benchmarks load it); a screen words it by `id`, `params`, `problems` and the `reader` error it wraps.
 */
export class ImportFileError extends Error {
  constructor(
    message: string,
    readonly id: ImportErrorId,
    readonly params: Record<string, string | number> = {},
    readonly problems: ImportProblem[] = [],
    readonly reader: JsonStreamError | null = null,
  ) {
    super(message);
  }
}

/** The file-level schema's issues as problems a screen can word by id. */
function fileProblems(error: z.ZodError): ImportProblem[] {
  return error.issues.map((issue) => {
    if (issue.path[0] === 'format') return { id: 'notHistoryFile', params: { format: EXPORT_FORMAT } };
    if (issue.path[0] === 'version' && issue.code === 'too_big')
      return { id: 'newerFile', params: { version: EXPORT_VERSION } };
    return { id: 'issue', path: issue.path.length ? issue.path.join('.') : '(record)', message: issue.message };
  });
}

const idOf = (value: unknown, field: string): string | null => {
  const id = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[field] : undefined;
  return typeof id === 'string' ? id : null;
};

/** Imports a JSON export; valid records are merged in, invalid ones are listed (never half-written). */
export async function importHistory(
  db: HistoryDb,
  text: string,
  options: { signal?: AbortSignal } = {},
): Promise<ImportSummary> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const reason = (error as Error).message;
    throw new ImportFileError(`The file is not JSON: ${reason}`, 'notJson', { error: reason });
  }
  const file = fileSchema.safeParse(json);
  if (!file.success)
    throw new ImportFileError(
      `The file cannot be imported: ${describeIssues(file.error).join('; ')}`,
      'cannotImport',
      {},
      fileProblems(file.error),
    );

  const batch = new ImportBatch();
  file.data.transactions.forEach((value, index) => batch.addTransaction(value, index));
  file.data.exchanges.forEach((value, index) => batch.addExchange(value, index));
  // Written in one database transaction: a cancel before it leaves the history exactly as it was.
  if (options.signal?.aborted) return { ...NOTHING_WRITTEN, rejected: batch.rejected, cancelled: true };
  const written = await batch.write(db);
  return { ...written, rejected: batch.rejected };
}

const NOTHING_WRITTEN = { added: 0, merged: 0, exchangesAdded: 0 } as const;

/** Valid records waiting to be written, and the rejected ones with why. */
class ImportBatch {
  readonly rejected: RejectedRecord[] = [];
  private transactions = new Map<string, TransactionRecord>();
  private exchanges: z.infer<typeof importedExchangeSchema>[] = [];

  get size(): number {
    return this.transactions.size + this.exchanges.length;
  }

  addTransaction(value: unknown, index: number): void {
    const parsed = importedTransactionSchema.safeParse(value);
    if (!parsed.success) {
      this.rejected.push({
        kind: 'transaction',
        index,
        id: idOf(value, 'key'),
        problems: describeIssues(parsed.error),
      });
      return;
    }
    const seen = this.transactions.get(parsed.data.key);
    this.transactions.set(parsed.data.key, seen ? mergeRows(seen, parsed.data) : parsed.data);
  }

  addExchange(value: unknown, index: number): void {
    const parsed = importedExchangeSchema.safeParse(value);
    if (!parsed.success)
      this.rejected.push({
        kind: 'exchange',
        index,
        id: idOf((value as { row?: unknown } | null)?.row, 'id'),
        problems: describeIssues(parsed.error),
      });
    else this.exchanges.push(parsed.data);
  }

  /** Merges the waiting records into the database in one transaction, then forgets them. */
  async write(db: HistoryDb): Promise<Omit<ImportSummary, 'rejected'>> {
    const incoming = this.transactions;
    const exchanges = this.exchanges;
    this.transactions = new Map();
    this.exchanges = [];
    return db.transaction('rw', [db.transactions, db.exchanges, db.exchangeBodies, db.quarantine], async () => {
      const keys = [...incoming.keys()];
      const existingRaw = await db.transactions.bulkGet(keys);
      const existing = await validateRows(
        db,
        'transactions',
        transactionRecordSchema,
        existingRaw.filter((row) => row !== undefined),
      );
      const byKey = new Map(existing.map((row) => [row.key, row]));
      const rows = [...incoming.values()].map((row) => {
        const current = byKey.get(row.key);
        return current ? mergeRows(current, row) : row;
      });
      await db.transactions.bulkPut(rows);
      const known = new Set(
        (await db.exchanges.bulkGet(exchanges.map((e) => e.row.id))).flatMap((row) => (row ? [row.id] : [])),
      );
      const fresh = exchanges.filter((exchange) => !known.has(exchange.row.id));
      await db.exchanges.bulkPut(fresh.map((exchange) => exchange.row));
      await db.exchangeBodies.bulkPut(fresh.flatMap((exchange) => (exchange.bodies ? [exchange.bodies] : [])));
      return { added: rows.length - byKey.size, merged: byKey.size, exchangesAdded: fresh.length };
    });
  }
}

/** Records merged per database transaction in a streamed import. */
export const IMPORT_BATCH_RECORDS = 2_000;
/** Files up to this size are read whole and imported all-or-nothing, in any field order. */
export const WHOLE_FILE_IMPORT_BYTES = 16 * 1024 * 1024;

const headerSchema = fileSchema.pick({ format: true, version: true });

/**
 * Imports a history file. Small files go through `importHistory` (all or nothing). Larger ones are
 * streamed: read in pieces, parsed one record at a time, merged in batches, so memory stays flat
 * whatever the size. Their `format` and `version` must come before the records (as every export
 * writes them), so a foreign file is refused before anything is written; a file that breaks off
 * midway keeps the batches merged before that point, and the error says so (importing the complete
 * file again is safe: duplicates merge). A cancel (`signal`) stops between batches: the batches merged
 * so far stay, the summary counts them and says `cancelled`.
 */
export async function importHistoryFile(
  db: HistoryDb,
  file: Blob,
  options: {
    wholeFileBytes?: number;
    /** After each merged batch: records read so far, and bytes of the file read so far (of `file.size`). */
    onProgress?: (records: number, bytesRead: number) => void;
    signal?: AbortSignal;
  } = {},
): Promise<ImportSummary> {
  if (file.size <= (options.wholeFileBytes ?? WHOLE_FILE_IMPORT_BYTES))
    return importHistory(db, await file.text(), { signal: options.signal });

  const batch = new ImportBatch();
  const totals = { added: 0, merged: 0, exchangesAdded: 0 };
  const header: Record<string, unknown> = {};
  let headerChecked = false;
  const indexes = { transactions: 0, exchanges: 0 };
  const checkHeader = () => {
    if (headerChecked) return;
    const parsed = headerSchema.safeParse(header);
    if (!parsed.success)
      throw new ImportFileError(
        `The file cannot be imported: ${describeIssues(parsed.error).join('; ')} (in a large file, "format" and "version" must come before the records)`,
        'cannotImportHeader',
        {},
        fileProblems(parsed.error),
      );
    headerChecked = true;
  };
  const reader = new JsonStreamReader(new Set(['transactions', 'exchanges']), {
    field: (name, value) => {
      header[name] = value;
    },
    element: (array, text) => {
      checkHeader();
      const kind = array === 'transactions' ? 'transaction' : 'exchange';
      const index = indexes[array as keyof typeof indexes]++;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        batch.rejected.push({ kind, index, id: null, problems: [`not valid JSON: ${(error as Error).message}`] });
        return;
      }
      if (kind === 'transaction') batch.addTransaction(value, index);
      else batch.addExchange(value, index);
    },
  });
  const flush = async () => {
    const written = await batch.write(db);
    totals.added += written.added;
    totals.merged += written.merged;
    totals.exchangesAdded += written.exchangesAdded;
    options.onProgress?.(indexes.transactions + indexes.exchanges, bytesRead);
  };
  let bytesRead = 0;
  const counted = new TransformStream<Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>>({
    transform(chunk, controller) {
      bytesRead += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  const pieces = file.stream().pipeThrough(counted).pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      if (options.signal?.aborted) {
        await pieces.cancel();
        return { ...totals, rejected: batch.rejected, cancelled: true };
      }
      const { done, value } = await pieces.read();
      if (done) break;
      reader.push(value);
      if (batch.size >= IMPORT_BATCH_RECORDS) await flush();
    }
    reader.end();
    checkHeader();
  } catch (error) {
    if (!(error instanceof JsonStreamError)) throw error;
    const kept = totals.added + totals.merged;
    const record = indexes.transactions + indexes.exchanges;
    throw new ImportFileError(
      `The file cannot be read past record ${record}: ${error.message}` +
        (kept
          ? ` The ${kept.toLocaleString('en-US')} transactions before that point were imported; importing the complete file again is safe (duplicates merge).`
          : ' Nothing was imported.'),
      kept ? 'readPastKept' : 'readPastNothing',
      { record, count: kept },
      [],
      error,
    );
  }
  await flush();
  return { ...totals, rejected: batch.rejected };
}
