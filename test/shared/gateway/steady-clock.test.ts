import { describe, expect, it } from 'vitest';
import { offsetInForceAt, steadyClockOffsets } from '@shared/gateway/steady-clock';

interface Call {
  name: string;
  startedAtMs: number;
  offsetMs: number;
}
const steady = (calls: Call[]) => {
  const placed = steadyClockOffsets(
    calls,
    (call) => call.startedAtMs,
    (call) => call.offsetMs,
  );
  return calls.map((call) => placed.get(call));
};

describe('offsets read from whole-second Date headers', () => {
  it('reads offsets within a second of the one in force as that clock, in the order the calls started', () => {
    // Listed out of order: the second call is compared with the first that started, not the first listed.
    expect(
      steady([
        { name: 'action', startedAtMs: 1_400, offsetMs: 29_000 },
        { name: 'create', startedAtMs: 1_000, offsetMs: 30_000 },
        { name: 'moved', startedAtMs: 9_000, offsetMs: 3_630_000 },
      ]),
    ).toEqual([30_000, 30_000, 3_630_000]);
  });

  it('a record whose offset is not a number keeps the clock in force and does not become it', () => {
    // A hostile or damaged record (NaN, Infinity) must not turn every later call's time into NaN.
    expect(
      steady([
        { name: 'create', startedAtMs: 0, offsetMs: 30_000 },
        { name: 'damaged', startedAtMs: 100, offsetMs: Number.NaN },
        { name: 'huge', startedAtMs: 200, offsetMs: Number.POSITIVE_INFINITY },
        { name: 'status', startedAtMs: 300, offsetMs: 29_000 },
      ]),
    ).toEqual([30_000, 30_000, 30_000, 30_000]);
    expect(steady([{ name: 'alone', startedAtMs: 0, offsetMs: Number.NaN }])).toEqual([0]);
  });

  it('places what carries no header (a notification) on the clock of the latest call started by then', () => {
    const calls = [
      { name: 'moved', startedAtMs: 9_000, offsetMs: 3_600_000 },
      { name: 'create', startedAtMs: 1_000, offsetMs: 30_000 },
      { name: 'action', startedAtMs: 1_400, offsetMs: 29_000 },
    ];
    const placed = steadyClockOffsets(
      calls,
      (call) => call.startedAtMs,
      (call) => call.offsetMs,
    );
    const at = (localMs: number) => offsetInForceAt(placed, (call) => call.startedAtMs, localMs);
    // Before any call: the earliest call's clock; between the action and the move: the steadied +30 s.
    expect([at(0), at(1_200), at(5_000), at(9_000)]).toEqual([30_000, 30_000, 30_000, 3_600_000]);
    expect(offsetInForceAt(new Map<Call, number>(), (call) => call.startedAtMs, 5_000)).toBe(0);
  });
});
