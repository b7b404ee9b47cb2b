/**
 * A gateway clock offset is read from each answer's Date header, which states whole seconds. Two calls on
 * a clock nobody moved can therefore read offsets a second apart (the moment in its second each header was
 * written, the time each answer took), and a screen placing each call by its own offset would show a call
 * before the one it followed. Taken in the order the calls started, an offset within the header's
 * resolution of the one in force is that clock still; a larger difference is the clock moved (a Sandbox
 * moved +1 h).
 */

/** The Date header's resolution: offsets this close are one clock. */
const DATE_HEADER_RESOLUTION_MS = 1_000;

/** Each item's offset as screens place it on the gateway's clock (see above), by item. */
export function steadyClockOffsets<T>(
  items: readonly T[],
  startedAtMs: (item: T) => number,
  offsetMs: (item: T) => number,
): Map<T, number> {
  const steady = new Map<T, number>();
  let current: number | null = null;
  for (const item of [...items].sort((one, other) => startedAtMs(one) - startedAtMs(other))) {
    const read = offsetMs(item);
    // A record whose offset is not a number states no clock: it keeps the one in force, and never becomes
    // the clock every later call is compared with.
    if (!Number.isFinite(read)) {
      steady.set(item, current ?? 0);
      continue;
    }
    if (current === null || Math.abs(read - current) > DATE_HEADER_RESOLUTION_MS) current = read;
    steady.set(item, current);
  }
  return steady;
}

/**
 * The steadied offset in force at a local instant, for what carries no Date header of its own (a
 * notification): that of the latest item started by then, the earliest one's before any. `steady` is a
 * map `steadyClockOffsets` returned (its items in the order they started).
 */
export function offsetInForceAt<T>(
  steady: ReadonlyMap<T, number>,
  startedAtMs: (item: T) => number,
  localMs: number,
): number {
  let offset: number | undefined;
  for (const [item, itemOffset] of steady)
    if (offset === undefined || startedAtMs(item) <= localMs) offset = itemOffset;
  return offset ?? 0;
}
