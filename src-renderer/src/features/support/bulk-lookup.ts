/**
 * Bulk lookup for the support desk: each pasted transactionID is asked from the gateway through the
 * history's bulk refresh pool (bounded concurrency, Retry-After pauses for the whole pool, cancel), and
 * each answer becomes one row of the table an agent reads and exports.
 */
import type { ConsoleApi } from '@shared/contract';
import type { Exchange } from '@shared/exchange';
import { isFinalPaymentStatus } from '@shared/gateway/codes';
import type { HistoryDb } from '../../db/history-db';
import { recordExchange, type ProfileLookup } from '../../db/history-writer';
import {
  runBulkRefresh,
  type RefreshOutcome,
  type RefreshProgress,
  type RefreshSummary,
} from '../history/bulk-refresh';
import { retryAfterMs } from '../history/status-query';
import { lastNotificationOf } from './last-notification';
import type { ConsoleError } from '@shared/result';

/** found: the gateway answered with a status; not-found: it does not know the id (404); not-sent: cancelled first. */
export type LookupOutcome = 'found' | 'not-found' | 'failed' | 'not-sent';

export interface LookupRow {
  transactionId: string;
  outcome: LookupOutcome;
  status: string | null;
  final: boolean | null;
  amount: number | null;
  currency: string | null;
  method: string | null;
  /** returnStatus.statusCode when it is not the plain "processed" 000. */
  returnCode: string | null;
  returnMessage: string | null;
  /** ISO time of the last notification History holds for this transaction, with the status it carried. */
  lastNotificationAt: string | null;
  lastNotificationStatus: string | null;
  /** ISO time the answer arrived: the status is true "as of" this moment. */
  asOf: string | null;
  /** Why there is no status (failures and unknown ids). */
  message: string | null;
}

export const emptyRow = (transactionId: string, outcome: LookupOutcome = 'not-sent'): LookupRow => ({
  transactionId,
  outcome,
  status: null,
  final: null,
  amount: null,
  currency: null,
  method: null,
  returnCode: null,
  returnMessage: null,
  lastNotificationAt: null,
  lastNotificationStatus: null,
  asOf: null,
  message: null,
});

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** Amounts may be numbers or decimal strings (gateway-behaviour.md). */
const amountOf = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
};

/** One row from a status answer (the response body as main parsed and redacted it). */
export function rowFromStatus(transactionId: string, response: unknown, asOf: Date): LookupRow {
  const body = record(response);
  const status = text(body.paymentStatus);
  const returnStatus = record(body.returnStatus);
  const code = text(returnStatus.statusCode);
  const method = Array.isArray(body.paymentMethod)
    ? body.paymentMethod.filter((m) => typeof m === 'string').join(' ')
    : text(body.paymentMethod);
  return {
    ...emptyRow(transactionId, 'found'),
    status,
    final: status ? isFinalPaymentStatus(status) : null,
    amount: amountOf(record(body.amount).value),
    currency: text(record(body.amount).currency),
    method: method || null,
    returnCode: code && code !== '000' ? code : null,
    returnMessage: code && code !== '000' ? text(returnStatus.statusMsg) : null,
    asOf: asOf.toISOString(),
  };
}

type StatusApi = Pick<ConsoleApi, 'payments.status'>;

export interface BulkLookupOptions {
  api: StatusApi;
  db: HistoryDb;
  profiles: ProfileLookup;
  profileId: string;
  concurrency: number;
  signal?: AbortSignal;
  onRow: (row: LookupRow) => void;
  onProgress: (progress: RefreshProgress) => void;
  now?: () => Date;
  /** Main's refusal in the user's language (the screen passes its translator; this module stays i18n-free). */
  describeError?: (error: ConsoleError) => string;
}

/** Queries every id; every id gets a row, those never sent (cancel) as `not-sent`. */
export async function runBulkLookup(ids: readonly string[], options: BulkLookupOptions): Promise<RefreshSummary> {
  const now = options.now ?? (() => new Date());
  const describeError = options.describeError ?? ((error: ConsoleError) => error.message);
  const answered = new Set<string>();
  const refresh = async ({ transactionId }: { transactionId: string }): Promise<RefreshOutcome> => {
    const result = await options.api['payments.status']({ profileId: options.profileId, transactionId });
    if (!result.ok) {
      answered.add(transactionId);
      options.onRow({
        ...emptyRow(transactionId, 'failed'),
        message: describeError(result.error),
        asOf: now().toISOString(),
      });
      return { kind: 'failed', message: describeError(result.error) };
    }
    const { exchange, response } = result.value;
    if (exchange.response?.status === 429) return { kind: 'rate-limited', retryAfterMs: retryAfterMs(exchange) };
    answered.add(transactionId);
    options.onRow(await rowFor(transactionId, exchange, response, options, now()));
    return exchange.classification === 'ok' ? { kind: 'unchanged' } : { kind: 'failed', message: exchange.summary };
  };
  const summary = await runBulkRefresh(
    ids.map((transactionId) => ({ key: transactionId, transactionId, profileId: options.profileId })),
    {
      concurrency: options.concurrency,
      refresh,
      onProgress: options.onProgress,
      ...(options.signal ? { signal: options.signal } : {}),
    },
  );
  for (const id of ids) if (!answered.has(id)) options.onRow(emptyRow(id, 'not-sent'));
  return summary;
}

async function rowFor(
  transactionId: string,
  exchange: Exchange,
  response: unknown,
  options: BulkLookupOptions,
  asOf: Date,
): Promise<LookupRow> {
  if (exchange.response?.status === 404)
    return { ...emptyRow(transactionId, 'not-found'), message: exchange.summary, asOf: asOf.toISOString() };
  if (exchange.classification !== 'ok' || !text(record(response).paymentStatus)) {
    const code = text(record(record(response).returnStatus).statusCode);
    return {
      ...emptyRow(transactionId, 'failed'),
      returnCode: code && code !== '000' ? code : null,
      message: exchange.summary,
      asOf: asOf.toISOString(),
    };
  }
  // Keep History current too: the same answer a single lookup would record.
  await recordExchange(options.db, exchange, options.profiles);
  const last = await lastNotificationOf(options.db, transactionId);
  return {
    ...rowFromStatus(transactionId, response, asOf),
    lastNotificationAt: last ? new Date(last.receivedAt).toISOString() : null,
    lastNotificationStatus: last?.paymentStatus ?? null,
  };
}
