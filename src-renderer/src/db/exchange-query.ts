import { Dexie } from 'dexie';
import { exchangeSchema, type Exchange } from '@shared/exchange';
import type { HistoryDb } from './history-db';
import { validateRows } from './quarantine';
import {
  exchangeBodyRecordSchema,
  exchangeRecordSchema,
  notificationRecordSchema,
  type ExchangeRecord,
  type NotificationRecord,
} from './records';

/** A transaction's exchanges, oldest first (list rows only, no bodies). */
export async function exchangesOf(db: HistoryDb, transactionKey: string): Promise<ExchangeRecord[]> {
  const rows = await db.exchanges
    .where('[transactionKey+startedAtMs]')
    .between([transactionKey, Dexie.minKey], [transactionKey, Dexie.maxKey])
    .toArray();
  return validateRows(db, 'exchanges', exchangeRecordSchema, rows);
}

export async function notificationsOf(db: HistoryDb, transactionId: string): Promise<NotificationRecord[]> {
  const rows = await db.notifications
    .where('[transactionId+receivedAt]')
    .between([transactionId, Dexie.minKey], [transactionId, Dexie.maxKey])
    .toArray();
  return validateRows(db, 'notifications', notificationRecordSchema, rows);
}

/** The whole Exchange again (row + bodies; a truncated body stays truncated and is flagged on the row). */
export async function loadExchange(db: HistoryDb, id: string): Promise<Exchange | undefined> {
  const [rawRow, rawBody] = await Promise.all([db.exchanges.get(id), db.exchangeBodies.get(id)]);
  if (!rawRow) return undefined;
  const [row] = await validateRows(db, 'exchanges', exchangeRecordSchema, [rawRow]);
  const [body] = rawBody ? await validateRows(db, 'exchangeBodies', exchangeBodyRecordSchema, [rawBody]) : [];
  if (!row) return undefined;
  return joinExchange(row, body?.request?.text ?? null, body?.response?.text ?? '');
}

// Parsing with the Exchange schema (minus bodies) strips the list-row-only fields.
const exchangeHeadSchema = exchangeSchema.omit({ request: true, response: true });

export function joinExchange(row: ExchangeRecord, requestBody: string | null, responseBody: string): Exchange {
  return {
    ...exchangeHeadSchema.parse(row),
    request: { headers: row.request.headers, body: requestBody },
    response: row.response ? { ...row.response, bodyText: responseBody } : null,
  };
}

/**
 * Everything recorded about one transaction, whole (bodies included), oldest first: what the order card
 * derives its state from. A transaction has a handful of exchanges (a long poll a few dozen), so
 * loading the bodies is cheap.
 */
export async function loadTransactionRecord(
  db: HistoryDb,
  transactionId: string,
): Promise<{ exchanges: Exchange[]; notifications: NotificationRecord[] }> {
  const [rows, notifications] = await Promise.all([exchangesOf(db, transactionId), notificationsOf(db, transactionId)]);
  const bodies = await db.exchangeBodies.bulkGet(rows.map((row) => row.id));
  const valid = await validateRows(
    db,
    'exchangeBodies',
    exchangeBodyRecordSchema,
    bodies.filter((body) => body !== undefined),
  );
  const byId = new Map(valid.map((body) => [body.exchangeId, body]));
  const exchanges = rows.map((row) => {
    const body = byId.get(row.id);
    return joinExchange(row, body?.request?.text ?? null, body?.response?.text ?? '');
  });
  return { exchanges, notifications };
}

/**
 * The newest exchanges started at or after `sinceMs`, newest first, as list rows (no bodies): what the
 * inspector lists as "this session", read back so that a reload keeps it.
 */
export async function exchangesSince(db: HistoryDb, sinceMs: number, limit: number): Promise<ExchangeRecord[]> {
  const rows = await db.exchanges.where('startedAtMs').aboveOrEqual(sinceMs).reverse().limit(limit).toArray();
  return validateRows(db, 'exchanges', exchangeRecordSchema, rows);
}
