/**
 * The file formats of a history export: the versioned JSON layout, CSV summary rows and HAR 1.2 entries of
 * exchanges. Pure text building; reading the database is history-export.ts, reading a file history-import.ts.
 */
import { csvRecord } from '@shared/csv';
import type { Exchange } from '@shared/exchange';
import { joinExchange } from './exchange-query';
import type { ExchangeBodyRecord, ExchangeRecord, TransactionRecord } from './records';

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

export const CSV_COLUMNS = [
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
export function csvLines(rows: readonly TransactionRecord[]): string {
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

export const harLog = (appVersion: string) => ({
  version: '1.2',
  creator: { name: 'Gateway Console', version: appVersion },
});

/** HAR 1.2 entries for exported exchanges. */
export function harEntries(exchangeRecords: HistoryExport['exchanges']): object[] {
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
