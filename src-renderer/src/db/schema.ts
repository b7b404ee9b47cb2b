/**
 * The history database's schema as an ordered list of versions. Each entry is applied with Dexie's
 * `version(n).stores(...).upgrade(...)`; earlier entries are never edited once released, a change is a new
 * entry (Dexie needs every old version declared to upgrade users who skipped some).
 *
 * Index notes (why these): every list query sorts by time and pages by keyset, so each filter that can
 * drive a query has a compound index ending in `createdAt+key` (`key` makes the order total, so a
 * cursor `(createdAt, key)` is exact even when two rows share a millisecond). Method, amount and
 * multi-status filters are applied to rows streamed from the best of these indexes.
 */
import type { Dexie, Transaction } from 'dexie';

export interface SchemaVersion {
  version: number;
  stores: Record<string, string | null>;
  /** Rewrites existing rows for this version; runs once, inside the upgrade transaction. */
  upgrade?: (tx: Transaction) => Promise<unknown> | void;
}

export const HISTORY_SCHEMA: readonly SchemaVersion[] = [
  {
    version: 1,
    stores: {
      transactions: [
        'key',
        'transactionId',
        'merchantTransactionId',
        'reference',
        '[createdAt+key]',
        '[profileId+createdAt+key]',
        '[environment+createdAt+key]',
        '[statusKey+createdAt+key]',
        '[profileId+statusKey+createdAt+key]',
      ].join(', '),
      exchanges: 'id, transactionKey, [transactionKey+startedAtMs], startedAtMs',
      exchangeBodies: 'exchangeId',
      notifications: 'id, [transactionId+receivedAt], receivedAt',
      templates: 'id, name, updatedAt',
      quarantine: '++id, table, quarantinedAt',
    },
    // Version 1 creates the stores; there is nothing older to convert.
    upgrade: undefined,
  },
  {
    version: 2,
    // Support desk case notes, one per transaction (key = the transactions row key); `ticket` is
    // indexed so a ticket reference typed into the History search finds its transaction.
    stores: { caseNotes: 'transactionKey, ticket, updatedAt' },
    // A new, empty store: no existing row needs rewriting. Declared explicitly so the step is visible.
    upgrade: async () => undefined,
  },
  {
    version: 3,
    // The customer's e-mail and phone, indexed so a search by them walks only the rows that carry one
    // (an index holds no row without the field) instead of every transaction: any text of six digits or
    // more — a Multibanco reference, a numeric order id — also reads as a phone.
    stores: {
      transactions: [
        'key',
        'transactionId',
        'merchantTransactionId',
        'reference',
        'customerEmail',
        'customerPhone',
        '[createdAt+key]',
        '[profileId+createdAt+key]',
        '[environment+createdAt+key]',
        '[statusKey+createdAt+key]',
        '[profileId+statusKey+createdAt+key]',
      ].join(', '),
    },
    // IndexedDB fills the new indexes from the existing rows itself: no row needs rewriting.
    upgrade: async () => undefined,
  },
  {
    version: 4,
    // History is an index of main's record: one row (key `record`) says which journal it was built from
    // and the last seq it holds, so a page catches up from there (or rebuilds when the journal changed).
    stores: { recordIndex: 'key' },
    // A new, empty store: an existing History gets its cursor on the next catch-up (exchanges dedup by id).
    upgrade: async () => undefined,
  },
];

export function applySchema(db: Dexie, schema: readonly SchemaVersion[]): void {
  for (const step of schema) {
    const version = db.version(step.version).stores(step.stores);
    if (step.upgrade) version.upgrade(step.upgrade);
  }
}
