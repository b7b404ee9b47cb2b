/**
 * Writes Exchanges into history: the exchange row, its bodies (apart, truncated above BODY_LIMIT_CHARS)
 * and the upserted transaction. Idempotent per exchange id, because the same Exchange reaches us twice
 * (the `exchanges.recorded` push event and the result of the call that made it).
 */
import { masksCustomerData } from '@shared/support/customer-data';
import { customerSearchFields, type CustomerSearchFields } from './customer-search';
import type { Exchange } from '@shared/exchange';
import { preferredReport, type StatusReport } from '@shared/transaction-state';
import { transactionIdOf } from '@shared/history/exchange-facts';
import { factsFromExchange, type TransactionFacts } from './exchange-facts';
import type { HistoryDb } from './history-db';
import { strongerSource } from './merge-rows';
import { validateRows } from './quarantine';
import {
  BODY_LIMIT_CHARS,
  STATUS_NOT_SEEN,
  transactionRecordSchema,
  type ExchangeBodyRecord,
  type StoredDeclineReason,
  type ExchangeRecord,
  type StoredBody,
  type TransactionRecord,
  type TransactionSource,
} from './records';

export interface ProfileInfo {
  id: string;
  name: string;
  environment: string;
  variant: 'A' | 'B' | null;
  /** Lookup-only profiles guard customer data like production ones (what History keeps is masked). */
  lookupOnly?: boolean | undefined;
}

export type ProfileLookup = (id: string) => ProfileInfo | undefined;

export interface RecordOutcome {
  duplicate: boolean;
  before: TransactionRecord | undefined;
  after: TransactionRecord | undefined;
}

export function storeBody(text: string | null | undefined): StoredBody | null {
  if (text === null || text === undefined) return null;
  const truncated = text.length > BODY_LIMIT_CHARS;
  return { text: truncated ? text.slice(0, BODY_LIMIT_CHARS) : text, truncated, originalLength: text.length };
}

export function splitExchange(
  exchange: Exchange,
  transactionKey: string | null,
): { row: ExchangeRecord; body: ExchangeBodyRecord } {
  const { request, response, ...rest } = exchange;
  const body: ExchangeBodyRecord = {
    exchangeId: exchange.id,
    request: storeBody(request.body),
    response: storeBody(response?.bodyText),
  };
  const row: ExchangeRecord = {
    ...rest,
    transactionKey,
    startedAtMs: Date.parse(exchange.timings.startedAt) || 0,
    request: { headers: request.headers },
    response: response ? { status: response.status, headers: response.headers } : null,
    requestBodyLength: request.body?.length ?? 0,
    responseBodyLength: response?.bodyText.length ?? 0,
    bodiesTruncated: Boolean(body.request?.truncated || body.response?.truncated),
  };
  return { row, body };
}

const UNKNOWN_ENVIRONMENT = 'unknown';
const UNKNOWN_PROFILE = (id: string | null): ProfileInfo => ({
  id: id ?? 'unknown',
  name: id ?? 'Unknown profile',
  environment: UNKNOWN_ENVIRONMENT,
  variant: null,
});

/**
 * The decline reason a status report carries: a returnStatus other than `000` with a status other than
 * Success (a refusal explains itself in returnStatus; `000` only says the request was processed).
 */
export function declineReasonFrom(
  paymentStatus: string | null | undefined,
  returnStatus: { statusCode?: string | null; statusMsg?: string | null } | null | undefined,
): StoredDeclineReason | null {
  const statusCode = returnStatus?.statusCode?.trim();
  if (!paymentStatus || paymentStatus === 'Success' || !statusCode || statusCode === '000') return null;
  const statusMsg = returnStatus?.statusMsg?.trim();
  return { statusCode, ...(statusMsg ? { statusMsg } : {}), paymentStatus };
}

/**
 * The report a row's status stands on. Rows written before reports were kept stand on an answer seen at
 * their last update (no gateway time), which any newer report or any final outweighs.
 */
function heldReport(row: TransactionRecord | undefined): StatusReport | null {
  if (!row?.paymentStatus) return null;
  return (
    row.statusReport ?? {
      status: row.paymentStatus,
      statusCode: row.returnStatus?.statusCode ?? null,
      source: 'answer',
      gatewayAt: null,
      observedAt: row.updatedAt,
      id: '',
    }
  );
}

/** What the gateway's answers alone say about the row's payment (notifications left out); null when none did. */
export function answeredReport(row: TransactionRecord): StatusReport | null {
  return row.answerReport ?? (row.statusReport ? null : heldReport(row));
}

/** True when `report` decides the row's status over the one it holds (transaction-state.ts ordering). */
function decides(row: TransactionRecord | undefined, report: StatusReport): boolean {
  return preferredReport(heldReport(row), report) === report;
}

/**
 * Folds newer facts into a row. The status is the shared derivation's (transaction-state.ts): weighed by
 * gateway time against the report the row holds, finals sticking, so History and the Orders card agree.
 */
