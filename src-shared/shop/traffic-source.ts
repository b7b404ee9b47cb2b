/**
 * Where a shop's traffic came from: one simulator world, or one recording-proxy session forwarding to a test
 * environment (issue 29 §4). Each is a shop talking to its own gateway, so the findings and the go-live
 * checklist judge each source on its own: an order id used on the world and again through the proxy is no
 * reuse, and a Declined seen through the proxy says nothing about how the shop handles the world's.
 */
import type { ShopTrafficEntry } from './traffic';

export interface TrafficSource {
  via: ShopTrafficEntry['via'];
  /** The world's id, or the proxy session's. */
  worldId: string;
}

export const sourceOf = (entry: Pick<ShopTrafficEntry, 'via' | 'worldId'>): TrafficSource => ({
  via: entry.via,
  worldId: entry.worldId,
});

export const sameSource = (a: TrafficSource, b: TrafficSource): boolean => a.via === b.via && a.worldId === b.worldId;

/** A key that tells sources apart (a proxy session's id could equal a world's). */
export const sourceKey = (source: TrafficSource): string => `${source.via}:${source.worldId}`;

/** The source in English, for the reports and the CLI (the renderer words it from its own catalogue). */
export const sourceTitle = (source: TrafficSource): string =>
  source.via === 'world' ? `simulator world "${source.worldId}"` : `recording proxy session "${source.worldId}"`;

/** `items` grouped by the source of their traffic entry, sources in the order they first appear. */
export function splitBySource<T>(
  items: readonly T[],
  entryOf: (item: T) => Pick<ShopTrafficEntry, 'via' | 'worldId'>,
): Array<{ source: TrafficSource; items: T[] }> {
  const groups = new Map<string, { source: TrafficSource; items: T[] }>();
  for (const item of items) {
    const source = sourceOf(entryOf(item));
    const key = sourceKey(source);
    const group = groups.get(key) ?? { source, items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  return [...groups.values()];
}
