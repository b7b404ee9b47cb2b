/** Keeping history bounded: "clear older than" and the max-age / max-count retention settings. */
import { Dexie } from 'dexie';
import type { HistoryDb } from './history-db';

export interface RetentionSettings {
  /** Days to keep; null = forever. */
  maxAgeDays: number | null;
  /** Most transactions to keep (the oldest go first); null = no limit. */
  maxCount: number | null;
}

export const DEFAULT_RETENTION: RetentionSettings = { maxAgeDays: null, maxCount: null };
const DAY_MS = 86_400_000;
/** Deletes the given transactions with their exchanges and bodies, in one transaction. */
async function deleteTransactions(db: HistoryDb, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.transaction('rw', [db.transactions, db.exchanges, db.exchangeBodies], async () => {
    const exchangeIds = await db.exchanges.where('transactionKey').anyOf(keys).primaryKeys();
    await db.exchangeBodies.bulkDelete(exchangeIds);
    await db.exchanges.bulkDelete(exchangeIds);
    await db.transactions.bulkDelete(keys);
  });
}

/** Deletes transactions created before `cutoff` (epoch ms) and exchanges started before it. Returns rows removed. */
export async function clearOlderThan(db: HistoryDb, cutoff: number): Promise<number> {
  const keys = await db.transactions
    .where('[createdAt+key]')
    .between([-Infinity, Dexie.minKey], [cutoff, Dexie.minKey])
    .primaryKeys();
  await deleteTransactions(db, keys);
  // Exchanges that belong to no row (refused creates, lookups of unknown ids) age out on their own time.
  const stray = await db.exchanges.where('startedAtMs').below(cutoff).primaryKeys();
  await db.transaction('rw', [db.exchanges, db.exchangeBodies], async () => {
    await db.exchangeBodies.bulkDelete(stray);
    await db.exchanges.bulkDelete(stray);
  });
  return keys.length;
}

export async function applyRetention(db: HistoryDb, settings: RetentionSettings, now = Date.now()): Promise<number> {
  let removed = 0;
  if (settings.maxAgeDays !== null) removed += await clearOlderThan(db, now - settings.maxAgeDays * DAY_MS);
  if (settings.maxCount !== null) {
    const excess = (await db.transactions.count()) - settings.maxCount;
    if (excess > 0) {
      const keys = await db.transactions.orderBy('[createdAt+key]').limit(excess).primaryKeys();
      await deleteTransactions(db, keys);
      removed += keys.length;
    }
  }
  return removed;
}
