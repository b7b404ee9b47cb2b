/**
 * The console's Sandbox worlds (architecture rule 15): besides the user's own Sandbox (the simulator's default
 * world), the demo, each scenario run and, on request, a QA session get a world of their own, so none
 * of them moves the user's transactions or clock. A world is reached through two managed profiles whose
 * base path is the world's (`/worlds/<id>/api`), with the Sandbox's credentials (same origin).
 * Pure: main and the renderer name worlds and their profiles the same way.
 */
import { z } from 'zod';

/** The simulator's world ids: lower-case letters, digits and `-` (never a path, never an object key). */
export const WORLD_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;
export const worldIdSchema = z.string().regex(WORLD_ID_PATTERN);

export const WORLD_KINDS = ['demo', 'run', 'session', 'shop'] as const;
export type WorldKind = (typeof WORLD_KINDS)[number];

/** The one demo world: Start demo makes it afresh, End demo discards it. */
export const DEMO_WORLD_ID = 'demo';

/**
 * The world a merchant's own shop under test is pointed at (issue 29): made once and kept across restarts
 * (its address and credentials stay what the shop was configured with), never discarded by a start.
 */
export const SHOP_WORLD_ID = 'shop';

const PROFILE_PREFIX = 'world-';
const PROFILE_ID = /^world-([a-z0-9][a-z0-9-]{0,39})-(a|b)$/;

/** The managed profile that reaches `worldId` as Variant `variant`. */
export const worldProfileId = (worldId: string, variant: 'A' | 'B'): string =>
  `${PROFILE_PREFIX}${worldId}-${variant.toLowerCase()}`;

/** The world a profile id reaches, or null for every other profile (the user's Sandbox, real gateways). */
export function worldOfProfileId(profileId: string): string | null {
  const match = PROFILE_ID.exec(profileId);
  return match ? match[1]! : null;
}

/**
 * A run's or session's world id from its own id: the kind, then its first 12 letters and digits (ids are
 * UUIDs). Null when the id has none: outside text never becomes a world id as it is.
 */
export function worldIdFor(kind: Exclude<WorldKind, 'demo'>, ownerId: string): string | null {
  const key = ownerId
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 12);
  return key ? `${kind}-${key}` : null;
}

/** Which of the console's kinds a world id is (null: a world the console did not make, e.g. a CI shard's). */
export function worldKindOf(worldId: string): WorldKind | null {
  if (worldId === DEMO_WORLD_ID) return 'demo';
  if (worldId === SHOP_WORLD_ID) return 'shop';
  if (/^run-[a-z0-9]{1,12}$/.test(worldId)) return 'run';
  if (/^session-[a-z0-9]{1,12}$/.test(worldId)) return 'session';
  return null;
}
