/**
 * A shop world's reset as History sees it (main's record entry `shopReset`): the shop's calls on that world
 * kept before the reset leave History, with the rows of transactions nothing else is left of. Exchange rows
 * have no index on their source, so they are found with one pass (resets are rare, the pass is cheap).
 */
import type { HistoryDb } from './history-db';
import type { ExchangeRecord } from './records';

/** The record seq a shop call's exchange was made from (its id is `shop-<seq>`, shop-exchange.ts). */
const recordSeqOf = (row: ExchangeRecord): number => Number(/^shop-(\d+)$/.exec(row.id)?.[1] ?? Infinity);

export async function forgetShopWorld(db: HistoryDb, worldId: string, beforeSeq: number): Promise<number> {
  return db.transaction('rw', [db.transactions, db.exchanges, db.exchangeBodies], async () => {
    const gone = await db.exchanges
      .filter((row) => row.from === 'shop' && row.shopSource?.worldId === worldId && recordSeqOf(row) < beforeSeq)
      .toArray();
    if (gone.length === 0) return 0;
    const ids = gone.map((row) => row.id);
    await db.exchangeBodies.bulkDelete(ids);
    await db.exchanges.bulkDelete(ids);
    const keys = [...new Set(gone.map((row) => row.transactionKey).filter((key): key is string => key !== null))];
    // A transaction row goes only when none of its exchanges is left (the console may have called it too).
    const kept = new Set(
      (await db.exchanges.where('transactionKey').anyOf(keys).toArray()).map((row) => row.transactionKey),
    );
    await db.transactions.bulkDelete(keys.filter((key) => !kept.has(key)));
    return ids.length;
  });
}
