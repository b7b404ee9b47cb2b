import { Dexie, type Table } from 'dexie';
import type {
  CaseNoteRecord,
  ExchangeBodyRecord,
  ExchangeRecord,
  NotificationRecord,
  QuarantineRecord,
  TemplateRecord,
  TransactionRecord,
} from './records';
import { applySchema, HISTORY_SCHEMA, type SchemaVersion } from './schema';

/** The one row of the recordIndex table: where this History stands in main's record (record-cursor.ts). */
export interface RecordIndexRow {
  key: string;
  journalId: string;
  seq: number;
}

export const HISTORY_DB_NAME = 'gateway-console-history';

/**
 * The renderer's IndexedDB. Tables are typed for writing; reads go through the repositories, which
 * validate every row (rows written by older versions or imported may not match the types).
 */
export class HistoryDb extends Dexie {
  transactions!: Table<TransactionRecord, string>;
  exchanges!: Table<ExchangeRecord, string>;
  exchangeBodies!: Table<ExchangeBodyRecord, string>;
  notifications!: Table<NotificationRecord, string>;
  templates!: Table<TemplateRecord, string>;
  quarantine!: Table<QuarantineRecord, number>;
  caseNotes!: Table<CaseNoteRecord, string>;
  recordIndex!: Table<RecordIndexRow, string>;

  constructor(name: string = HISTORY_DB_NAME, schema: readonly SchemaVersion[] = HISTORY_SCHEMA) {
    // History is a log the gateway can replay (status queries): relaxed durability lets Chromium batch
    // disk flushes, which makes bulk writes (imports, bulk refresh) several times faster.
    super(name, { chromeTransactionDurability: 'relaxed' });
    applySchema(this, schema);
  }
}

let shared: HistoryDb | null = null;

/** The app's single database connection. */
export function useHistoryDb(): HistoryDb {
  shared ??= new HistoryDb();
  return shared;
}
