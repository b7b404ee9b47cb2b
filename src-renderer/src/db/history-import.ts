/**
 * Import of a history JSON export with per-record validation, duplicate merging and a list of rejected
 * records. Large files stream: `importHistoryFile` reads the file as a stream, parses one record at a time
 * and writes in batches, so memory stays flat whatever the size.
 */
import { Dexie, type Table } from 'dexie';
import { z } from 'zod';
import type { HistoryDb } from './history-db';
import { EXPORT_FORMAT, EXPORT_VERSION } from './history-formats';
import { JsonStreamError, JsonStreamReader } from './json-stream-reader';
import { mergeRows } from './merge-rows';
import { describeIssues, validateRows } from './quarantine';
import {
  exchangeBodyRecordSchema,
  exchangeRecordSchema,
  transactionRecordSchema,
  transactionSourceSchema,
  type TransactionRecord,
} from './records';

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
    const incoming = [...this.transactions.values()];
    const exchanges = this.exchanges;
    this.transactions = new Map();
    this.exchanges = [];
    return db.transaction('rw', [db.transactions, db.exchanges, db.exchangeBodies, db.quarantine], async () => {
      // Most imported records are new: adding them straight away spares a lookup per record, and only the
      // ones whose key is already stored (their add is refused) are read back, checked and merged.
      const repeated = (await addNew(db.transactions, incoming)).map((position) => incoming[position]!);
      const storedRows = await db.transactions.bulkGet(repeated.map((row) => row.key));
      const valid = await validateRows(
        db,
        'transactions',
        transactionRecordSchema,
        storedRows.filter((row) => row !== undefined),
      );
      const current = new Map(valid.map((row) => [row.key, row]));
      // A stored row that failed its check was quarantined (moved away): the imported record takes its place.
      await db.transactions.bulkPut(
        repeated.map((row) => {
          const stored = current.get(row.key);
          return stored ? mergeRows(stored, row) : row;
        }),
      );
      // An exchange never changes once recorded: one already stored (or earlier in this batch) is kept as it is.
      const exchangeRows = exchanges.map((exchange) => exchange.row);
      const refused = new Set(await addNew(db.exchanges, exchangeRows));
      const fresh = exchanges.filter((_, position) => !refused.has(position));
      await db.exchangeBodies.bulkPut(fresh.flatMap((exchange) => (exchange.bodies ? [exchange.bodies] : [])));
      return { added: incoming.length - current.size, merged: current.size, exchangesAdded: fresh.length };
    });
  }
}

/**
 * Adds the rows whose key the table does not hold yet; returns the positions (in `rows`) of those it
 * refused because their key is already there, which stay as they were. Must run inside a read-write
 * transaction: the refusals are caught, so the transaction goes on; any other failure aborts it.
 */
async function addNew<Row>(table: Table<Row, string>, rows: readonly Row[]): Promise<number[]> {
  try {
    await table.bulkAdd(rows as Row[]);
    return [];
  } catch (error) {
    if (!(error instanceof Dexie.BulkError)) throw error;
    const refused = Object.entries(error.failuresByPos);
    if (refused.some(([, failure]) => failure.name !== 'ConstraintError')) throw error;
    return refused.map(([position]) => Number(position));
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
