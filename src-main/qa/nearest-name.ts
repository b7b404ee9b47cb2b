/**
 * "Did you mean …?" for scenario files: the known field nearest to a misspelt one. A suggestion is only
 * made when it is close (a typo, a wrong case), never a guess that would send the tester elsewhere.
 */
import { z } from 'zod';

/** Edit distance (insert, delete, substitute, swap two neighbours), case-insensitive. */
function distance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  const rows: number[][] = Array.from({ length: x.length + 1 }, (_, i) =>
    Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= x.length; i++)
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  return rows[x.length]![y.length]!;
}

/** The candidate nearest to `word` when it is within a typo's reach (a third of its length, at least 1). */
export function nearestName(word: string, candidates: Iterable<string>): string | null {
  const reach = Math.max(1, Math.floor(word.length / 3));
  let best: { name: string; distance: number } | null = null;
  for (const name of candidates) {
    if (name === word) continue;
    const d = distance(word, name);
    if (d <= reach && (best === null || d < best.distance)) best = { name, distance: d };
  }
  return best?.name ?? null;
}

/** `, did you mean "x"?` or nothing: appended to an unknown-field problem. */
export function didYouMean(word: string, candidates: Iterable<string>): string {
  const nearest = nearestName(word, candidates);
  return nearest === null ? '' : ` (did you mean ${nearest}?)`;
}

/** The field names a schema accepts at `path` (through optional, default, union, array and record layers). */
export function knownKeysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  const inner = (current: z.ZodType): z.ZodType[] => {
    if (current instanceof z.ZodOptional || current instanceof z.ZodNullable || current instanceof z.ZodDefault)
      return inner(current.unwrap() as z.ZodType);
    if (current instanceof z.ZodUnion) return (current.options as z.ZodType[]).flatMap(inner);
    return [current];
  };
  let layer = inner(schema);
  for (const key of path) {
    layer = layer.flatMap((current) => {
      if (current instanceof z.ZodObject) {
        const field = (current.shape as Record<string, z.ZodType>)[String(key)];
        return field && Object.hasOwn(current.shape, String(key)) ? inner(field) : [];
      }
      if (current instanceof z.ZodArray) return inner(current.element as z.ZodType);
      if (current instanceof z.ZodRecord) return inner(current.valueType as z.ZodType);
      return [];
    });
  }
  return [...new Set(layer.flatMap((current) => (current instanceof z.ZodObject ? Object.keys(current.shape) : [])))];
}
