/**
 * Everything history holds about one environment's transactions (Reset Sandbox): its rows, their
 * exchanges and bodies, and their notifications — and nothing of any other environment. Rows are picked
 * by their `environment` (so a Sandbox profile deleted since still counts); exchanges by the rows they
 * belong to or by the environment's profiles (a refused create has no row); notifications by transaction
 * or by the profile whose secret decrypted them.
 */
import { Dexie } from 'dexie';
import type { HistoryDb } from './history-db';

export interface EnvironmentRecordCounts {
  transactions: number;
  exchanges: number;
  notifications: number;
}

interface Selection {
  transactionKeys: string[];
  exchangeIds: string[];
  notificationIds: string[];
}

/**
 * Which of the environment's rows belong to what is cleared, by their profile: the Sandbox environment
 * holds the user's Sandbox and the console's other worlds (demo, runs, sessions), and clearing one never
 * clears another. Absent: every row of the environment.
 */
export type RowProfileFilter = (profileId: string) => boolean;

async function select(
  db: HistoryDb,
  environment: string | null,
  profileIds: readonly string[],
  rowProfile: RowProfileFilter = () => true,
): Promise<Selection> {
  const rows =
    environment === null
      ? db.transactions.toCollection()
      : db.transactions
          .where('[environment+createdAt+key]')
          .between([environment, -Infinity, Dexie.minKey], [environment, Infinity, Dexie.maxKey]);
  const transactionKeys = (await rows.filter((row) => rowProfile(row.profileId)).primaryKeys()) as string[];
  const keys = new Set(transactionKeys);
  const profiles = new Set(profileIds);
  // A full pass over the exchanges: unattributed ones (transactionKey null) have no index to find them by,
  // and a reset is rare enough to afford it.
  const exchangeIds = (await db.exchanges
    .filter((row) => (row.transactionKey !== null && keys.has(row.transactionKey)) || profiles.has(row.profileId ?? ''))
    .primaryKeys()) as string[];
  const notificationIds = (await db.notifications
    .filter((row) => {
      const deliveryProfile = (row.delivery as { profileId?: unknown } | undefined)?.profileId;
      return (
        (row.transactionId !== null && keys.has(row.transactionId)) ||
        (typeof deliveryProfile === 'string' && profiles.has(deliveryProfile))
      );
    })
    .primaryKeys()) as string[];
  return { transactionKeys, exchangeIds, notificationIds };
}

export async function countEnvironmentRecords(
  db: HistoryDb,
  environment: string | null,
  profileIds: readonly string[],
  rowProfile?: RowProfileFilter,
): Promise<EnvironmentRecordCounts> {
  const found = await select(db, environment, profileIds, rowProfile);
  return {
    transactions: found.transactionKeys.length,
    exchanges: found.exchangeIds.length,
    notifications: found.notificationIds.length,
  };
}

/** Removes them in one transaction (all or nothing) and says how many of each went. */
/** `environment` null: rows of any environment (still only those `rowProfile` accepts). */
export async function clearEnvironmentRecords(
  db: HistoryDb,
  environment: string | null,
  profileIds: readonly string[],
  rowProfile?: RowProfileFilter,
): Promise<EnvironmentRecordCounts> {
  return db.transaction('rw', [db.transactions, db.exchanges, db.exchangeBodies, db.notifications], async () => {
    const found = await select(db, environment, profileIds, rowProfile);
    await db.transactions.bulkDelete(found.transactionKeys);
    await db.exchanges.bulkDelete(found.exchangeIds);
    await db.exchangeBodies.bulkDelete(found.exchangeIds);
    await db.notifications.bulkDelete(found.notificationIds);
    return {
      transactions: found.transactionKeys.length,
      exchanges: found.exchangeIds.length,
      notifications: found.notificationIds.length,
    };
  });
}