export function mergeFacts(
  existing: TransactionRecord | undefined,
  facts: TransactionFacts,
  profile: ProfileInfo,
  source: TransactionSource,
): TransactionRecord | undefined {
  if (!existing && !facts.mayCreateRow) return undefined;
  const base: TransactionRecord = existing ?? {
    key: facts.key,
    transactionId: facts.transactionId,
    merchantTransactionId: null,
    profileId: profile.id,
    profileName: profile.name,
    environment: profile.environment,
    variant: profile.variant,
    amount: null,
    currency: null,
    methods: [],
    paymentStatus: null,
    statusKey: STATUS_NOT_SEEN,
    returnStatus: null,
    expiry: null,
    createdAt: facts.observedAt,
    updatedAt: facts.observedAt,
    reference: null,
    referenceEntity: null,
    maskedPhone: null,
    source,
  };
  const newer = !existing || facts.observedAt >= existing.updatedAt;
  const statusKey = facts.statusKey ?? null;
  const report = facts.statusReport;
  const decided = report !== null && decides(existing, report);
  // A row first recorded before its profile was known gets the profile's labels once it is.
  const labels =
    profile.id === base.profileId && profile.environment !== UNKNOWN_ENVIRONMENT
      ? { profileName: profile.name, environment: profile.environment, variant: profile.variant ?? base.variant }
      : {};
  return {
    ...base,
    ...labels,
    merchantTransactionId: facts.merchantTransactionId ?? base.merchantTransactionId,
    amount: facts.amount ?? base.amount,
    currency: facts.currency ?? base.currency,
    methods: [...new Set([...base.methods, ...facts.methods])],
    paymentMethod: (newer && facts.paymentMethod) || base.paymentMethod || facts.paymentMethod || null,
    ...customerSearch(facts, profile),
    paymentStatus: decided && report ? report.status : base.paymentStatus,
    // Without any status, a create that ended unanswered still marks the row (OutcomeUnknown).
    statusKey:
      decided && report ? report.status : !base.paymentStatus && newer && statusKey ? statusKey : base.statusKey,
    ...(decided && report ? { statusReport: report } : {}),
    ...(report && existing ? { answerReport: preferredReport(answeredReport(existing), report)! } : {}),
    ...(report && !existing ? { answerReport: report } : {}),
    returnStatus: newer && facts.returnStatus ? facts.returnStatus : base.returnStatus,
    declineReason:
      (decided && declineReasonFrom(facts.paymentStatus, facts.returnStatus)) || (base.declineReason ?? null),
    expiry: facts.expiry ?? base.expiry,
    reference: facts.reference ?? base.reference,
    referenceEntity: facts.referenceEntity ?? base.referenceEntity,
    maskedPhone: facts.maskedPhone ?? base.maskedPhone,
    createdAt: Math.min(base.createdAt, facts.observedAt),
    updatedAt: Math.max(base.updatedAt, facts.observedAt),
    source: strongerSource(base.source, source),
  };
}

/** The search fields of the order's customer, masked as its profile requires; nothing when the exchange has none. */
function customerSearch(facts: TransactionFacts, profile: ProfileInfo): Partial<CustomerSearchFields> {
  if (!facts.customer || (!facts.customer.email && !facts.customer.phone)) return {};
  // A profile the console does not know yet is treated as guarded: masked is the safe side.
  const guarded = masksCustomerData(profile) || profile.environment === UNKNOWN_ENVIRONMENT;
  return customerSearchFields(facts.customer, guarded);
}

/**
 * Records one Exchange. `source` says what a new row is marked as when the exchange creates one
 * ('created' for orders made here; a status answer for a transaction not yet in history is 'looked-up').
 */
export async function recordExchange(
  db: HistoryDb,
  exchange: Exchange,
  profiles: ProfileLookup,
): Promise<RecordOutcome> {
  const facts = factsFromExchange(exchange);
  return db.transaction('rw', [db.transactions, db.exchanges, db.exchangeBodies, db.quarantine], async () => {
    const transactionKey = facts?.key ?? transactionIdOf(exchange);
    const before = transactionKey ? await readForUpdate(db, transactionKey) : undefined;
    if (await db.exchanges.get(exchange.id)) return { duplicate: true, before, after: before };
    const after = foldExchange(before, exchange, facts, profiles);
    if (after && after !== before) await db.transactions.put(after);
    const { row, body } = splitExchange(exchange, transactionKey);
    await db.exchanges.put(row);
    await db.exchangeBodies.put(body);
    return { duplicate: false, before, after };
  });
}

/** What one exchange makes of its transaction's row (undefined when it makes none). */
function foldExchange(
  before: TransactionRecord | undefined,
  exchange: Exchange,
  facts: TransactionFacts | null,
  profiles: ProfileLookup,
): TransactionRecord | undefined {
  const source: TransactionSource = exchange.operation === 'createOrder' ? 'created' : 'looked-up';
  const profile = (exchange.profileId && profiles(exchange.profileId)) || UNKNOWN_PROFILE(exchange.profileId);
  const merged = facts ? mergeFacts(before, facts, profile, source) : before;
  // A row a scenario run's call created keeps that run (main stamped the exchange): History marks it.
  if (merged && !before && exchange.from === 'shop')
    return exchange.shopSource?.via === 'proxy'
      ? { ...merged, fromShop: true, viaProxy: true }
      : { ...merged, fromShop: true };
  return merged && !before && exchange.qaRun ? { ...merged, qaRun: exchange.qaRun } : merged;
}

