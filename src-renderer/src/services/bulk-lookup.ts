/**
 * Bulk lookup for the support desk: each pasted id is first resolved through History, as the single
 * lookup box does (a merchant order id or Multibanco reference becomes its transactionID; an ambiguous
 * one is listed, not guessed), then asked from the gateway with the profile the transaction belongs to,
 * through the history's bulk refresh pool (bounded concurrency, Retry-After pauses for the whole pool,
 * cancel). Each answer becomes one row of the table an agent reads and exports.
 */
import type { ConsoleApi } from '@shared/contract';
import type { Exchange } from '@shared/exchange';
import { isFinalPaymentStatus } from '@shared/gateway/codes';
import type { HistoryDb } from '../db/history-db';
import { recordExchange, type ProfileLookup } from '../db/history-writer';
import {
  runBulkRefresh,
  type RefreshOutcome,
  type RefreshProgress,
  type RefreshSummary,
  type RefreshItem,
} from './bulk-refresh';
import { retryAfterMs } from './status-query';
import { latestClockOffset, type KnownOffset } from './clock-offset';
import { resolveLookupIds, type ResolvedLookup, type UnresolvedReason } from './bulk-resolve';
import { lastNotificationOf } from './last-notification';
import type { ConsoleError } from '@shared/result';
import { exchangeSummaryText } from '../i18n/exchange-text';

/**
 * found: the gateway answered with a status; not-found: it does not know the id (404); not-sent:
 * cancelled first; ambiguous: History knows several transactions by this id (listed, not asked);
 * not-in-history: not a transactionID and History does not know it, so the gateway cannot be asked.
 */
export type LookupOutcome = 'found' | 'not-found' | 'failed' | 'not-sent' | 'ambiguous' | 'not-in-history';

export interface LookupRow {
  /** What the agent pasted: a transactionID, a merchant order id or a Multibanco reference. */
  query: string;
  /** The transactionID asked about; null when the pasted id could not be resolved to one. */
  transactionId: string | null;
  outcome: LookupOutcome;
  /** The transactionIDs History holds for an ambiguous id. */
  candidates: string[];
  status: string | null;
  final: boolean | null;
  amount: number | null;
  currency: string | null;
  method: string | null;
  /** HTTP status of the gateway's answer. */
  httpStatus: number | null;
  /** returnStatus.statusCode of the answer, the plain "processed" 000 included. */
  returnCode: string | null;
  returnMessage: string | null;
  /** ISO time of the last notification History holds for this transaction, with the status it carried. */
  lastNotificationAt: string | null;
  lastNotificationStatus: string | null;
  /**
   * ISO time the answer arrived, on the gateway's clock (a Sandbox moved +1 h says an hour later): the
   * status is true "as of" this moment.
   */
  asOf: string | null;
  /** The answer's gateway clock offset and where it applies (composables/world-time.ts); null when unknown. */
  clock: (KnownOffset & { apiRoot: string }) | null;
  /** Why there is no status (failures and unknown ids). */
  message: string | null;
  /** Why a pasted id was not sent (not-in-history); lookup-code.ts words it per locale. */
  unresolved: UnresolvedReason | null;
}

export const emptyRow = (
  query: string,
  outcome: LookupOutcome = 'not-sent',
  transactionId: string | null = query,
): LookupRow => ({
  query,
  transactionId,
  outcome,
  candidates: [],
  status: null,
  final: null,
  amount: null,
  currency: null,
  method: null,
  httpStatus: null,
  returnCode: null,
  returnMessage: null,
  lastNotificationAt: null,
  lastNotificationStatus: null,
  asOf: null,
  clock: null,
  message: null,
  unresolved: null,
});

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** Amounts may be numbers or decimal strings (docs/gateway-behaviour.md). */
const amountOf = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
};

/** One row from a status answer (the response body as main parsed and redacted it). */
export function rowFromStatus(
  transactionId: string,
  response: unknown,
  asOf: Date,
  query: string = transactionId,
): LookupRow {
  const body = record(response);
  const status = text(body.paymentStatus);
  const returnStatus = record(body.returnStatus);
  const code = text(returnStatus.statusCode);
  const method = Array.isArray(body.paymentMethod)
    ? body.paymentMethod.filter((m) => typeof m === 'string').join(' ')
    : text(body.paymentMethod);
  return {
    ...emptyRow(query, 'found', transactionId),
    status,
    final: status ? isFinalPaymentStatus(status) : null,
    amount: amountOf(record(body.amount).value),
    currency: text(record(body.amount).currency),
    method: method || null,
    // 000 too: "processed" next to a Pending status is itself something the agent must read right.
    returnCode: code,
    returnMessage: text(returnStatus.statusMsg),
    asOf: asOf.toISOString(),
  };
}

type StatusApi = Pick<ConsoleApi, 'payments.status'>;

