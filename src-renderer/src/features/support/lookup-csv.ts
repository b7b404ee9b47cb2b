/**
 * The bulk lookup table as CSV (what the agent exports) and back (what the tests read to prove the file
 * holds exactly the table). Code meanings are in the agent's language at export time.
 */
import { csvDocument, parseCsv } from '@shared/csv';
import type { ExplanationLocale } from '@shared/support/explanations';
import { emptyRow, type LookupOutcome, type LookupRow } from '../../services/bulk-lookup';
import type { UnresolvedReason } from '../../services/bulk-resolve';
import { lookupCodeAndMeaning } from './lookup-code';

export const LOOKUP_CSV_COLUMNS = [
  'lookedUp',
  'transactionID',
  'outcome',
  'candidates',
  'paymentStatus',
  'final',
  'amount',
  'currency',
  'method',
  'httpStatus',
  'returnCode',
  'returnMessage',
  'codeMeaning',
  'lastNotificationAt',
  'lastNotificationStatus',
  'asOf',
  'message',
  'notSentBecause',
] as const;

const str = (value: string | number | boolean | null) => (value === null ? '' : String(value));

export function lookupRowsToCsv(rows: readonly LookupRow[], locale: ExplanationLocale): string {
  const lines = rows.map((row) => {
    const meaning = lookupCodeAndMeaning(row, locale)?.meaning ?? '';
    const cells: Record<(typeof LOOKUP_CSV_COLUMNS)[number], string> = {
      lookedUp: row.query,
      transactionID: str(row.transactionId),
      outcome: row.outcome,
      candidates: row.candidates.join(' '),
      paymentStatus: str(row.status),
      final: row.final === null ? '' : row.final ? 'yes' : 'no',
      amount: str(row.amount),
      currency: str(row.currency),
      method: str(row.method),
      httpStatus: str(row.httpStatus),
      returnCode: str(row.returnCode),
      returnMessage: str(row.returnMessage),
      codeMeaning: meaning,
      lastNotificationAt: str(row.lastNotificationAt),
      lastNotificationStatus: str(row.lastNotificationStatus),
      asOf: str(row.asOf),
      message: str(row.message),
      notSentBecause: str(row.unresolved),
    };
    return LOOKUP_CSV_COLUMNS.map((column) => cells[column]);
  });
  return csvDocument(LOOKUP_CSV_COLUMNS, lines);
}

const orNull = (value: string | undefined) => (value === undefined || value === '' ? null : value);

/** The rows of an exported file (the code meaning column is derived, so it is not read back). */
export function lookupRowsFromCsv(text: string): LookupRow[] {
  const [header, ...records] = parseCsv(text);
  const index = (column: (typeof LOOKUP_CSV_COLUMNS)[number]) => header!.indexOf(column);
  return records.map((cells) => {
    const get = (column: (typeof LOOKUP_CSV_COLUMNS)[number]) => orNull(cells[index(column)]);
    const amount = get('amount');
    const final = get('final');
    const httpStatus = get('httpStatus');
    return {
      ...emptyRow(get('lookedUp') ?? '', get('outcome') as LookupOutcome, get('transactionID')),
      candidates: get('candidates')?.split(' ') ?? [],
      httpStatus: httpStatus === null ? null : Number(httpStatus),
      status: get('paymentStatus'),
      final: final === null ? null : final === 'yes',
      amount: amount === null ? null : Number(amount),
      currency: get('currency'),
      method: get('method'),
      returnCode: get('returnCode'),
      returnMessage: get('returnMessage'),
      lastNotificationAt: get('lastNotificationAt'),
      lastNotificationStatus: get('lastNotificationStatus'),
      asOf: get('asOf'),
      message: get('message'),
      unresolved: get('notSentBecause') as UnresolvedReason | null,
    };
  });
}
