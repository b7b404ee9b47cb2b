/**
 * Which order the Orders screen shows, per profile: the id of the last create-order exchange sent from
 * it. Only this pointer is kept (in localStorage, so reload and restart keep it); the card itself is read
 * back from history, where the exchange and everything that followed it are recorded.
 */
const STORAGE_KEY = 'gateway-console.orders.last-created';

export interface LastOrder {
  /** The create-order exchange (its transaction's follow-ups hang off its transactionID). */
  exchangeId: string;
  transactionId: string | null;
}

type LastOrders = Record<string, LastOrder>;

function readAll(storage: Storage): LastOrders {
  try {
    const value: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}');
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as LastOrders) : {};
  } catch {
    return {};
  }
}

export function readLastOrder(profileId: string, storage: Storage = localStorage): LastOrder | null {
  const found = readAll(storage)[profileId];
  return found && typeof found.exchangeId === 'string'
    ? {
        exchangeId: found.exchangeId,
        transactionId: typeof found.transactionId === 'string' ? found.transactionId : null,
      }
    : null;
}

export function writeLastOrder(profileId: string, last: LastOrder, storage: Storage = localStorage): void {
  storage.setItem(STORAGE_KEY, JSON.stringify({ ...readAll(storage), [profileId]: last }));
}

/** Forgets the pointers of these profiles (Reset Sandbox removes their orders from history). */
export function forgetLastOrders(profileIds: readonly string[], storage: Storage = localStorage): void {
  const all = readAll(storage);
  for (const id of profileIds) delete all[id];
  storage.setItem(STORAGE_KEY, JSON.stringify(all));
}
