/**
 * Export (JSON lossless and versioned, CSV summary rows, HAR of exchanges) and JSON import with per-record
 * validation, duplicate merging and a list of rejected records. Everything exported passes redact-export.
 */
import { z } from 'zod';
import type { Exchange } from '@shared/exchange';
import { joinExchange } from './exchange-query';
import type { HistoryDb } from './history-db';
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
import { redactBody, redactHeaders } from './redact-export';
import { maskCustomerDataInText } from '@shared/support/customer-data';

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
  const masked = new Set(transactions.filter(masksCustomer).map((row) => row.key));
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    transactions,
    exchanges: rows.map((row) => ({
      row: redactRow(row),
      bodies: redactBodies(bodyById.get(row.id) ?? null, row.transactionKey !== null && masked.has(row.transactionKey)),
    })),
  };
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

function csvCell(value: string): string {
  // A leading = + - @ would be run as a formula by spreadsheet apps (CSV injection).
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(rows: readonly TransactionRecord[]): string {
  const lines = rows.map((row) => {
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
    return CSV_COLUMNS.map((column) => csvCell(cells[column])).join(',');
  });
  return [CSV_COLUMNS.join(','), ...lines].join('\r\n') + '\r\n';
}

const harHeaders = (headers: Record<string, string>) =>
  Object.entries(headers).map(([name, value]) => ({ name, value }));

/** HAR 1.2 of the exported exchanges (opens in browser devtools and HAR viewers). */
export function toHar(data: HistoryExport, appVersion = '0'): object {
  const exchanges: Exchange[] = data.exchanges.map(({ row, bodies }) =>
    joinExchange(row, bodies?.request?.text ?? null, bodies?.response?.text ?? ''),
  );
  return {
    log: {
      version: '1.2',
      creator: { name: 'Gateway Console', version: appVersion },
      entries: exchanges.map((exchange) => ({
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
      })),
    },
  };
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

export class ImportFileError extends Error {}

const idOf = (value: unknown, field: string): string | null => {
  const id = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[field] : undefined;
  return typeof id === 'string' ? id : null;
};

/** Imports a JSON export; valid records are merged in, invalid ones are listed (never half-written). */
export async function importHistory(db: HistoryDb, text: string): Promise<ImportSummary> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ImportFileError(`The file is not JSON: ${(error as Error).message}`);
  }
  const file = fileSchema.safeParse(json);
  if (!file.success) throw new ImportFileError(`The file cannot be imported: ${describeIssues(file.error).join('; ')}`);

  const rejected: RejectedRecord[] = [];
  const incoming = new Map<string, TransactionRecord>();
  file.data.transactions.forEach((value, index) => {
    const parsed = importedTransactionSchema.safeParse(value);
    if (!parsed.success)
      rejected.push({ kind: 'transaction', index, id: idOf(value, 'key'), problems: describeIssues(parsed.error) });
    else {
      const seen = incoming.get(parsed.data.key);
      incoming.set(parsed.data.key, seen ? mergeRows(seen, parsed.data) : parsed.data);
    }
  });
  const exchanges: z.infer<typeof importedExchangeSchema>[] = [];
  file.data.exchanges.forEach((value, index) => {
    const parsed = importedExchangeSchema.safeParse(value);
    if (!parsed.success)
      rejected.push({
        kind: 'exchange',
        index,
        id: idOf((value as { row?: unknown } | null)?.row, 'id'),
        problems: describeIssues(parsed.error),
      });
    else exchanges.push(parsed.data);
  });

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
    return { added: rows.length - byKey.size, merged: byKey.size, exchangesAdded: fresh.length, rejected };
  });
}
