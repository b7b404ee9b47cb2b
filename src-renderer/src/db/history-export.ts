/**
 * Export of the history as JSON (lossless and versioned), CSV summary rows or a HAR of exchanges. Everything
 * exported passes redact-export. It streams: `exportHistory` reads the filter in keyset chunks and turns
 * each into a Blob (Chromium keeps blob data outside the page's heap, spilling to disk), and the file is a
 * Blob of those parts, so a history of a million transactions never sits in the renderer's memory at once.
 */
import type { HistoryDb } from './history-db';
import { csvRecord } from '@shared/csv';
import { redactBody, redactHeaders } from '@shared/redact-export';
import { maskCustomerDataInText } from '@shared/support/customer-data';
import { withCustomerMasked } from './customer-search';
import {
  CSV_COLUMNS,
  csvLines,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  harEntries,
  harLog,
  type HistoryExport,
} from './history-formats';
import { validateRows } from './quarantine';
import {
  exchangeBodyRecordSchema,
  exchangeRecordSchema,
  type ExchangeBodyRecord,
  type ExchangeRecord,
  type TransactionRecord,
} from './records';
import { queryPage, type HistoryFilter, type PageCursor } from './transaction-query';

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