/**
 * Records many Exchanges, in the order given, in one database transaction: what rebuilding History from
 * main's record needs (a page of the journal at a time). Same result as `recordExchange` for each in turn,
 * exchanges already stored included (skipped); returns how many were new.
 */
export async function recordExchanges(db: HistoryDb, exchanges: Exchange[], profiles: ProfileLookup): Promise<number> {
  const outcomes = await recordExchangeBatch(db, exchanges, profiles);
  return outcomes.filter((outcome) => !outcome.duplicate).length;
}

/**
 * `recordExchange` for each of many Exchanges in turn, in one database transaction (a transaction costs far
 * more than a row): each outcome is what `recordExchange` would have returned at that point.
 */
export async function recordExchangeBatch(
  db: HistoryDb,
  exchanges: readonly Exchange[],
  profiles: ProfileLookup,
): Promise<RecordOutcome[]> {
  if (exchanges.length === 0) return [];
  const planned = exchanges.map((exchange) => {
    const facts = factsFromExchange(exchange);
    return { exchange, facts, transactionKey: facts?.key ?? transactionIdOf(exchange) };
  });
  return db.transaction('rw', [db.transactions, db.exchanges, db.exchangeBodies, db.quarantine], async () => {
    const keys = [...new Set(planned.map((plan) => plan.transactionKey).filter((key): key is string => key !== null))];
    // Requests of one transaction are queued together: each awaited alone would cost a round of the event loop.
    const [stored, read] = await Promise.all([
      db.exchanges.bulkGet(exchanges.map((exchange) => exchange.id)),
      db.transactions.bulkGet(keys),
    ]);
    const seen = new Set(exchanges.filter((_, at) => stored[at] !== undefined).map((exchange) => exchange.id));
    const found = read.filter((row): row is TransactionRecord => row !== undefined);
    const rows = new Map<string, TransactionRecord>();
    for (const row of await validateRows(db, 'transactions', transactionRecordSchema, found)) rows.set(row.key, row);
    const changed = new Set<string>();
    const exchangeRows: ExchangeRecord[] = [];
    const bodies: ExchangeBodyRecord[] = [];
    const outcomes = planned.map(({ exchange, facts, transactionKey }): RecordOutcome => {
      const before = transactionKey === null ? undefined : rows.get(transactionKey);
      if (seen.has(exchange.id)) return { duplicate: true, before, after: before };
      seen.add(exchange.id);
      const after = foldExchange(before, exchange, facts, profiles);
      if (after && after !== before) {
        rows.set(after.key, after);
        changed.add(after.key);
      }
      const { row, body } = splitExchange(exchange, transactionKey);
      exchangeRows.push(row);
      bodies.push(body);
      return { duplicate: false, before, after };
    });
    await Promise.all([
      db.transactions.bulkPut([...changed].map((key) => rows.get(key) as TransactionRecord)),
      db.exchanges.bulkPut(exchangeRows),
      db.exchangeBodies.bulkPut(bodies),
    ]);
    return outcomes;
  });
}

/**
 * Folds a notification the receiver accepted into its transaction's row at once: its status is weighed
 * against the row's by gateway time like any answer (transaction-state.ts), so History says what the
 * Orders card says without waiting for a status query. A notification about an older change, or an open
 * status after a final one, changes nothing but may still explain the current status (its decline reason).
 * Call inside a transaction that includes `transactions`.
 */
export async function noteNotificationStatus(
  db: HistoryDb,
  transactionId: string | null,
  report: StatusReport | null,
  returnStatus: { statusCode?: string | null; statusMsg?: string | null } | null | undefined,
): Promise<void> {
  if (!transactionId || !report) return;
  const row = await readForUpdate(db, transactionId);
  if (!row) return;
  const reason = declineReasonFrom(report.status, returnStatus);
  if (decides(row, report)) {
    await db.transactions.put({
      ...row,
      paymentStatus: report.status,
      statusKey: report.status,
      statusReport: report,
      declineReason: reason ?? (report.status === row.paymentStatus ? (row.declineReason ?? null) : null),
      updatedAt: Math.max(row.updatedAt, report.observedAt),
    });
  } else if (reason && report.status === row.paymentStatus) {
    await db.transactions.put({ ...row, declineReason: reason });
  }
}

/** Reads a row about to be updated; an invalid one is quarantined (inside the same transaction) first. */
async function readForUpdate(db: HistoryDb, key: string): Promise<TransactionRecord | undefined> {
  const raw = await db.transactions.get(key);
  if (raw === undefined) return undefined;
  return (await validateRows(db, 'transactions', transactionRecordSchema, [raw]))[0];
}