export interface BulkLookupOptions {
  api: StatusApi;
  db: HistoryDb;
  profiles: ProfileLookup;
  /** The profile chosen in the console: used for ids History does not know. */
  profileId: string;
  concurrency: number;
  signal?: AbortSignal;
  onRow: (row: LookupRow) => void;
  onProgress: (progress: RefreshProgress) => void;
  now?: () => Date;
  /** Main's refusal in the user's language (the screen passes its translator; this module stays i18n-free). */
  describeError?: (error: ConsoleError) => string;
}

/**
 * Queries every pasted id; every id gets a row. Ids that resolve to the same transaction are asked once
 * and answered on each of their rows; those never sent (cancel) are `not-sent`.
 */
export async function runBulkLookup(queries: readonly string[], options: BulkLookupOptions): Promise<RefreshSummary> {
  const now = options.now ?? (() => new Date());
  const describeError = options.describeError ?? ((error: ConsoleError) => error.message);
  const resolved = await resolveLookupIds(options.db, options.profiles, options.profileId, queries);
  const asked = new Map<string, { transactionId: string; profileId: string; queries: string[] }>();
  for (const entry of resolved) {
    if (entry.kind !== 'ask') {
      options.onRow(unresolvedRow(entry));
      continue;
    }
    const key = `${entry.profileId}\u0000${entry.transactionId}`;
    const item = asked.get(key) ?? { transactionId: entry.transactionId, profileId: entry.profileId, queries: [] };
    item.queries.push(entry.query);
    asked.set(key, item);
  }
  const answered = new Set<string>();
  const emit = (key: string, row: (query: string) => LookupRow) => {
    answered.add(key);
    for (const query of asked.get(key)!.queries) options.onRow(row(query));
  };
  const refresh = async ({ key, transactionId, profileId }: RefreshItem): Promise<RefreshOutcome> => {
    const result = await options.api['payments.status']({ profileId, transactionId });
    if (!result.ok) {
      const at = now().toISOString();
      emit(key, (query) => ({
        ...emptyRow(query, 'failed', transactionId),
        message: describeError(result.error),
        asOf: at,
      }));
      return { kind: 'failed', message: describeError(result.error) };
    }
    const { exchange, response } = result.value;
    if (exchange.response?.status === 429) return { kind: 'rate-limited', retryAfterMs: retryAfterMs(exchange) };
    const rowOf = await rowsFor(transactionId, exchange, response, options, now());
    emit(key, rowOf);
    return exchange.classification === 'ok'
      ? { kind: 'unchanged' }
      : { kind: 'failed', message: exchangeSummaryText(exchange) };
  };
  const summary = await runBulkRefresh(
    [...asked].map(([key, item]) => ({ key, transactionId: item.transactionId, profileId: item.profileId })),
    {
      concurrency: options.concurrency,
      refresh,
      onProgress: options.onProgress,
      ...(options.signal ? { signal: options.signal } : {}),
    },
  );
  for (const [key, item] of asked)
    if (!answered.has(key))
      for (const query of item.queries) options.onRow(emptyRow(query, 'not-sent', item.transactionId));
  return summary;
}

function unresolvedRow(entry: Exclude<ResolvedLookup, { kind: 'ask' }>): LookupRow {
  if (entry.kind === 'ambiguous') return { ...emptyRow(entry.query, 'ambiguous', null), candidates: entry.candidates };
  return { ...emptyRow(entry.query, 'not-in-history', null), unresolved: entry.reason };
}

/** The row for each pasted id that asked about this transaction, from one gateway answer. */
async function rowsFor(
  transactionId: string,
  exchange: Exchange,
  response: unknown,
  options: BulkLookupOptions,
  arrivedAt: Date,
): Promise<(query: string) => LookupRow> {
  const httpStatus = exchange.response?.status ?? null;
  const clock = latestClockOffset([exchange]);
  const asOf = new Date(arrivedAt.getTime() + (clock?.offsetMs ?? 0));
  const returnStatus = record(record(response).returnStatus);
  const answer = {
    httpStatus,
    returnCode: text(returnStatus.statusCode),
    returnMessage: text(returnStatus.statusMsg),
    message: exchangeSummaryText(exchange),
    asOf: asOf.toISOString(),
    clock,
  };
  if (httpStatus === 404) return (query) => ({ ...emptyRow(query, 'not-found', transactionId), ...answer });
  if (exchange.classification !== 'ok' || !text(record(response).paymentStatus))
    return (query) => ({ ...emptyRow(query, 'failed', transactionId), ...answer });
  // Keep History current too: the same answer a single lookup would record.
  const { after } = await recordExchange(options.db, exchange, options.profiles);
  const last = await lastNotificationOf(options.db, transactionId);
  // The status every other screen shows: this answer weighed with what History already holds (a final
  // notification the answer predates stays), by the shared derivation the History row went through.
  const status = after?.paymentStatus ?? null;
  return (query) => ({
    ...rowFromStatus(transactionId, response, asOf, query),
    ...(status ? { status, final: isFinalPaymentStatus(status) } : {}),
    clock,
    httpStatus,
    lastNotificationAt: last ? new Date(last.receivedAt).toISOString() : null,
    lastNotificationStatus: last?.paymentStatus ?? null,
  });
}
