/**
 * How main reaches a world's shop traffic log (issue 29): the simulator's world captures every call the
 * shop makes and every notification it sends the shop; main reads it from here, in-process.
 */
import type { SimWorld } from '../simulator';
import type { ShopTrafficEntry, ShopTrafficPage } from '@shared/shop/traffic';

/** A world's bounded traffic log, as the simulator keeps it (`SimWorld.traffic`). */
export interface ShopTrafficLog {
  since(after: number, limit?: number): ShopTrafficPage;
  /** Calls `listener` with each entry as it is captured; returns the unsubscribe. */
  subscribe(listener: (entry: ShopTrafficEntry) => void): () => void;
  clear(): void;
  recording: boolean;
}

/** The world's traffic log, or null on a simulator that does not capture traffic. */
export function trafficOf(world: SimWorld): ShopTrafficLog | null {
  return (world as SimWorld & { traffic?: ShopTrafficLog }).traffic ?? null;
}
